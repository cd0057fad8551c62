// Quotes of the three market tabs (doc 1 §1: 0 crypto, 1 precious metals, 2 futures), in one
// shape for lists, tiles and the chart header. Decimal strings throughout (bignumber.js).
import { toDecimal, truncate } from '@app/shared';

export type MarketTab = 0 | 1 | 2;
export const MARKET_TABS: readonly MarketTab[] = [0, 1, 2];

export function isMarketTab(value: unknown): value is MarketTab {
  return value === 0 || value === 1 || value === 2;
}

/** A stored or query value ("0", "1", "2") as a tab; anything else is crypto. */
export function parseMarketTab(value: string | null | undefined): MarketTab {
  const n = value === null || value === undefined || value === '' ? 0 : Number(value);
  return isMarketTab(n) ? n : 0;
}

/** 1 up, 0 flat, -1 down (doc 1 §3). */
export type QuoteColor = 1 | 0 | -1;

export interface MarketQuote {
  tab: MarketTab;
  /** The pair's id (match_id). */
  id: number;
  /** The instrument's currency id (currentCurrencyID); unique across tabs. */
  currencyId: number;
  legalId: number;
  /** What currentCurrency stores: BTC, XAUUSD. */
  name: string;
  /** The chart symbol: BTC/USDT for crypto, XAUUSD for metals and futures. */
  symbol: string;
  /** Base and quote as shown: BTC / USDT, XAUUSD / USD. */
  base: string;
  quote: string;
  /** A longer name where there is one (Gold). */
  title: string;
  logo: string;
  price: string;
  /** Change percent, decimal text ("1.23"). */
  change: string;
  color: QuoteColor;
  open: string;
  high: string;
  low: string;
  volume: string;
  /** Trading hours: false outside them (metals and futures; crypto always trades). */
  inTrade: boolean;
}

/** Quote (crypto) as quotation_new and the daymarket channel carry it (doc 1 §3). */
export interface CryptoQuoteWire {
  id: number;
  currency_id: number;
  legal_id: number;
  currency_name: string;
  legal_name: string;
  symbol?: string;
  logo?: string;
  now_price: string;
  change: string;
  volume: string;
  high: string;
  low: string;
  open: string;
  color: number;
}

/** Quote (futures/metals) as futureslist and the futures channel carry it (doc 1 §3). */
export interface FuturesQuoteWire {
  id: number;
  currency_id: number;
  legal_id?: number;
  symbol: string;
  name?: string;
  logo?: string;
  new_price: string;
  last_close: string;
  open_price: string;
  high_price: string;
  low_price: string;
  volume: string;
  inTrade?: number | string;
}

function asColor(value: number): QuoteColor {
  return value > 0 ? 1 : value < 0 ? -1 : 0;
}

/**
 * Change percent of metals and futures, computed locally (doc 1 §3):
 * (new_price - last_close) / last_close x 100, 2 decimals, truncated (never rounded).
 */
export function futuresChangePercent(newPrice: string, lastClose: string): string {
  const close = toDecimal(lastClose);
  const now = toDecimal(newPrice);
  if (!close.isFinite() || !now.isFinite() || close.isZero()) return '0.00';
  return truncate(now.minus(close).div(close).times(100), 2);
}

/** Colour of metals and futures (doc 1 §3): 0 if open equals the new price, else 1 if up, else -1. */
export function futuresColor(openPrice: string, newPrice: string, lastClose: string): QuoteColor {
  const now = toDecimal(newPrice);
  if (toDecimal(openPrice).eq(now)) return 0;
  return now.gt(toDecimal(lastClose)) ? 1 : -1;
}

export function fromCryptoWire(wire: CryptoQuoteWire): MarketQuote {
  const quote = wire.legal_name || 'USDT';
  return {
    tab: 0,
    id: wire.id,
    currencyId: wire.currency_id,
    legalId: wire.legal_id,
    name: wire.currency_name,
    symbol: wire.symbol || `${wire.currency_name}/${quote}`,
    base: wire.currency_name,
    quote,
    title: wire.currency_name,
    logo: wire.logo ?? '',
    price: wire.now_price,
    change: wire.change,
    color: asColor(Number(wire.color)),
    open: wire.open,
    high: wire.high,
    low: wire.low,
    volume: wire.volume,
    inTrade: true,
  };
}

export function fromFuturesWire(wire: FuturesQuoteWire, tab: 1 | 2): MarketQuote {
  return {
    tab,
    id: wire.id,
    currencyId: wire.currency_id,
    legalId: wire.legal_id ?? 3,
    name: wire.symbol,
    symbol: wire.symbol,
    base: wire.symbol,
    quote: 'USD',
    title: wire.name ?? wire.symbol,
    logo: wire.logo ?? '',
    price: wire.new_price,
    change: futuresChangePercent(wire.new_price, wire.last_close),
    color: futuresColor(wire.open_price, wire.new_price, wire.last_close),
    open: wire.open_price,
    high: wire.high_price,
    low: wire.low_price,
    volume: wire.volume,
    inTrade: wire.inTrade === undefined ? true : String(wire.inTrade) !== '0',
  };
}

/** The live channel of a tab (doc 1 §7): daymarket for crypto, futures for metals and futures. */
export function quoteChannel(tab: MarketTab): 'daymarket' | 'futures' {
  return tab === 0 ? 'daymarket' : 'futures';
}

/** A channel payload as a quote of `tab`, or null when it is not one. */
export function quoteFromPayload(tab: MarketTab, payload: unknown): MarketQuote | null {
  if (typeof payload !== 'object' || payload === null) return null;
  const record = payload as Record<string, unknown>;
  if (typeof record.currency_id !== 'number' && typeof record.currency_id !== 'string') return null;
  if (tab === 0) {
    if (typeof record.now_price !== 'string') return null;
    return fromCryptoWire({
      ...(record as unknown as CryptoQuoteWire),
      currency_id: Number(record.currency_id),
    });
  }
  if (typeof record.new_price !== 'string') return null;
  return fromFuturesWire(
    { ...(record as unknown as FuturesQuoteWire), currency_id: Number(record.currency_id) },
    tab,
  );
}
