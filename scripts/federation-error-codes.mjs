// @module-federation/error-codes for the browser builds (scripts/webpack.config.cjs, alias): the
// same codes and message shape (code, arguments, the troubleshooting page of the code, the
// original error), without the English description of each code, which the linked page gives.
// The runtime imports the description maps whole: ~1 KiB gzip of every route's start-up (the
// host's runtime and each remote entry).
export const RUNTIME_001 = 'RUNTIME-001';
export const RUNTIME_002 = 'RUNTIME-002';
export const RUNTIME_003 = 'RUNTIME-003';
export const RUNTIME_004 = 'RUNTIME-004';
export const RUNTIME_005 = 'RUNTIME-005';
export const RUNTIME_006 = 'RUNTIME-006';
export const RUNTIME_007 = 'RUNTIME-007';
export const RUNTIME_008 = 'RUNTIME-008';
export const RUNTIME_009 = 'RUNTIME-009';
export const RUNTIME_010 = 'RUNTIME-010';
export const RUNTIME_011 = 'RUNTIME-011';
export const RUNTIME_012 = 'RUNTIME-012';
export const RUNTIME_013 = 'RUNTIME-013';
export const RUNTIME_014 = 'RUNTIME-014';
export const RUNTIME_015 = 'RUNTIME-015';
export const TYPE_001 = 'TYPE-001';
export const BUILD_001 = 'BUILD-001';
export const BUILD_002 = 'BUILD-002';

export const runtimeDescMap = {};
export const typeDescMap = {};
export const buildDescMap = {};
export const errorDescMap = {};

export function getShortErrorMsg(errorCode, descMap, args, originalErrorMsg) {
  const msg = [`${descMap[errorCode] ?? 'Module Federation error'} #${errorCode}`];
  if (args) msg.push(`args: ${JSON.stringify(args)}`);
  msg.push(
    `https://module-federation.io/guide/troubleshooting/${errorCode.split('-')[0].toLowerCase()}#${errorCode.toLowerCase()}`,
  );
  if (originalErrorMsg) msg.push(`Original Error Message:\n ${originalErrorMsg}`);
  return msg.join('\n');
}

// '@module-federation/error-codes/browser'
export function logAndReport(code, descMap, args, logger, originalErrorMsg) {
  return logger(getShortErrorMsg(code, descMap, args, originalErrorMsg));
}
