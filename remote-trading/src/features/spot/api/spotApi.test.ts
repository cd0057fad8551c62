// The pending list's order: buys and sells merged newest first, answered at the network edge (fetch).
import { mockFetch } from '@app/shared/testing';
import { spotList, spotOrder } from '../../../testing/fixtures';
import { loadPending } from './spotApi';

const at = (time: string) => `2026-11-22T${time}.000Z`;

describe('loadPending', () => {
  it('merges pending buys and sells newest first, the higher id first within one instant', async () => {
    const net = mockFetch({
      'POST /api/transaction_in': () =>
        spotList([
          spotOrder({ id: 3, type: 'in', direction: 'buy', create_time: at('08:00:09') }),
          spotOrder({ id: 12, type: 'in', direction: 'buy', create_time: at('08:00:10') }),
          spotOrder({ id: 2, type: 'in', direction: 'buy', create_time: at('07:59:59') }),
        ]),
      'POST /api/transaction_out': () =>
        spotList([
          spotOrder({ id: 9, type: 'out', direction: 'sell', create_time: at('08:00:10') }),
          spotOrder({ id: 4, type: 'out', direction: 'sell', create_time: at('08:00:09') }),
          spotOrder({ id: 100, type: 'out', direction: 'sell', create_time: at('08:00:09') }),
        ]),
    });
    try {
      const rows = await loadPending(1);
      expect(rows.map((r) => [r.id, r.create_time.slice(11, 19)])).toEqual([
        [12, '08:00:10'],
        [9, '08:00:10'],
        [100, '08:00:09'],
        [4, '08:00:09'],
        [3, '08:00:09'],
        [2, '07:59:59'],
      ]);
    } finally {
      net.restore();
    }
  });

  it('sorts without localeCompare (its first call builds the ICU collator: ~30 ms on a phone)', async () => {
    const localeCompare = jest.spyOn(String.prototype, 'localeCompare');
    const net = mockFetch({
      'POST /api/transaction_in': () => spotList([spotOrder({ id: 1, create_time: at('08:00:00') })]),
      'POST /api/transaction_out': () => spotList([spotOrder({ id: 2, create_time: at('08:00:01') })]),
    });
    try {
      expect((await loadPending(1)).map((r) => r.id)).toEqual([2, 1]);
      expect(localeCompare).not.toHaveBeenCalled();
    } finally {
      net.restore();
      localeCompare.mockRestore();
    }
  });
});
