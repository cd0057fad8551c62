/** The support domain's public face: what other domains use (its admin commands: `admin.ts`). */
export { areaCodeOfCountry } from './countries';
export { supportUrlFor } from './links';
