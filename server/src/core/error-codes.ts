/** The error code table lives in the contract (@app/contract); the server re-exports it. */
export { ERROR_CODES, ERRORS, errorStatus, isErrorCode, type ErrorCode } from '@app/contract';
