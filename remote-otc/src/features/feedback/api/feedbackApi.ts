// Complaints (doc 2 §3, §7; server/API.md).
import { apiPost } from '@app/shared';

export interface Feedback {
  id: number;
  /** Plain text as typed: render as text, never as HTML. */
  content: string;
  /** Signed image URL, or ''. */
  img: string;
  /** 1 replied, 0 waiting. */
  is_reply: 0 | 1;
  reply_content: string | null;
  reply_time: string | null;
  create_time: string;
  account_number?: string;
}

export const FEEDBACK_LIMIT = 100;
export const FEEDBACK_MAX_LENGTH = 2000;

export const feedbackApi = {
  list: (signal?: AbortSignal) =>
    apiPost<Feedback[]>('/api/feedback/list', { limit: FEEDBACK_LIMIT }, { signal }),
  detail: (id: number, signal?: AbortSignal) => apiPost<Feedback>('/api/feedback/detail', { id }, { signal }),
  add: (body: { content: string; img?: string }) => apiPost<{ id: number }>('/api/feedback/add', body),
};
