// Leveraged contract calls (typed and parsed by the contract) and the lever_trade channel (doc 1 §7;
// server/API.md).
import { call } from '@app/shared';
import type { AnswerOf, ChannelPayload } from '@app/contract';
import type { LeverPriceMode, LeverType } from '../model/lever';

/** Contract info and balances (`POST /api/lever/deal`). */
export type LeverDeal = AnswerOf<'POST /api/lever/deal'>;

/** A leveraged order as every call and the lever_trade channel answer it. */
export type LeverRow = AnswerOf<'POST /api/lever/close'>;

/** status of my_trade: 0 current (pending), 1 holding, 3 closed, 4 revoked (doc 1 §4). */
export type LeverListStatus = LeverRow['status'];

type LeverTradePayload = ChannelPayload<'lever_trade'>;

/** A lever_trade event with its two JSON-text lists read (null when absent or unreadable). */
export interface LeverTradeEvent {
  event: LeverTradePayload['event'] | '';
  id: LeverTradePayload['id'];
  order: LeverTradePayload['order'];
  holding: LeverRow[] | null;
  pending: LeverRow[] | null;
}

function parseRows(text: unknown): LeverRow[] | null {
  if (Array.isArray(text)) return text as LeverRow[];
  if (typeof text !== 'string') return null;
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? (value as LeverRow[]) : null;
  } catch {
    return null;
  }
}

/** lever_trade payload: trades_all (holding rows) and trades_entrust (pending rows) are JSON text. */
export function leverEventFromPayload(payload: unknown): LeverTradeEvent | null {
  if (typeof payload !== 'object' || payload === null) return null;
  const r = payload as Record<string, unknown>;
  return {
    event: typeof r.event === 'string' ? (r.event as LeverTradeEvent['event']) : '',
    id: typeof r.id === 'number' ? r.id : null,
    order: typeof r.order === 'object' && r.order !== null ? (r.order as LeverRow) : null,
    holding: parseRows(r.trades_all),
    pending: parseRows(r.trades_entrust),
  };
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
