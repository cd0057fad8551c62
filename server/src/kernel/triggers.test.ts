import { Random } from '../market/random';
import { TriggerBook } from './triggers';

describe('TriggerBook', () => {
  it('fires exactly the live triggers a price crosses, like a full scan would', () => {
    const random = new Random(3, 1, 4, 1);
    const book = new TriggerBook<number>();
    const live = new Map<
      number,
      { side: 'below' | 'above'; key: number; entry: ReturnType<typeof book.add> }
    >();
    let next = 0;
    for (let round = 0; round < 2000; round += 1) {
      // Add a few, remove a few, then fire at a random price and compare with a brute-force scan.
      for (let i = 0; i < 5; i += 1) {
        const side = random.uniform() < 0.5 ? 'below' : 'above';
        const key = 1000 + Math.floor(random.uniform() * 200);
        const id = next++;
        live.set(id, { side, key, entry: book.add(side, key, id) });
      }
      for (const [id, t] of live) {
        if (random.uniform() < 0.05) {
          book.remove(t.entry);
          live.delete(id);
        }
      }
      const price = 1000 + Math.floor(random.uniform() * 200);
      const expected = [...live]
        .filter(([, t]) => (t.side === 'below' ? price <= t.key : price >= t.key))
        .map(([id]) => id)
        .sort((a, b) => a - b);
      const fired = book.fire(price).sort((a, b) => a - b);
      expect(fired).toEqual(expected);
      for (const id of fired) live.delete(id);
      expect(book.size).toBe(live.size);
    }
  });
});
