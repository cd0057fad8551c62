import { arrangeQuotes, matchesSearch, nextSort } from './arrange';
import { quoteFromWire, type MarketQuote } from '@app/shared';
import { CRYPTO } from '../../../testing/fixtures';

const quotes = CRYPTO.map((w) => quoteFromWire(0, w) as MarketQuote); // BTC 1.50 / 2361, ETH -2.25 / 34690, XRP 0.00 / 72000000, LTC 3.10 / 500
const none = new Set<string>();
const names = (ids: number[]) => ids.map((id) => quotes.find((q) => q.currencyId === id)?.name);

describe('arrangeQuotes', () => {
  it('keeps the server order by default', () => {
    expect(names(arrangeQuotes(quotes, { query: '', sort: null, favourites: none }))).toEqual([
      'BTC',
      'ETH',
      'XRP',
      'LTC',
    ]);
  });

  it('sorts by change, descending and ascending, on decimal values', () => {
    expect(
      names(
        arrangeQuotes(quotes, { query: '', sort: { key: 'change', direction: 'desc' }, favourites: none }),
      ),
    ).toEqual(['LTC', 'BTC', 'XRP', 'ETH']);
    expect(
      names(
        arrangeQuotes(quotes, { query: '', sort: { key: 'change', direction: 'asc' }, favourites: none }),
      ),
    ).toEqual(['ETH', 'XRP', 'BTC', 'LTC']);
  });

  it('sorts by volume', () => {
    expect(
      names(
        arrangeQuotes(quotes, { query: '', sort: { key: 'volume', direction: 'desc' }, favourites: none }),
      ),
    ).toEqual(['XRP', 'ETH', 'BTC', 'LTC']);
  });

  it('filters by name, case and separators ignored', () => {
    expect(names(arrangeQuotes(quotes, { query: 'eth', sort: null, favourites: none }))).toEqual(['ETH']);
    expect(names(arrangeQuotes(quotes, { query: 'btc/usdt', sort: null, favourites: none }))).toEqual([
      'BTC',
    ]);
    expect(names(arrangeQuotes(quotes, { query: 'nothing', sort: null, favourites: none }))).toEqual([]);
    expect(matchesSearch(quotes[0]!, '  ')).toBe(true);
  });

  it('puts favourites first, each group in the chosen order', () => {
    const favourites = new Set(['XRP/USDT', 'ETH/USDT']);
    expect(names(arrangeQuotes(quotes, { query: '', sort: null, favourites }))).toEqual([
      'ETH',
      'XRP',
      'BTC',
      'LTC',
    ]);
    expect(
      names(arrangeQuotes(quotes, { query: '', sort: { key: 'change', direction: 'desc' }, favourites })),
    ).toEqual(['XRP', 'ETH', 'LTC', 'BTC']);
  });
});

describe('nextSort', () => {
  it('cycles descending, ascending, off, and restarts on another column', () => {
    const desc = nextSort(null, 'change');
    expect(desc).toEqual({ key: 'change', direction: 'desc' });
    const asc = nextSort(desc, 'change');
    expect(asc).toEqual({ key: 'change', direction: 'asc' });
    expect(nextSort(asc, 'change')).toBeNull();
    expect(nextSort(asc, 'volume')).toEqual({ key: 'volume', direction: 'desc' });
  });
});
