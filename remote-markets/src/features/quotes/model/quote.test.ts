import {
  fromCryptoWire,
  fromFuturesWire,
  futuresChangePercent,
  futuresColor,
  parseMarketTab,
  quoteFromPayload,
} from './quote';
import { CRYPTO, futuresWire } from '../../../testing/fixtures';

describe('metals and futures change percent (doc 1 §3)', () => {
  it('is (new_price - last_close) / last_close x 100 with 2 decimals', () => {
    expect(futuresChangePercent('2196.56', '2194.29')).toBe('0.10');
    expect(futuresChangePercent('110', '100')).toBe('10.00');
    expect(futuresChangePercent('90', '100')).toBe('-10.00');
  });

  it('truncates instead of rounding', () => {
    // 1.999% and -1.999% stay 1.99 / -1.99
    expect(futuresChangePercent('101.999', '100')).toBe('1.99');
    expect(futuresChangePercent('98.001', '100')).toBe('-1.99');
    // -0.004% is zero, not "-0.00"
    expect(futuresChangePercent('99.996', '100')).toBe('0.00');
  });

  it('works on decimals exactly (no float drift)', () => {
    expect(futuresChangePercent('0.3', '0.1')).toBe('200.00');
    expect(futuresChangePercent('27.776', '27.808')).toBe('-0.11');
  });

  it('is 0.00 without a usable last close', () => {
    expect(futuresChangePercent('10', '0')).toBe('0.00');
    expect(futuresChangePercent('10', '')).toBe('0.00');
  });
});

describe('metals and futures colour (doc 1 §3)', () => {
  it('is 0 when the open equals the new price, whatever the close', () => {
    expect(futuresColor('100.00', '100', '90')).toBe(0);
  });
  it('is 1 when up on the last close, else -1', () => {
    expect(futuresColor('95', '101', '100')).toBe(1);
    expect(futuresColor('105', '99', '100')).toBe(-1);
    expect(futuresColor('105', '100', '100')).toBe(-1);
  });
});

describe('quotes from the wire', () => {
  it('keeps crypto fields and the server colour', () => {
    const q = fromCryptoWire(CRYPTO[1]!);
    expect(q).toMatchObject({
      tab: 0,
      id: 2,
      currencyId: 2,
      name: 'ETH',
      symbol: 'ETH/USDT',
      price: '3200.10',
      change: '-2.25',
      color: -1,
      inTrade: true,
    });
  });

  it('computes change and colour of a future locally and reads inTrade', () => {
    const q = fromFuturesWire(
      futuresWire('XAUUSD', 21, 101, { new_price: '110', last_close: '100', open_price: '105', inTrade: 0 }),
      1,
    );
    expect(q).toMatchObject({
      tab: 1,
      name: 'XAUUSD',
      symbol: 'XAUUSD',
      change: '10.00',
      color: 1,
      inTrade: false,
    });
  });

  it('reads channel payloads of the right kind only', () => {
    expect(quoteFromPayload(0, CRYPTO[0])?.price).toBe('65000.00');
    expect(quoteFromPayload(1, CRYPTO[0])).toBeNull();
    expect(quoteFromPayload(2, futuresWire('USOIL', 25, 201))?.tab).toBe(2);
    expect(quoteFromPayload(0, 'nonsense')).toBeNull();
  });

  it('parses stored tabs', () => {
    expect(parseMarketTab('2')).toBe(2);
    expect(parseMarketTab('7')).toBe(0);
    expect(parseMarketTab(null)).toBe(0);
  });
});
