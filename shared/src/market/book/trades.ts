// Recent tape trades (doc 1 §3: market_detail, newest 20 kept; new_tradehistory for the first list).

export const TRADES_KEPT = 20;

/** A trade as new_tradehistory and market_detail carry it. way: 1 sell, 2 buy; time epoch ms. */
export interface TradeWire {
  seq?: number;
  price: string;
  number: string;
  way: number;
  time: number;
}

export interface Trade {
  key: string;
  price: string;
  amount: string;
  /** Taker side: way 1 sell, 2 buy. */
  side: 'buy' | 'sell';
  /** Epoch ms. */
  time: number;
}

export function tradeFromWire(wire: TradeWire): Trade {
  return {
    key: wire.seq !== undefined ? String(wire.seq) : `${wire.time}:${wire.price}:${wire.number}`,
    price: wire.price,
    amount: wire.number,
    side: Number(wire.way) === 1 ? 'sell' : 'buy',
    time: wire.time,
  };
}

function isTradeWire(t: unknown): t is TradeWire {
  return (
    typeof t === 'object' &&
    t !== null &&
    typeof (t as TradeWire).price === 'string' &&
    typeof (t as TradeWire).number === 'string' &&
    typeof (t as TradeWire).time === 'number'
  );
}

/** The trades of a list answer, a market_detail payload ({data: [...]}) or one trade; else []. */
export function tradesFromPayload(payload: unknown): Trade[] {
  if (Array.isArray(payload)) return payload.filter(isTradeWire).map(tradeFromWire);
  if (typeof payload !== 'object' || payload === null) return [];
  const record = payload as { data?: unknown };
  const list = Array.isArray(record.data) ? record.data : [payload];
  return list.filter(isTradeWire).map(tradeFromWire);
}

/** New trades (newest first) in front of the list, no duplicates, newest 20 kept. */
export function mergeTrades(current: readonly Trade[], incoming: readonly Trade[]): Trade[] {
  const seen = new Set<string>();
  const out: Trade[] = [];
  for (const trade of [...incoming, ...current]) {
    if (seen.has(trade.key)) continue;
    seen.add(trade.key);
    out.push(trade);
  }
  return out.sort((a, b) => b.time - a.time).slice(0, TRADES_KEPT);
}
