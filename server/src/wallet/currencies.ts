import type { Q } from '../db';

import { type Currency, USDT_ID } from '../kernel';

export { type Currency, USDT_ID };

/** Ids are fixed by the spec: BTC 1, ETH 2, USDT 3, XRP 5, LTC 6, BCH 10, BEF 18 (launch token). */
export const SEED_CURRENCIES: readonly Currency[] = [
  { id: 1, name: 'BTC', precision: 8, usdt_price: '65000' },
  { id: 2, name: 'ETH', precision: 8, usdt_price: '3200' },
  { id: 3, name: 'USDT', precision: 8, usdt_price: '1' },
  { id: 5, name: 'XRP', precision: 6, usdt_price: '0.52' },
  { id: 6, name: 'LTC', precision: 8, usdt_price: '72' },
  { id: 10, name: 'BCH', precision: 8, usdt_price: '380' },
  // The launch token (issue 6; also inserted by migration 10 into older databases).
  { id: 18, name: 'BEF', precision: 8, usdt_price: '0.05' },
  // Every other coin the market quotes against USDT, so each crypto pair is spot-tradable and
  // its balances can be held (seed step `currencies-all-coins` adds them to older databases).
  { id: 11, name: 'SOL', precision: 8, usdt_price: '145' },
  { id: 12, name: 'DOGE', precision: 8, usdt_price: '0.15' },
  { id: 13, name: 'ADA', precision: 8, usdt_price: '0.45' },
  { id: 14, name: 'DOT', precision: 8, usdt_price: '6.5' },
  { id: 15, name: 'TRX', precision: 8, usdt_price: '0.12' },
  { id: 16, name: 'LINK', precision: 8, usdt_price: '14.5' },
  { id: 17, name: 'AVAX', precision: 8, usdt_price: '28' },
  { id: 19, name: 'MATIC', precision: 8, usdt_price: '0.55' },
  { id: 20, name: 'ATOM', precision: 8, usdt_price: '7.2' },
  { id: 21, name: 'UNI', precision: 8, usdt_price: '7.8' },
  { id: 22, name: 'FIL', precision: 8, usdt_price: '4.6' },
  { id: 23, name: 'ETC', precision: 8, usdt_price: '24' },
  { id: 24, name: 'XLM', precision: 8, usdt_price: '0.11' },
  { id: 25, name: 'NEAR', precision: 8, usdt_price: '5.2' },
];

export async function listCurrencies(q: Q): Promise<Currency[]> {
  return q
    .selectFrom('currencies')
    .select(['id', 'name', 'precision', 'usdt_price'])
    .orderBy('sorts')
    .orderBy('id')
    .execute();
}

/** A currency by id (number or digits) or by name (case-insensitive). */
export function findCurrency(q: Q, idOrName: string | number): Promise<Currency | undefined> {
  const value = String(idOrName).trim();
  const byId = /^\d+$/.test(value);
  const select = q.selectFrom('currencies').select(['id', 'name', 'precision', 'usdt_price']);
  if (byId) {
    const id = Number(value);
    return Number.isSafeInteger(id)
      ? select.where('id', '=', id).executeTakeFirst()
      : Promise.resolve(undefined);
  }
  return select.where((eb) => eb(eb.fn('lower', ['name']), '=', value.toLowerCase())).executeTakeFirst();
}
