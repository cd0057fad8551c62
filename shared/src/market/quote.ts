// One quote shape for every market screen (lists, tiles, chart header, trade screens), read
// from quotation_new / daymarket (crypto) and futureslist / futures (metals, futures)
// (doc 1 §1, §3). Decimal text throughout (exact decimal helpers, ../decimal/decimal).
import { compareDecimals, mulDivTruncated, subtractDecimals } from '../decimal/decimal';
import type { MarketPair, MarketTab } from './pair';

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
  /** Change percent, decimal text ("-0.18"). */
  change: string;
  color: QuoteColor;
  open: string;
  high: string;
  low: string;
  volume: string;
  /** Percent added to (long) or taken from (short) the price of a leveraged order. */
  spread: string;
  /** Leveraged trading fee, percent of the notional. */
  leverFee: string;
  /** Base quantity of one hand (lever_share_num). */
  shareNum: string;
  /** Trading hours: false outside them (metals and futures; crypto always trades). */
  inTrade: boolean;
}

type Wire = Record<string, unknown>;

const text = (value: unknown, fallback = ''): string =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : fallback;

function asColor(value: unknown): QuoteColor {
  const n = Number(value);
  return n > 0 ? 1 : n < 0 ? -1 : 0;
}

/**
 * Change percent of metals and futures, computed locally (doc 1 §3):
 * (new_price - last_close) / last_close x 100, 2 decimals, truncated (never rounded).
 */
export function futuresChangePercent(newPrice: string, lastClose: string): string {
  return mulDivTruncated(subtractDecimals(newPrice, lastClose), 100, lastClose, 2) ?? '0.00';
}

/** Colour of metals and futures (doc 1 §3): 0 if open equals the new price, else 1 if up, else -1. */
export function futuresColor(openPrice: string, newPrice: string, lastClose: string): QuoteColor {
  if (compareDecimals(openPrice, newPrice) === 0) return 0;
  return compareDecimals(newPrice, lastClose) === 1 ? 1 : -1;
}

/**
 * A list entry or channel payload of `tab` as a quote; null when it is not one (another tab's
 * shape, no instrument id, no price).
 */
export function quoteFromWire(tab: MarketTab, payload: unknown): MarketQuote | null {
  if (typeof payload !== 'object' || payload === null) return null;
  const w = payload as Wire;
  if (typeof w.currency_id !== 'number' && typeof w.currency_id !== 'string') return null;
  const currencyId = Number(w.currency_id);
  if (!Number.isFinite(currencyId)) return null;
  const common = {
    id: Number(w.id),
    currencyId,
    legalId: Number(w.legal_id ?? 3),
    logo: text(w.logo),
    volume: text(w.volume),
    spread: text(w.spread, '0'),
    leverFee: text(w.lever_trade_fee, '0'),
    shareNum: text(w.lever_share_num, '1'),
  };
  if (tab === 0) {
    if (typeof w.now_price !== 'string') return null;
    const name = text(w.currency_name);
    const quote = text(w.legal_name) || 'USDT';
    return {
      ...common,
      tab,
      name,
      symbol: text(w.symbol) || `${name}/${quote}`,
      base: name,
      quote,
      title: name,
      price: w.now_price,
      change: text(w.change, '0'),
      color: asColor(w.color),
      open: text(w.open),
      high: text(w.high),
      low: text(w.low),
      inTrade: true,
    };
  }
  if (typeof w.new_price !== 'string') return null;
  const symbol = text(w.symbol);
  const price = w.new_price;
  const lastClose = text(w.last_close);
  const open = text(w.open_price);
  return {
    ...common,
    tab,
    name: symbol,
    symbol,
    base: symbol,
    quote: 'USD',
    title: text(w.name) || symbol,
    price,
    change: futuresChangePercent(price, lastClose),
    color: futuresColor(open, price, lastClose),
    open,
    high: text(w.high_price),
    low: text(w.low_price),
    inTrade: w.inTrade === undefined ? true : String(w.inTrade) !== '0',
  };
}

/** The live channel of a tab (doc 1 §7): daymarket for crypto, futures for metals and futures. */
export function quoteChannel(tab: MarketTab): 'daymarket' | 'futures' {
  return tab === 0 ? 'daymarket' : 'futures';
}

export function pairOfQuote(q: MarketQuote): MarketPair {
  return {
    tab: q.tab,
    currencyId: q.currencyId,
    matchId: q.id,
    legalId: q.legalId,
    name: q.name,
    symbol: q.symbol,
  };
}

/** Where the chart was opened from: its back button returns there (doc 1 §2). */
export type ChartOrigin = 'quotes' | 'exchange' | 'trade';

/**
 * The chart link (doc 1 §2): /kline with from, mode (when from is trade), the tab and the
 * header values as they are now, so the chart shows them before any request answers.
 */
export function klineUrl(
  tab: MarketTab,
  quote: MarketQuote | undefined,
  options: { from?: ChartOrigin; mode?: number } = {},
): string {
  const q = new URLSearchParams();
  if (options.from) q.set('from', options.from);
  if (options.from === 'trade' && options.mode !== undefined) q.set('mode', String(options.mode));
  q.set('hqtab', String(tab));
  if (quote) {
    q.set('nowPrice', quote.price);
    q.set('change', quote.change);
    q.set('high', quote.high);
    q.set('low', quote.low);
    q.set('vol', quote.volume);
  }
  return `/kline?${q.toString()}`;
}
