/**
 * @app/contract: the wire contract of the API server, as zod schemas with their inferred types.
 * Depends on zod only (no React, no Node), so the server, the clients and tests share it.
 */
export * from './errors';
export * from './envelope';
export * from './fields';
export * from './routes';
export * from './channels';
export * as accounts from './accounts';
export * as dev from './dev';
export * as earn from './earn';
export * as lever from './lever';
export * as market from './market';
export * as otc from './otc';
export * as seconds from './seconds';
export * as spot from './spot';
export * as support from './support';
export * as uploads from './uploads';
export * as wallet from './wallet';
