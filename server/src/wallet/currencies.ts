import type { Db } from '../core/db';

export interface Currency {
  id: number;
  name: string;
  precision: number;
  /** Price in USDT as a decimal string. */
  usdt_price: string;
}

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
];

export const USDT_ID = 3;

export function seedCurrencies(db: Db): void {
  const insert = db.prepare(
    'INSERT OR IGNORE INTO currencies (id, name, precision, usdt_price, sorts) VALUES (?, ?, ?, ?, ?)',
  );
  SEED_CURRENCIES.forEach((c, i) => insert.run(c.id, c.name, c.precision, c.usdt_price, i + 1));
}

export function listCurrencies(db: Db): Currency[] {
  return db
    .prepare('SELECT id, name, precision, usdt_price FROM currencies ORDER BY sorts, id')
    .all() as Currency[];
}

/** A currency by id (number or digits) or by name (case-insensitive). */
export function findCurrency(db: Db, idOrName: string | number): Currency | undefined {
  const value = String(idOrName).trim();
  const sql = /^\d+$/.test(value)
    ? 'SELECT id, name, precision, usdt_price FROM currencies WHERE id = ?'
    : 'SELECT id, name, precision, usdt_price FROM currencies WHERE name = ? COLLATE NOCASE';
  return db.prepare(sql).get(/^\d+$/.test(value) ? Number(value) : value) as Currency | undefined;
}
