/**
 * The trading kernel: what spot, lever, seconds, earn, otc and wallet share. Balances and ledger
 * posting (exact decimals, row locks, reconcile), the trigger heaps of the trigger engines, the
 * tape cursor, the instrument work lanes and the rounding/paging helpers of the trading domains.
 * Domains import this file, never the kernel's own files.
 */
export * from './common';
export * from './currency';
export * from './cursor';
export * from './ledger';
export * from './reasons';
export * from './triggers';
export * from './tick-gate';
