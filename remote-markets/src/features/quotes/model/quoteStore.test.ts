import { QuoteStore } from './quoteStore';
import { fromCryptoWire } from './quote';
import { CRYPTO } from '../../../testing/fixtures';

describe('QuoteStore', () => {
  const [btc, eth] = CRYPTO.map(fromCryptoWire) as [
    ReturnType<typeof fromCryptoWire>,
    ReturnType<typeof fromCryptoWire>,
  ];

  it('applies a burst of updates once per frame and tells only the changed rows', () => {
    const frames: Array<() => void> = [];
    jest.spyOn(window, 'requestAnimationFrame').mockImplementation((cb) => {
      frames.push(() => cb(0));
      return frames.length;
    });
    const store = new QuoteStore(0);
    store.setAll([btc, eth]);
    const onBtc = jest.fn();
    const onEth = jest.fn();
    const onAny = jest.fn();
    store.subscribeRow(1, onBtc);
    store.subscribeRow(2, onEth);
    store.subscribe(onAny);

    store.push({ ...btc, price: '1' });
    store.push({ ...btc, price: '2' });
    store.push({ ...btc, price: '3' });
    expect(frames).toHaveLength(1);
    expect(store.get(1)?.price).toBe('65000.00');

    frames[0]!();
    expect(store.get(1)?.price).toBe('3');
    expect(onBtc).toHaveBeenCalledTimes(1);
    expect(onEth).not.toHaveBeenCalled();
    expect(onAny).toHaveBeenCalledTimes(1);
  });

  it('ignores instruments that are not in the list and keeps ids stable across updates', () => {
    const store = new QuoteStore(0);
    store.setAll([btc]);
    const ids = store.ids();
    store.push({ ...eth });
    store.push({ ...btc, price: '9' });
    store.flush();
    expect(store.get(2)).toBeUndefined();
    expect(store.ids()).toBe(ids);
    expect(store.get(1)?.price).toBe('9');
  });
});
