import type { OkAnswer, SessionAnswer } from '@app/contract';

/** The one answer envelope (schemas and types in @app/contract). Success: HTTP 200 `{type:"ok", message}`. */
export type { Answer, ErrorAnswer, OkAnswer, SessionAnswer } from '@app/contract';

export function ok<T>(message: T): OkAnswer<T> {
  return { type: 'ok', message };
}

export const SESSION_EXPIRED: SessionAnswer = {
  type: '999',
  message: 'session expired',
  code: 'session.invalid',
};
