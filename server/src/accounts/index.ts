/** The accounts domain's public face: what other domains and the composition level use. */
export { readOutbox } from './codes';
export { reviewRealName } from './profile';
export { hasFundPassword, verifyFundPassword } from './security';
export { findUserByAccount } from './users';
