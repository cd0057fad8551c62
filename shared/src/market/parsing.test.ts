import {
  futuresChangePercent,
  futuresColor,
  isNonTradingTime,
  klineUrl,
  parseMarketTab,
  quoteFromWire,
  storePair,
  storedPair,
  DEFAULT_PAIR,
  pairOfQuote,
} from '..';
import {
  bestPrice,
  buildBook,
  depthCurves,
  depthFromPayload,
  inTradeFromPayload,
  mergeTrades,
  tradeFromWire,
  tradesFromPayload,
  TRADES_KEPT,
} from './book';
import { cryptoQuote } from '../testing/quotes';

const BTC = cryptoQuote({
  change: '-2.25',
  volume: '2361.27',
  open: '64500.00',
  color: -1,
});
const GOLD = {
  id: 21,
  currency_id: 101,
  legal_id: 3,
  symbol: 'XAUUSD',
  name: 'Gold',
  logo: '',
  new_price: '110',
  last_close: '100',
  open_price: '105',
  high_price: '111',
  low_price: '99',
  volume: '935950.53',
  inTrade: 0,
};

describe('quotes from the wire (doc 1 §3)', () => {
  it('reads a crypto quote with the server colour and the leveraged trading fields', () => {
    expect(quoteFromWire(0, BTC)).toMatchObject({
      tab: 0,
      id: 1,
      currencyId: 1,
      name: 'BTC',
      symbol: 'BTC/USDT',
      base: 'BTC',
      quote: 'USDT',
      price: '65000.00',
      change: '-2.25',
      color: -1,
      spread: '0.05',
      leverFee: '0.1',
      shareNum: '0.01',
      inTrade: true,
    });
  });

  it('computes change and colour of a metal locally and reads inTrade', () => {
    expect(quoteFromWire(1, GOLD)).toMatchObject({
      tab: 1,
      name: 'XAUUSD',
      symbol: 'XAUUSD',
      title: 'Gold',
      quote: 'USD',
      change: '10.00',
      color: 1,
      inTrade: false,
      spread: '0',
      shareNum: '1',
    });
  });

  it('reads payloads of the right tab only', () => {
    expect(quoteFromWire(1, BTC)).toBeNull();
    expect(quoteFromWire(0, GOLD)).toBeNull();
    expect(quoteFromWire(0, { ...BTC, currency_id: undefined })).toBeNull();
    expect(quoteFromWire(0, 'nonsense')).toBeNull();
    expect(quoteFromWire(2, { ...GOLD, currency_id: '201' })?.currencyId).toBe(201);
  });

  it('futures change percent: (new - last close) / last close x 100, truncated, exact', () => {
    expect(futuresChangePercent('2196.56', '2194.29')).toBe('0.10');
    expect(futuresChangePercent('101.999', '100')).toBe('1.99');
    expect(futuresChangePercent('98.001', '100')).toBe('-1.99');
    expect(futuresChangePercent('99.996', '100')).toBe('0.00');
    expect(futuresChangePercent('0.3', '0.1')).toBe('200.00');
    expect(futuresChangePercent('10', '0')).toBe('0.00');
    expect(futuresChangePercent('10', '')).toBe('0.00');
  });

  it('futures colour: 0 when the open equals the price, else up or down on the last close', () => {
    expect(futuresColor('100.00', '100', '90')).toBe(0);
    expect(futuresColor('95', '101', '100')).toBe(1);
    expect(futuresColor('105', '99', '100')).toBe(-1);
  });
});

describe('the stored pair (doc 1 §3)', () => {
  beforeEach(() => window.localStorage.clear());

  it('is BTC until a valid pair is stored, and round-trips through the spec keys', () => {
    expect(storedPair()).toEqual(DEFAULT_PAIR);
    const gold = pairOfQuote(quoteFromWire(1, GOLD)!);
    storePair(gold);
    expect(window.localStorage.getItem('currentCurrency')).toBe('XAUUSD');
    expect(window.localStorage.getItem('currentCurrencyID')).toBe('101');
    expect(window.localStorage.getItem('match_id')).toBe('21');
    expect(window.localStorage.getItem('hqtab')).toBe('1');
    expect(storedPair()).toEqual(gold);
    // The chart's query names the tab.
    expect(storedPair(new URLSearchParams('hqtab=2')).tab).toBe(2);
    window.localStorage.setItem('currentCurrency', '<script>');
    expect(storedPair()).toEqual(DEFAULT_PAIR);
  });

  it('parses tabs and the non-trading-time rule (doc 1 §4)', () => {
    expect(parseMarketTab('2')).toBe(2);
    expect(parseMarketTab('7')).toBe(0);
    expect(parseMarketTab(null)).toBe(0);
    expect(isNonTradingTime(1, false)).toBe(true);
    expect(isNonTradingTime(0, false)).toBe(false);
    expect(isNonTradingTime(1, null)).toBe(false);
  });

  it('links the chart with its origin, mode and header values', () => {
    const q = quoteFromWire(0, BTC)!;
    expect(klineUrl(0, q, { from: 'trade', mode: 2 })).toBe(
      '/kline?from=trade&mode=2&hqtab=0&nowPrice=65000.00&change=-2.25&high=66000.00&low=64000.00&vol=2361.27',
    );
    expect(klineUrl(1, undefined, { from: 'exchange', mode: 2 })).toBe('/kline?from=exchange&hqtab=1');
  });
});

describe('the order book', () => {
  const wire = {
    bids: [
      ['99', '1'],
      ['100', '2'],
      ['98', '0'],
      ['bad', '1'],
      ['97', '3'],
    ],
    asks: [
      ['102', '1'],
      ['101', '3'],
    ],
  };

  it('keeps only published positive levels, best first, at most n a side, with cumulative depth', () => {
    const book = buildBook(depthFromPayload(wire)!, 2);
    expect(book.bids.map((l) => [l.price, l.total, l.depth])).toEqual([
      ['100', '2', '0.500'],
      ['99', '3', '0.750'],
    ]);
    expect(book.asks.map((l) => [l.price, l.total, l.depth])).toEqual([
      ['101', '3', '0.750'],
      ['102', '4', '1.000'],
    ]);
    expect(bestPrice(book, 'buy')).toBe('101');
    expect(bestPrice(book, 'sell')).toBe('100');
  });

  it('never invents levels', () => {
    expect(buildBook({ bids: [], asks: [] }, 6)).toEqual({ bids: [], asks: [] });
    expect(bestPrice(buildBook({ bids: [], asks: [] }, 6), 'buy')).toBeNull();
    expect(depthFromPayload({ foo: 1 })).toBeNull();
    expect(depthFromPayload({ bids: [['1', '2']], currency_id: 1 })).toEqual({
      bids: [['1', '2']],
      asks: [],
    });
  });

  it('gives the depth chart ascending cumulative curves', () => {
    const book = buildBook(
      {
        bids: [
          ['99', '1'],
          ['98', '2'],
        ],
        asks: [
          ['101', '1'],
          ['102', '0.5'],
        ],
      },
      10,
    );
    expect(depthCurves(book)).toEqual({
      bids: [
        ['98', '3'],
        ['99', '1'],
      ],
      asks: [
        ['101', '1'],
        ['102', '1.5'],
      ],
    });
  });
});

describe('recent trades (market_detail, newest 20 kept)', () => {
  const wire = (seq: number) => ({
    seq,
    price: `${seq}.00`,
    number: '1',
    way: seq % 2 ? 1 : 2,
    time: seq * 1000,
  });

  it('puts new trades first, without duplicates, and keeps 20', () => {
    const first = Array.from({ length: 15 }, (_, i) => tradeFromWire(wire(15 - i)));
    const next = mergeTrades(
      first,
      tradesFromPayload({ data: Array.from({ length: 10 }, (_, i) => wire(25 - i)) }),
    );
    expect(next).toHaveLength(TRADES_KEPT);
    expect(next[0]?.price).toBe('25.00');
    expect(next[TRADES_KEPT - 1]?.price).toBe('6.00');
    expect(mergeTrades(next, [tradeFromWire(wire(25))])).toEqual(next);
  });

  it('reads the taker side and the list answer; ignores what is not a trade', () => {
    expect(tradeFromWire(wire(1)).side).toBe('sell');
    expect(tradeFromWire(wire(2)).side).toBe('buy');
    expect(tradesFromPayload([wire(3), { price: 1 }])).toHaveLength(1);
    expect(tradesFromPayload('x')).toEqual([]);
  });
});

describe('trading hours (market_schedule_{currency})', () => {
  it('reads inTrade 1 / 0 and nothing else', () => {
    expect(inTradeFromPayload({ currency_id: 101, inTrade: 1 })).toBe(true);
    expect(inTradeFromPayload({ currency_id: 101, inTrade: '0' })).toBe(false);
    expect(inTradeFromPayload({ currency_id: 101 })).toBeNull();
    expect(inTradeFromPayload(null)).toBeNull();
  });
});
