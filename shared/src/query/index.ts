export * from './layer';
export { QueryScope, useQueryLayer } from './QueryScope';
