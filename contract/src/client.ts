/**
 * @app/contract/client: what the web client needs of the contract, in pieces. Evaluating the whole
 * contract (zod and every domain's schemas) was one long task at the first API call of every
 * route; this entry evaluates zod, the field helpers and the error codes, and each call loads the
 * route table of its own domain (./route-tables), in a task of its own. The server keeps the
 * whole contract (./index.ts). Types still come from the whole contract: they cost nothing.
 */
import type { RouteName, Routes } from './routes';

export { isErrorCode } from './errors';
// The field helpers (and zod) with this entry, so every route table's chunk reuses one copy.
export * as fields from './fields';

export type Domain =
  | 'accounts'
  | 'support'
  | 'market'
  | 'wallet'
  | 'uploads'
  | 'otc'
  | 'earn'
  | 'spot'
  | 'lever'
  | 'seconds'
  | 'dev';

/** The route tables, each its own chunk. */
const TABLES: { readonly [D in Domain]: () => Promise<{ routes: Partial<Routes> }> } = {
  accounts: () => import('./route-tables/accounts'),
  support: () => import('./route-tables/support'),
  market: () => import('./route-tables/market'),
  wallet: () => import('./route-tables/wallet'),
  uploads: () => import('./route-tables/uploads'),
  otc: () => import('./route-tables/otc'),
  earn: () => import('./route-tables/earn'),
  spot: () => import('./route-tables/spot'),
  lever: () => import('./route-tables/lever'),
  seconds: () => import('./route-tables/seconds'),
  dev: () => import('./route-tables/dev'),
};

/** The domain (route table) of every route of the contract; a test checks it against ROUTES. */
export const ROUTE_DOMAINS: { readonly [K in RouteName]: Domain } = {
  'POST /api/user/login': 'accounts',
  'POST /api/user/logout': 'accounts',
  'GET /api/user/info': 'accounts',
  'GET /api/user/center': 'accounts',
  'POST /api/sms_mail': 'accounts',
  'POST /api/sms_send': 'accounts',
  'POST /api/user/register': 'accounts',
  'POST /api/user/check_email': 'accounts',
  'POST /api/user/check_mobile': 'accounts',
  'POST /api/user/forget': 'accounts',
  'POST /api/user/fund_password': 'accounts',
  'POST /api/user/password': 'accounts',
  'POST /api/user/real_name': 'accounts',
  'POST /api/user/cash_info': 'accounts',
  'POST /api/user/cash_save': 'accounts',
  'GET /api/user/extension': 'accounts',
  'GET /api/cfg/kefu': 'support',
  'GET /api/custorm': 'support',
  'POST /api/news/list': 'support',
  'POST /api/news/detail': 'support',
  'GET /api/country/list': 'support',
  'GET /api/assets/banner/:file': 'support',
  'GET /api/support/download': 'support',
  'POST /api/feedback/list': 'support',
  'POST /api/feedback/detail': 'support',
  'POST /api/feedback/add': 'support',
  'GET /api/support/chat': 'support',
  'GET /api/support/chat.js': 'support',
  'GET /api/support/chat.css': 'support',
  'GET /api/support/chat/messages': 'support',
  'POST /api/support/chat/send': 'support',
  'GET /api/currency/quotation_new': 'market',
  'POST /api/futureslist': 'market',
  'GET /api/currency/new_timeshar': 'market',
  'POST /api/futuresKline': 'market',
  'POST /api/futuresMinuts': 'market',
  'GET /api/currency/new_tradehistory': 'market',
  'GET /api/currency/depth': 'market',
  'GET /api/assets/coin/:file': 'market',
  'POST /api/wallet/list': 'wallet',
  'POST /api/wallet/transfer': 'wallet',
  'POST /api/wallet/legal_log': 'wallet',
  'GET /api/wallet/deposit_address': 'wallet',
  'GET /api/charge_mention/log': 'wallet',
  'POST /api/wallet/address/add': 'wallet',
  'GET /api/wallet/address/list': 'wallet',
  'POST /api/wallet/address/delete': 'wallet',
  'GET /api/wallet/withdraw_info': 'wallet',
  'POST /api/wallet/withdraw': 'wallet',
  'GET /api/wallet/withdrawals': 'wallet',
  'POST /api/upload': 'uploads',
  'GET /api/upload/url': 'uploads',
  'GET /api/upload/:id': 'uploads',
  'GET /api/legalInfo': 'otc',
  'POST /api/wallet/buy_legal': 'otc',
  'GET /api/legal_buy/detail': 'otc',
  'POST /api/legal_buy/cancel': 'otc',
  'POST /api/legal_buy/payed': 'otc',
  'GET /api/legal_buy/log': 'otc',
  'GET /api/legal/code/:merchant/:way': 'otc',
  'GET /api/zhiya/list': 'earn',
  'POST /api/zhiya/buy': 'earn',
  'GET /api/zhiya/myorder': 'earn',
  'POST /api/zhiya/quxiao': 'earn',
  'GET /api/iepn': 'earn',
  'GET /api/user/upstart': 'earn',
  'POST /api/bi/price': 'earn',
  'POST /api/user/up_order': 'earn',
  'POST /api/user/uplists': 'earn',
  'POST /api/user/unlock': 'earn',
  'GET /api/earn/whitepaper': 'earn',
  'POST /api/transaction/in': 'spot',
  'POST /api/transaction/out': 'spot',
  'POST /api/transaction/deal': 'spot',
  'POST /api/transaction_in': 'spot',
  'POST /api/transaction_out': 'spot',
  'POST /api/transaction_complete': 'spot',
  'POST /api/transaction_del': 'spot',
  'POST /api/lever/deal': 'lever',
  'POST /api/lever/submit': 'lever',
  'POST /api/lever/my_trade': 'lever',
  'POST /api/lever/islocked': 'lever',
  'POST /api/lever/close': 'lever',
  'POST /api/lever/cancel': 'lever',
  'POST /api/lever/setstop': 'lever',
  'GET /api/microtrade/payable_currencies': 'seconds',
  'GET /api/microtrade/seconds': 'seconds',
  'GET /api/microtrade/lists': 'seconds',
  'POST /api/microtrade/submit': 'seconds',
  'GET /dev/outbox': 'dev',
  'POST /dev/credit': 'dev',
  'POST /dev/session/expire': 'dev',
  'POST /dev/market/price': 'dev',
  'POST /dev/earn/expire': 'dev',
  'POST /dev/fiat/confirm': 'dev',
};

/** A domain's route table (loaded once, then cached by the bundler). */
export const routeTable = (domain: Domain): Promise<{ routes: Partial<Routes> }> => TABLES[domain]();

/** One route's spec: its request and answer schemas, loaded with its domain's table. */
export async function routeSpec<K extends RouteName>(route: K): Promise<Routes[K]> {
  const { routes } = await routeTable(ROUTE_DOMAINS[route]);
  const spec = routes[route];
  if (!spec) throw new Error(`${route} is not in the ${ROUTE_DOMAINS[route]} route table`);
  return spec as Routes[K];
}
