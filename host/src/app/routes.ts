// The one route table: every route of both spec documents (doc 1 §2, doc 2 §2), its
// translated title, the remote and exposed page that serves it, and its guard.
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { RemoteName, RemotePageName } from '@app/shared';

export type TabKey = 'home' | 'quotes' | 'trade' | 'mining' | 'mine';

interface RouteOf<R extends RemoteName> {
  path: string;
  remote: R;
  page: RemotePageName<R>;
  title: MessageDescriptor;
  /** Needs login; guests go to /login (doc 1 §2, §6; doc 2 §2). */
  auth?: boolean;
  /** Logged-in users are sent elsewhere (the login page goes to /assets). */
  guestOnly?: string;
  tab?: TabKey;
}

export type AppRoute = { [R in RemoteName]: RouteOf<R> }[RemoteName];

const route = <R extends RemoteName>(r: RouteOf<R>): AppRoute => r as AppRoute;

const titles = {
  home: msg({ id: 'route.home', message: 'Home' }),
  quotes: msg({ id: 'route.quotes', message: 'Markets' }),
  kline: msg({ id: 'route.kline', message: 'Chart' }),
  exchange: msg({ id: 'route.exchange', message: 'Spot trading' }),
  trade: msg({ id: 'route.trade', message: 'Trade' }),
  lockMining: msg({ id: 'route.zhiya', message: 'Lock-up mining' }),
  lockOrders: msg({ id: 'route.zhiyaOrder', message: 'Lock-up orders' }),
  assets: msg({ id: 'route.assets', message: 'Assets' }),
  ucenter: msg({ id: 'route.ucenter', message: 'Account' }),
  notice: msg({ id: 'route.notice', message: 'Announcements' }),
  news: msg({ id: 'route.news', message: 'Article' }),
  help: msg({ id: 'route.help', message: 'Help centre' }),
  recharge: msg({ id: 'route.recharge', message: 'Deposit' }),
  withdrawal: msg({ id: 'route.withdrawal', message: 'Withdraw' }),
  transfer: msg({ id: 'route.transfer', message: 'Transfer' }),
  feedback: msg({ id: 'route.feedback', message: 'Complaints' }),
  share: msg({ id: 'route.share', message: 'Invite friends' }),
  onlineService: msg({ id: 'route.onlineService', message: 'Customer service' }),
  login: msg({ id: 'route.login', message: 'Log in' }),
  register: msg({ id: 'route.register', message: 'Register' }),
  forget: msg({ id: 'route.forget', message: 'Forgot password' }),
  fiatBuy: msg({ id: 'route.fiatBuy', message: 'Buy USDT' }),
  fiatDetail: msg({ id: 'route.fiatDetail', message: 'Order details' }),
  logs: msg({ id: 'route.logs', message: 'Fund log' }),
  uplist: msg({ id: 'route.uplist', message: 'My subscriptions' }),
  upstart: msg({ id: 'route.upstart', message: 'Launch project' }),
  about: msg({ id: 'route.about', message: 'About' }),
  imgbn: msg({ id: 'route.imgbn', message: 'Banner' }),
  depositRecord: msg({ id: 'route.depositRecord', message: 'Deposit records' }),
  withdrawalRecord: msg({ id: 'route.withdrawalRecord', message: 'Withdrawal records' }),
};

export const routes: AppRoute[] = [
  // remote-markets
  route({ path: '/', remote: 'markets', page: 'HomePage', title: titles.home, tab: 'home' }),
  route({ path: '/quotes', remote: 'markets', page: 'QuotesPage', title: titles.quotes, tab: 'quotes' }),
  route({ path: '/kline', remote: 'markets', page: 'KlinePage', title: titles.kline }),
  route({ path: '/notice', remote: 'markets', page: 'NoticePage', title: titles.notice }),
  route({ path: '/news', remote: 'markets', page: 'NewsDetailPage', title: titles.news }),
  route({ path: '/imgbn', remote: 'markets', page: 'ImgbnPage', title: titles.imgbn }),
  // remote-trading
  route({ path: '/exchange', remote: 'trading', page: 'ExchangePage', title: titles.exchange, auth: true }),
  route({
    path: '/trade',
    remote: 'trading',
    page: 'TradePage',
    title: titles.trade,
    auth: true,
    tab: 'trade',
  }),
  route({ path: '/trade2', remote: 'trading', page: 'TradePage', title: titles.trade, auth: true }),
  // remote-wallet
  route({ path: '/login', remote: 'wallet', page: 'LoginPage', title: titles.login, guestOnly: '/assets' }),
  route({ path: '/register', remote: 'wallet', page: 'RegisterPage', title: titles.register }),
  route({ path: '/forget', remote: 'wallet', page: 'ForgetPage', title: titles.forget }),
  route({ path: '/Forget', remote: 'wallet', page: 'ForgetPage', title: titles.forget }),
  route({
    path: '/ucenter',
    remote: 'wallet',
    page: 'AccountPage',
    title: titles.ucenter,
    auth: true,
    tab: 'mine',
  }),
  route({
    path: '/my',
    remote: 'wallet',
    page: 'AccountPage',
    title: titles.ucenter,
    auth: true,
    tab: 'mine',
  }),
  route({ path: '/assets', remote: 'wallet', page: 'AssetsPage', title: titles.assets, auth: true }),
  route({ path: '/zichan', remote: 'wallet', page: 'AssetsPage', title: titles.assets, auth: true }),
  route({ path: '/assets2', remote: 'wallet', page: 'AssetsPage', title: titles.assets, auth: true }),
  route({ path: '/recharge', remote: 'wallet', page: 'DepositPage', title: titles.recharge, auth: true }),
  route({
    path: '/withdrawal',
    remote: 'wallet',
    page: 'WithdrawalPage',
    title: titles.withdrawal,
    auth: true,
  }),
  route({ path: '/transfer', remote: 'wallet', page: 'TransferPage', title: titles.transfer, auth: true }),
  route({ path: '/logs', remote: 'wallet', page: 'FundLogPage', title: titles.logs, auth: true }),
  route({
    path: '/deposit_record',
    remote: 'wallet',
    page: 'DepositRecordPage',
    title: titles.depositRecord,
    auth: true,
  }),
  route({
    path: '/withdrawal_record',
    remote: 'wallet',
    page: 'WithdrawalRecordPage',
    title: titles.withdrawalRecord,
    auth: true,
  }),
  route({ path: '/share', remote: 'wallet', page: 'InvitePage', title: titles.share, auth: true }),
  // remote-otc
  route({ path: '/Recharge', remote: 'otc', page: 'FiatBuyPage', title: titles.fiatBuy, auth: true }),
  route({ path: '/buy', remote: 'otc', page: 'FiatBuyPage', title: titles.fiatBuy, auth: true }),
  route({
    path: '/Detail',
    remote: 'otc',
    page: 'FiatOrderDetailPage',
    title: titles.fiatDetail,
    auth: true,
  }),
  route({
    path: '/detail',
    remote: 'otc',
    page: 'FiatOrderDetailPage',
    title: titles.fiatDetail,
    auth: true,
  }),
  route({ path: '/Uplist', remote: 'otc', page: 'LaunchListPage', title: titles.uplist, auth: true }),
  route({ path: '/UpStart', remote: 'otc', page: 'LaunchProjectPage', title: titles.upstart, auth: true }),
  route({ path: '/upstart', remote: 'otc', page: 'LaunchProjectPage', title: titles.upstart, auth: true }),
  route({
    path: '/zhiya',
    remote: 'otc',
    page: 'LockMiningPage',
    title: titles.lockMining,
    auth: true,
    tab: 'mining',
  }),
  route({
    path: '/zhiyaOrder',
    remote: 'otc',
    page: 'LockMiningOrdersPage',
    title: titles.lockOrders,
    auth: true,
  }),
  route({ path: '/feedback', remote: 'otc', page: 'FeedbackPage', title: titles.feedback, auth: true }),
  route({ path: '/help', remote: 'otc', page: 'HelpPage', title: titles.help }),
  route({ path: '/onlineServer', remote: 'otc', page: 'OnlineServicePage', title: titles.onlineService }),
  route({ path: '/onlineService', remote: 'otc', page: 'OnlineServicePage', title: titles.onlineService }),
  route({ path: '/about', remote: 'otc', page: 'AboutPage', title: titles.about }),
];

export interface TabItem {
  key: TabKey;
  path: string;
  label: MessageDescriptor;
}

/** Bottom tab bar: home, quotes, trade, lock-up mining, mine (doc 1 §2). */
export const tabs: TabItem[] = [
  { key: 'home', path: '/', label: msg({ id: 'tab.home', message: 'Home' }) },
  { key: 'quotes', path: '/quotes', label: msg({ id: 'tab.quotes', message: 'Markets' }) },
  { key: 'trade', path: '/trade?mode=1', label: msg({ id: 'tab.trade', message: 'Trade' }) },
  { key: 'mining', path: '/zhiya', label: msg({ id: 'tab.mining', message: 'Mining' }) },
  { key: 'mine', path: '/ucenter', label: msg({ id: 'tab.mine', message: 'Mine' }) },
];

export const notFoundTitle = msg({ id: 'route.notFound', message: 'Page not found' });
export const downloadTitle = msg({ id: 'route.download', message: 'Open in your wallet' });
