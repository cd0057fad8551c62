/** The earn domain's public face: the dev tools' expiries. */
export { expireLaunch } from './launch';
export { expireLockup } from './lockup';
