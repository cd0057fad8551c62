/** The fiat desk's public face: the dev tools (its admin commands: `admin.ts`). */
export { confirmOrder, expireFiatOrder } from './service';
