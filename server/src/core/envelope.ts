import type { ErrorCode } from './error-codes';

/** The one answer envelope. Success: HTTP 200 `{type:"ok", message}`. */
export interface OkAnswer<T> {
  type: 'ok';
  message: T;
}

export interface ErrorAnswer {
  type: 'error';
  message: string;
  code: ErrorCode;
  wait?: number;
  field?: string;
}

export interface SessionAnswer {
  type: '999';
  message: 'session expired';
  code: 'session.invalid';
}

export type Answer<T> = OkAnswer<T> | ErrorAnswer | SessionAnswer;

export function ok<T>(message: T): OkAnswer<T> {
  return { type: 'ok', message };
}

export const SESSION_EXPIRED: SessionAnswer = {
  type: '999',
  message: 'session expired',
  code: 'session.invalid',
};
