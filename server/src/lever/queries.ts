import type { Selectable } from 'kysely';
import { forUpdate, queryDialect, type DB } from '../db';
import { compiledQuery } from '../db/compiled';
import { USDT_ID } from '../kernel';

/**
 * The statements of a lever submission and close, built and compiled once per dialect
 * (db/compiled.ts) instead of through Kysely's builder and compiler on every call: the same SQL,
 * run with each call's values.
 */

export type OrderRow = Selectable<DB['lever_orders']>;

/** An order row as a submission writes it (what it does not set stays NULL). */
export type NewOrderRow = Pick<
  OrderRow,
  | 'user_id'
  | 'instrument_id'
  | 'type'
  | 'order_mode'
  | 'status'
  | 'share'
  | 'multiple'
  | 'per_hand'
  | 'spread'
  | 'fee_rate'
  | 'origin_price'
  | 'price'
  | 'target_price'
  | 'margin'
  | 'fee'
  | 'liquidation_price'
  | 'created_at'
  | 'opened_at'
  | 'open_seq'
>;

/** The user's lever USDT balance row, locked until the transaction ends (PostgreSQL: FOR UPDATE). */
export const lockLeverBalance = compiledQuery((q, v: { userId: number }) =>
  forUpdate(
    { dialect: queryDialect(q) },
    q
      .selectFrom('wallet_balances')
      .select(['available', 'locked'])
      .where('user_id', '=', v.userId)
      .where('wallet_type', '=', 'lever')
      .where('currency_id', '=', USDT_ID),
  ),
);

/** Ids of the user's pending or holding orders, at most `shape` of them. */
export const openOrderIds = compiledQuery((q, v: { userId: number }, shape) =>
  q
    .selectFrom('lever_orders')
    .select('id')
    .where('user_id', '=', v.userId)
    .where('status', 'in', [0, 1])
    .limit(shape),
);

export const insertOrder = compiledQuery((q, v: NewOrderRow) =>
  q
    .insertInto('lever_orders')
    .values({
      user_id: v.user_id,
      instrument_id: v.instrument_id,
      type: v.type,
      order_mode: v.order_mode,
      status: v.status,
      share: v.share,
      multiple: v.multiple,
      per_hand: v.per_hand,
      spread: v.spread,
      fee_rate: v.fee_rate,
      origin_price: v.origin_price,
      price: v.price,
      target_price: v.target_price,
      margin: v.margin,
      fee: v.fee,
      liquidation_price: v.liquidation_price,
      created_at: v.created_at,
      opened_at: v.opened_at,
      open_seq: v.open_seq,
    })
    .returning('id'),
);

export const orderById = compiledQuery((q, v: { id: number }) =>
  q.selectFrom('lever_orders').selectAll().where('id', '=', v.id),
);

/** Moves a holding order to closed (status 1 to 3); no row changed when it no longer holds. */
export const closeHolding = compiledQuery(
  (q, v: Pick<OrderRow, 'id' | 'close_price' | 'profits' | 'close_reason' | 'completed_at' | 'close_seq'>) =>
    q
      .updateTable('lever_orders')
      .set({
        status: 3,
        close_price: v.close_price,
        profits: v.profits,
        close_reason: v.close_reason,
        completed_at: v.completed_at,
        close_seq: v.close_seq,
      })
      .where('id', '=', v.id)
      .where('status', '=', 1),
);
