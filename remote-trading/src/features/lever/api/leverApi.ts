// Leveraged contract calls (typed and parsed by the contract) and the lever_trade channel (doc 1 §7;
// server/API.md).
import { call } from '@app/shared';
import type { AnswerOf, ClientChannelPayload } from '@app/contract';
import type { LeverPriceMode, LeverType } from '../model/lever';

/** Contract info and balances (`POST /api/lever/deal`). */
export type LeverDeal = AnswerOf<'POST /api/lever/deal'>;

/** A leveraged order as every call and the lever_trade channel answer it. */
export type LeverRow = AnswerOf<'POST /api/lever/close'>;

/** status of my_trade: 0 current (pending), 1 holding, 3 closed, 4 revoked (doc 1 §4). */
export type LeverListStatus = LeverRow['status'];

type LeverTradePayload = ClientChannelPayload<'lever_trade'>;

/** A lever_trade event: the order it concerns and the owner's holding and pending rows after it. */
export interface LeverTradeEvent {
  event: LeverTradePayload['event'];
  id: LeverTradePayload['id'];
  order: LeverTradePayload['order'];
  holding: LeverRow[];
  pending: LeverRow[];
}

/** lever_trade as the socket hands it on (its two JSON-text lists already read by the contract). */
export function leverEventFromPayload(payload: LeverTradePayload): LeverTradeEvent {
  const { event, id, order, trades_all, trades_entrust } = payload;
  return { event, id, order, holding: trades_all, pending: trades_entrust };
}

export const leverApi = {
  deal: (body: { currency_id: number; legal_id: number }, signal?: AbortSignal): Promise<LeverDeal> =>
    call('POST /api/lever/deal', body, { signal }),
  myTrade: async (status: LeverListStatus, signal?: AbortSignal): Promise<LeverRow[]> =>
    (await call('POST /api/lever/my_trade', { status, legal_id: 3, page: 1, limit: 100 }, { signal })).message
      .data,
  submit: (body: {
    legal_id: number;
    currency_id: number;
    multiple: string;
    share: string;
    type: LeverType;
    status: LeverPriceMode;
    target_price: string;
    trade_type: number;
  }): Promise<LeverRow> => call('POST /api/lever/submit', body),
  /** 1 when the order cannot be acted on any more (doc 1 §7: then the action stops). */
  isLocked: async (id: number): Promise<boolean> => (await call('POST /api/lever/islocked', { id })) === 1,
  close: (id: number): Promise<LeverRow> => call('POST /api/lever/close', { id }),
  cancel: (id: number): Promise<LeverRow> => call('POST /api/lever/cancel', { id }),
  setStop: (body: { id: number; target_profit_price: string; stop_loss_price: string }): Promise<LeverRow> =>
    call('POST /api/lever/setstop', body),
};
