import type { Q } from '../db';

/**
 * A wallet currency (table `currencies`). Ids are fixed by the spec (BTC 1, ETH 2, USDT 3, ...);
 * an instrument's id is its coin's currency id. This file imports nothing but types: the market
 * (instruments.ts) takes `USDT_ID` from here, below the rest of the kernel.
 */
export interface Currency {
  id: number;
  name: string;
  precision: number;
  /** Price in USDT as a decimal string. */
  usdt_price: string;
}

/** USDT: the quote currency of every instrument, the lever margin and the fiat desk's coin. */
export const USDT_ID = 3;

/** A wallet currency by id, read through the caller's connection or transaction. */
export async function currencyById(q: Q, id: number): Promise<Currency | undefined> {
  return q
    .selectFrom('currencies')
    .select(['id', 'name', 'precision', 'usdt_price'])
    .where('id', '=', id)
    .executeTakeFirst();
}
