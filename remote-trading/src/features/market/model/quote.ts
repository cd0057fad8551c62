// One quote shape for the trade screens, from quotation_new / daymarket (crypto) and
// futureslist / futures (metals, futures) (doc 1 §3; server/API.md). Decimal text throughout.
import { toDecimal, truncate } from '@app/shared';
import type { MarketTab, TradePair } from './pair';

export interface TradeQuote {
  tab: MarketTab;
  id: number;
  currencyId: number;
  legalId: number;
  name: string;
  symbol: string;
  logo: string;
  price: string;
  /** Change percent as decimal text ("-0.18"). */
  change: string;
  high: string;
  low: string;
  volume: string;
  /** Percent added to (long) or taken from (short) the price of a leveraged order. */
  spread: string;
  /** Leveraged trading fee, percent of the notional. */
  leverFee: string;
  /** Base quantity of one hand (lever_share_num). */
  shareNum: string;
  inTrade: boolean;
}

type Wire = Record<string, unknown>;

const text = (value: unknown, fallback = ''): string =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : fallback;

/** (new_price - last_close) / last_close x 100, 2 decimals truncated (doc 1 §3). */
export function futuresChange(newPrice: string, lastClose: string): string {
  const close = toDecimal(lastClose);
  const now = toDecimal(newPrice);
  if (!close.isFinite() || !now.isFinite() || close.isZero()) return '0.00';
  return truncate(now.minus(close).div(close).times(100), 2);
}

export function quoteFromWire(tab: MarketTab, payload: unknown): TradeQuote | null {
  if (typeof payload !== 'object' || payload === null) return null;
  const w = payload as Wire;
  const currencyId = Number(w.currency_id);
  if (!Number.isFinite(currencyId)) return null;
  if (tab === 0) {
    if (w.now_price === undefined) return null;
    const name = text(w.currency_name);
    const legal = text(w.legal_name, 'USDT');
    return {
      tab,
      id: Number(w.id),
      currencyId,
      legalId: Number(w.legal_id ?? 3),
      name,
      symbol: text(w.symbol, `${name}/${legal}`),
      logo: text(w.logo),
      price: text(w.now_price),
      change: text(w.change, '0'),
      high: text(w.high),
      low: text(w.low),
      volume: text(w.volume),
      spread: text(w.spread, '0'),
      leverFee: text(w.lever_trade_fee, '0'),
      shareNum: text(w.lever_share_num, '1'),
      inTrade: true,
    };
  }
  if (w.new_price === undefined) return null;
  const symbol = text(w.symbol);
  const price = text(w.new_price);
  return {
    tab,
    id: Number(w.id),
    currencyId,
    legalId: Number(w.legal_id ?? 3),
    name: symbol,
    symbol,
    logo: text(w.logo),
    price,
    change: futuresChange(price, text(w.last_close)),
    high: text(w.high_price),
    low: text(w.low_price),
    volume: text(w.volume),
    spread: text(w.spread, '0'),
    leverFee: text(w.lever_trade_fee, '0'),
    shareNum: text(w.lever_share_num, '1'),
    inTrade: w.inTrade === undefined ? true : String(w.inTrade) !== '0',
  };
}

export function pairOfQuote(q: TradeQuote): TradePair {
  return {
    tab: q.tab,
    currencyId: q.currencyId,
    matchId: q.id,
    legalId: q.legalId,
    name: q.name,
    symbol: q.symbol,
  };
}

/** The live channel of a tab (doc 1 §7). */
export function quoteChannel(tab: MarketTab): 'daymarket' | 'futures' {
  return tab === 0 ? 'daymarket' : 'futures';
}

/** The chart link (doc 1 §2): /kline with from, mode (when from is trade) and the header values. */
export function klineUrl(
  quote: TradeQuote | undefined,
  pair: TradePair,
  from: 'exchange' | 'trade',
  mode?: number,
): string {
  const q = new URLSearchParams();
  q.set('from', from);
  if (from === 'trade' && mode !== undefined) q.set('mode', String(mode));
  q.set('hqtab', String(pair.tab));
  if (quote) {
    q.set('nowPrice', quote.price);
    q.set('change', quote.change);
    q.set('high', quote.high);
    q.set('low', quote.low);
    q.set('vol', quote.volume);
  }
  return `/kline?${q.toString()}`;
}
