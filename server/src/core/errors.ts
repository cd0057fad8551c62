import { ERROR_CODES, type ErrorCode } from './error-codes';

export interface ErrorExtra {
  /** Seconds to wait before retrying (429 answers). */
  wait?: number;
  /** The request field at fault (validation answers). */
  field?: string;
}

/**
 * An error that is an answer to the client (a 4xx), not a fault: nothing logs its stack, so none
 * is captured. V8 walks the whole call stack for one (Fastify's hooks and handlers): 6.7 against
 * 1.6 µs for an error 25 frames deep, of a refused request's ~100 µs on a 2-core test machine.
 */
class Answer extends Error {
  constructor(message: string) {
    const limit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    try {
      super(message);
    } finally {
      Error.stackTraceLimit = limit;
    }
  }
}

/** A failure with a stable code; the error handler turns it into the error envelope. */
export class AppError extends Answer {
  readonly code: ErrorCode;
  readonly statusCode: number;
  readonly extra: ErrorExtra;

  constructor(
    code: ErrorCode,
    statusCode: number,
    extra: ErrorExtra = {},
    message: string = ERROR_CODES[code],
  ) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.statusCode = statusCode;
    this.extra = extra;
  }
}

/** Missing, invalid, expired or revoked session: answered as type "999" (HTTP 401). */
export class SessionError extends Answer {
  readonly statusCode = 401;
  readonly code = 'session.invalid' as const;

  constructor() {
    super(ERROR_CODES['session.invalid']);
    this.name = 'SessionError';
  }
}

export const badRequest = (code: ErrorCode, extra?: ErrorExtra, message?: string): AppError =>
  new AppError(code, 400, extra, message);
export const unauthorized = (code: ErrorCode): AppError => new AppError(code, 401);
export const forbidden = (code: ErrorCode = 'forbidden'): AppError => new AppError(code, 403);
export const notFound = (code: ErrorCode = 'not_found'): AppError => new AppError(code, 404);
export const conflict = (code: ErrorCode): AppError => new AppError(code, 409);
export const tooManyRequests = (code: ErrorCode, waitSeconds: number): AppError =>
  new AppError(code, 429, { wait: Math.max(1, Math.ceil(waitSeconds)) });
