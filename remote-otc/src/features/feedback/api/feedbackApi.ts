// Complaints (doc 2 §3, §7; server/API.md).
import { call } from '@app/shared';
import type { AnswerOf } from '@app/contract';

/**
 * A complaint as the contract answers it (`is_reply` 1 replied, 0 waiting); `content` is plain
 * text as typed (render as text, never HTML).
 */
export type Feedback = AnswerOf<'POST /api/feedback/detail'>;

export const FEEDBACK_LIMIT = 100;
export const FEEDBACK_MAX_LENGTH = 2000;

export const feedbackApi = {
  list: (signal?: AbortSignal): Promise<Feedback[]> =>
    call('POST /api/feedback/list', { limit: FEEDBACK_LIMIT }, { signal }),
  detail: (id: number, signal?: AbortSignal): Promise<Feedback> =>
    call('POST /api/feedback/detail', { id }, { signal }),
  add: (body: { content: string; img?: string }) => call('POST /api/feedback/add', body),
};
