// Complaints (doc 2 §3, §7; server/API.md).
import { call } from '@app/shared';
import type { AnswerOf } from '@app/contract';

/** A complaint as the contract answers it; `content` is plain text as typed (render as text, never HTML). */
export type Feedback = Omit<AnswerOf<'POST /api/feedback/detail'>, 'is_reply'> & {
  /** 1 replied, 0 waiting. */
  is_reply: 0 | 1;
};

const feedbackOf = (answer: AnswerOf<'POST /api/feedback/detail'>): Feedback => ({
  ...answer,
  is_reply: answer.is_reply === 1 ? 1 : 0,
});

export const FEEDBACK_LIMIT = 100;
export const FEEDBACK_MAX_LENGTH = 2000;

export const feedbackApi = {
  list: async (signal?: AbortSignal): Promise<Feedback[]> =>
    (await call('POST /api/feedback/list', { limit: FEEDBACK_LIMIT }, { signal })).map(feedbackOf),
  detail: async (id: number, signal?: AbortSignal): Promise<Feedback> =>
    feedbackOf(await call('POST /api/feedback/detail', { id }, { signal })),
  add: (body: { content: string; img?: string }) => call('POST /api/feedback/add', body),
};
