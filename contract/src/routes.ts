import { z } from 'zod';
import * as accounts from './accounts';
import * as dev from './dev';
import * as earn from './earn';
import * as lever from './lever';
import * as market from './market';
import * as otc from './otc';
import * as seconds from './seconds';
import * as spot from './spot';
import * as support from './support';
import * as uploads from './uploads';
import * as wallet from './wallet';

/** Who may call a route: `user` needs a session (else the type "999" answer), `public` anyone. */
export type Auth = 'user' | 'public';

/** One REST call of the contract. */
export interface RouteSpec {
  auth: Auth;
  /** The body (POST) or query string (GET). Unknown keys are dropped; an empty body counts as {}. */
  request?: z.ZodType;
  /** Path parameters (`/api/assets/coin/:file`). */
  params?: z.ZodType;
  /** POST calls whose fields may also come in the query string (query first, body wins). */
  alsoQuery?: true;
  /**
   * The answer: the `message` of `{type:"ok", message}`; with `envelope: false` the whole body;
   * `null` for calls that answer a file or a page (see `produces`).
   */
  answer: z.ZodType | null;
  envelope?: false;
  /** Content type of a non-JSON answer. */
  produces?: string;
  /** A call the spec does not name. */
  addition?: true;
  /** Registered only outside production (dev tools). */
  dev?: true;
  summary: string;
}

export type RouteKey = `${'GET' | 'POST'} /${string}`;

const text = <T extends string>(...values: [T, ...T[]]) => z.enum(values);

type Entry = Omit<RouteSpec, 'auth' | 'summary'>;

const user = <S extends Entry>(summary: string, spec: S) => ({ auth: 'user' as const, summary, ...spec });
const open = <S extends Entry>(summary: string, spec: S) => ({ auth: 'public' as const, summary, ...spec });

const spotList = (summary: string) =>
  user(summary, { request: spot.spotListBody, answer: spot.spotListAnswer });

/** Every REST call of the server: `METHOD /path` -> request, answer, auth. */
export const ROUTES = {
  // ---------------------------------------------------------------- accounts
  'POST /api/user/login': open('Log in; answers the session token', {
    request: accounts.loginBody,
    answer: accounts.loginAnswer,
  }),
  'POST /api/user/logout': user('Revoke the presented token', {
    answer: text('logged out'),
    addition: true,
  }),
  'GET /api/user/info': user('The account', { answer: accounts.userInfoAnswer }),
  'GET /api/user/center': user('The account centre', { answer: accounts.userCenterAnswer }),
  'POST /api/sms_mail': open('Send an email code (register or forget)', {
    request: accounts.smsMailBody,
    answer: text('code sent'),
  }),
  'POST /api/sms_send': open('Send an SMS code (register or forget)', {
    request: accounts.smsSendBody,
    answer: text('code sent'),
  }),
  'POST /api/user/register': open('Register', {
    request: accounts.registerBody,
    answer: text('registered'),
  }),
  'POST /api/user/check_email': open('Check a password-reset email code', {
    request: accounts.checkEmailBody,
    answer: text('code valid'),
  }),
  'POST /api/user/check_mobile': open('Check a password-reset SMS code', {
    request: accounts.checkMobileBody,
    answer: text('code valid'),
  }),
  'POST /api/user/forget': open('Reset the password with a code', {
    request: accounts.forgetBody,
    answer: text('password reset'),
  }),

  // ---------------------------------------------------------------- account profile
  'POST /api/user/fund_password': user('Set or change the fund password', {
    request: accounts.fundPasswordBody,
    answer: text('fund password set', 'fund password changed'),
    addition: true,
  }),
  'POST /api/user/password': user('Change the login password', {
    request: accounts.passwordBody,
    answer: text('password changed'),
    addition: true,
  }),
  'POST /api/user/real_name': user('Submit identity verification', {
    request: accounts.realNameBody,
    answer: text('submitted'),
  }),
  'POST /api/user/cash_info': user('The payout profile', { answer: accounts.payoutProfileAnswer }),
  'POST /api/user/cash_save': user('Save the payout profile', {
    request: accounts.cashBody,
    answer: accounts.payoutProfile,
  }),
  'GET /api/user/extension': user('Users invited by the caller', { answer: accounts.invitedUsersAnswer }),

  // ---------------------------------------------------------------- support and content
  'GET /api/cfg/kefu': open('Download and support links', { answer: support.kefuAnswer }),
  'GET /api/custorm': open('The support chat URL template (signed with a session)', {
    request: support.custormQuery,
    answer: z.string(),
  }),
  'POST /api/news/list': open('News of a category', {
    request: support.newsListBody,
    answer: support.newsListAnswer,
  }),
  'POST /api/news/detail': open('One news item', {
    request: support.newsDetailBody,
    answer: support.newsItem,
  }),
  'GET /api/country/list': open('Countries and calling codes', {
    answer: support.countryListAnswer,
    addition: true,
  }),
  'GET /api/assets/banner/:file': open('A generated banner image', {
    params: support.bannerParams,
    request: support.langQuery,
    answer: null,
    produces: 'image/svg+xml',
    addition: true,
  }),
  'GET /api/support/download': open('The wallet download page', {
    request: support.downloadQuery,
    answer: null,
    produces: 'text/html',
  }),
  'POST /api/feedback/list': user('The caller’s complaints', {
    request: support.feedbackListBody,
    answer: z.array(support.feedbackView),
  }),
  'POST /api/feedback/detail': user('One complaint', {
    request: support.feedbackDetailBody,
    answer: support.feedbackView,
  }),
  'POST /api/feedback/add': user('File a complaint', {
    request: support.feedbackAddBody,
    answer: z.object({ id: z.number().int() }),
  }),
  'GET /api/support/chat': open('The support chat page (chat token `t`)', {
    request: support.chatPageQuery,
    answer: null,
    produces: 'text/html',
    addition: true,
  }),
  'GET /api/support/chat.js': open('The chat page script', {
    answer: null,
    produces: 'text/javascript',
    addition: true,
  }),
  'GET /api/support/chat.css': open('The chat page style', {
    answer: null,
    produces: 'text/css',
    addition: true,
  }),
  'GET /api/support/chat/messages': open('Chat history (chat token `t`)', {
    request: support.chatTokenQuery,
    answer: z.array(support.chatMessage),
    addition: true,
  }),
  'POST /api/support/chat/send': open('Send a chat message (chat token `t`)', {
    request: support.chatSendBody,
    answer: support.chatMessage,
    addition: true,
  }),

  // ---------------------------------------------------------------- markets
  'GET /api/currency/quotation_new': open('Crypto quotes (the USDT market)', {
    answer: market.quotationAnswer,
  }),
  'POST /api/futureslist': open('Metals (cm) or futures (ne) quotes', {
    request: market.futuresListBody,
    answer: z.array(market.futuresQuote),
  }),
  'GET /api/currency/new_timeshar': open('Chart candles (outside the envelope)', {
    request: market.klineInput,
    answer: market.klineAnswer,
    envelope: false,
  }),
  'POST /api/futuresKline': open('Chart candles of any instrument (outside the envelope)', {
    request: market.klineInput,
    answer: market.klineAnswer,
    envelope: false,
  }),
  'POST /api/futuresMinuts': open('Today’s 1-minute series', {
    request: market.minutesBody,
    answer: market.minutesAnswer,
  }),
  'GET /api/currency/new_tradehistory': open('Recent tape trades, newest first', {
    request: market.pairQuery,
    answer: z.array(market.tradeView),
  }),
  'GET /api/currency/depth': open('Order book snapshot', {
    request: market.pairQuery,
    answer: market.depthView,
    addition: true,
  }),
  'GET /api/assets/coin/:file': open('A coin logo', {
    params: market.logoParams,
    answer: null,
    produces: 'image/svg+xml',
    addition: true,
  }),

  // ---------------------------------------------------------------- wallet
  'POST /api/wallet/list': user('The four wallets', { answer: wallet.walletListAnswer }),
  'POST /api/wallet/transfer': user('Move funds between two wallets', {
    request: wallet.transferBody,
    answer: wallet.transferAnswer,
    addition: true,
  }),
  'POST /api/wallet/legal_log': user('Fund log of one wallet and currency', {
    request: wallet.legalLogBody,
    answer: wallet.fundLogAnswer,
  }),
  'GET /api/wallet/deposit_address': user('The deposit address of a coin (demo)', {
    request: wallet.currencyQuery,
    answer: wallet.depositAddressAnswer,
    addition: true,
  }),
  'GET /api/charge_mention/log': user('Deposits and withdrawals', {
    request: wallet.limitQuery,
    answer: wallet.chargeMentionAnswer,
  }),
  'POST /api/wallet/address/add': user('Add a withdrawal address', {
    request: wallet.addressBody,
    answer: wallet.addressView,
    addition: true,
  }),
  'GET /api/wallet/address/list': user('Withdrawal addresses', {
    request: wallet.optionalCurrencyQuery,
    answer: z.array(wallet.addressView),
    addition: true,
  }),
  'POST /api/wallet/address/delete': user('Delete a withdrawal address', {
    request: wallet.walletIdBody,
    answer: text('deleted'),
    addition: true,
  }),
  'GET /api/wallet/withdraw_info': user('Withdrawal limits, fee and balance of a coin', {
    request: wallet.currencyQuery,
    answer: wallet.withdrawInfoAnswer,
    addition: true,
  }),
  'POST /api/wallet/withdraw': user('Apply for a withdrawal', {
    request: wallet.withdrawBody,
    answer: wallet.withdrawalView,
    addition: true,
  }),
  'GET /api/wallet/withdrawals': user('The caller’s withdrawals', {
    request: wallet.limitQuery,
    answer: z.array(wallet.withdrawalView),
    addition: true,
  }),

  // ---------------------------------------------------------------- uploads
  'POST /api/upload': user('Upload an image (multipart, field `file`)', {
    answer: uploads.uploadAnswer,
  }),
  'GET /api/upload/url': user('A signed URL of an upload of the caller', {
    request: uploads.uploadUrlQuery,
    answer: uploads.uploadUrlAnswer,
    addition: true,
  }),
  'GET /api/upload/:id': open('An uploaded image (signed URL)', {
    params: uploads.uploadParams,
    request: uploads.uploadReadQuery,
    answer: null,
    produces: 'image/png | image/jpeg',
  }),

  // ---------------------------------------------------------------- fiat purchase
  'GET /api/legalInfo': user('Fiat purchase terms', {
    request: otc.legalInfoQuery,
    answer: otc.legalInfoAnswer,
  }),
  'POST /api/wallet/buy_legal': user('Buy USDT with fiat; answers the order id', {
    request: otc.buyLegalBody,
    answer: otc.buyLegalAnswer,
  }),
  'GET /api/legal_buy/detail': user('A fiat order', {
    request: otc.fiatIdInput,
    answer: otc.fiatOrderDetail,
  }),
  'POST /api/legal_buy/cancel': user('Cancel a fiat order', {
    request: otc.fiatIdInput,
    answer: otc.fiatCancelAnswer,
  }),
  'POST /api/legal_buy/payed': user('Mark a fiat order paid', {
    request: otc.fiatPaidBody,
    answer: otc.fiatPaidAnswer,
  }),
  'GET /api/legal_buy/log': user('The caller’s fiat orders', {
    request: otc.fiatLogQuery,
    answer: z.array(otc.fiatOrderSummary),
  }),
  'GET /api/legal/code/:merchant/:way': open('A merchant’s payment QR code', {
    params: otc.merchantCodeParams,
    answer: null,
    produces: 'image/png',
    addition: true,
  }),

  // ---------------------------------------------------------------- lock-up mining
  'GET /api/zhiya/list': user('Lock-up products', { answer: earn.lockupProductsAnswer }),
  'POST /api/zhiya/buy': user('Buy a lock-up product', {
    request: earn.lockupBuyBody,
    alsoQuery: true,
    answer: earn.lockupBuyAnswer,
  }),
  'GET /api/zhiya/myorder': user('The caller’s lock-up orders', {
    request: earn.earnPageInput,
    answer: z.array(earn.lockupOrderView),
  }),
  'POST /api/zhiya/quxiao': user('Cancel a lock-up order', {
    request: earn.lockupCancelBody,
    alsoQuery: true,
    answer: earn.lockupCancelAnswer,
  }),

  // ---------------------------------------------------------------- launch subscriptions
  'GET /api/iepn': open('The launch project', { answer: earn.launchInfoAnswer }),
  'GET /api/user/upstart': user('The launch project with the caller’s balances', {
    answer: earn.upstartAnswer,
  }),
  'POST /api/bi/price': open('The token’s price in a pay currency', {
    request: earn.launchPriceInput,
    alsoQuery: true,
    answer: earn.launchPriceAnswer,
  }),
  'POST /api/user/up_order': user('Subscribe', {
    request: earn.launchOrderBody,
    answer: earn.launchOrderAnswer,
  }),
  'POST /api/user/uplists': user('The caller’s subscriptions', {
    request: earn.earnPageInput,
    alsoQuery: true,
    answer: z.array(earn.subscriptionView),
  }),
  'POST /api/user/unlock': user('Unlock a subscription', {
    request: earn.launchUnlockBody,
    alsoQuery: true,
    answer: earn.launchUnlockAnswer,
  }),
  'GET /api/earn/whitepaper': open('The token’s white paper', {
    answer: null,
    produces: 'text/html',
    addition: true,
  }),

  // ---------------------------------------------------------------- spot
  'POST /api/transaction/in': user('Spot buy', { request: spot.spotOrderBody, answer: spot.spotOrderView }),
  'POST /api/transaction/out': user('Spot sell', { request: spot.spotOrderBody, answer: spot.spotOrderView }),
  'POST /api/transaction/deal': user('Spot pair info, balances and book', {
    request: spot.spotDealBody,
    answer: spot.spotDealAnswer,
  }),
  'POST /api/transaction_in': spotList('Pending spot buys'),
  'POST /api/transaction_out': spotList('Pending spot sells'),
  'POST /api/transaction_complete': spotList('Completed spot orders'),
  'POST /api/transaction_del': user('Revoke a pending spot order', {
    request: spot.spotRevokeBody,
    answer: text('revoked'),
  }),

  // ---------------------------------------------------------------- leveraged contracts
  'POST /api/lever/deal': user('Contract info and balances', {
    request: lever.leverPairBody,
    answer: lever.leverDealAnswer,
  }),
  'POST /api/lever/submit': user('Open a position or place a limit order', {
    request: lever.leverSubmitBody,
    answer: lever.leverOrderView,
  }),
  'POST /api/lever/my_trade': user('The caller’s contracts by status', {
    request: lever.leverMyTradeBody,
    answer: lever.leverMyTradeAnswer,
  }),
  'POST /api/lever/islocked': user('1 when the order cannot be acted on any more', {
    request: lever.leverIdBody,
    answer: z.union([z.literal(0), z.literal(1)]),
  }),
  'POST /api/lever/close': user('Close a position', {
    request: lever.leverIdBody,
    answer: lever.leverOrderView,
  }),
  'POST /api/lever/cancel': user('Revoke a pending order', {
    request: lever.leverIdBody,
    answer: lever.leverOrderView,
  }),
  'POST /api/lever/setstop': user('Set take-profit and stop-loss', {
    request: lever.leverStopBody,
    answer: lever.leverOrderView,
  }),

  // ---------------------------------------------------------------- seconds contracts
  'GET /api/microtrade/payable_currencies': user('Stake currencies', {
    answer: seconds.payableCurrenciesAnswer,
  }),
  'GET /api/microtrade/seconds': user('Durations and profit ratios', {
    answer: seconds.secondsOptionsAnswer,
  }),
  'GET /api/microtrade/lists': user('The caller’s seconds orders', {
    request: seconds.secondsListQuery,
    answer: seconds.secondsListAnswer,
  }),
  'POST /api/microtrade/submit': user('Open a seconds contract', {
    request: seconds.secondsSubmitBody,
    answer: seconds.microOrderView,
  }),

  // ---------------------------------------------------------------- dev tools (404 in production)
  'GET /dev/outbox': open('Codes sent to an address', {
    request: dev.outboxQuery,
    answer: dev.outboxAnswer,
    dev: true,
  }),
  'POST /dev/credit': open('A ledger deposit', {
    request: dev.devCreditBody,
    answer: dev.devCreditAnswer,
    dev: true,
  }),
  'POST /dev/session/expire': open('Expire every session of an account', {
    request: dev.devExpireBody,
    answer: dev.devExpireAnswer,
    dev: true,
  }),
  'POST /dev/market/price': open('Pin or release an instrument’s price', {
    request: dev.devMarketPriceBody,
    answer: dev.devPinAnswer,
    dev: true,
  }),
  'POST /dev/earn/expire': open('Move a launch, lock-up or fiat order’s end into the past', {
    request: dev.devEarnExpireBody,
    answer: dev.devEarnExpireAnswer,
    dev: true,
  }),
  'POST /dev/fiat/confirm': open('The merchant’s confirmation of a fiat order', {
    request: dev.devFiatConfirmBody,
    answer: dev.devFiatConfirmAnswer,
    dev: true,
  }),
} as const satisfies Record<RouteKey, RouteSpec>;

export type Routes = typeof ROUTES;
export type RouteName = keyof Routes;

type SchemaOf<T> = T extends z.ZodType ? T : never;
/** The parsed request (body or query) of a route, as the handler sees it. */
export type RequestOf<K extends RouteName> = Routes[K] extends { request: infer S }
  ? z.output<SchemaOf<S>>
  : Record<string, never>;
/** The parsed path parameters of a route. */
export type ParamsOf<K extends RouteName> = Routes[K] extends { params: infer S }
  ? z.output<SchemaOf<S>>
  : Record<string, never>;
/** The request as a client sends it. */
export type RequestInputOf<K extends RouteName> = Routes[K] extends { request: infer S }
  ? z.input<SchemaOf<S>>
  : Record<string, never>;
/** The answer `message` of a route (or the whole body for `envelope: false`). */
export type AnswerOf<K extends RouteName> = Routes[K] extends { answer: infer S }
  ? S extends z.ZodType
    ? z.output<S>
    : never
  : never;

export function splitRouteKey(key: string): { method: 'GET' | 'POST'; path: string } {
  const space = key.indexOf(' ');
  return { method: key.slice(0, space) as 'GET' | 'POST', path: key.slice(space + 1) };
}
