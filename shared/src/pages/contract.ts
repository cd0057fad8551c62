// The typed contract between the host and the remotes: which remote exposes which page.
// Remotes expose page components (default export) and never create routers.
export const REMOTES = ['markets', 'trading', 'wallet', 'otc'] as const;
export type RemoteName = (typeof REMOTES)[number];

export const REMOTE_PAGES = {
  markets: ['HomePage', 'QuotesPage', 'KlinePage', 'NoticePage', 'NewsDetailPage', 'ImgbnPage'],
  trading: ['ExchangePage', 'TradePage'],
  wallet: [
    'LoginPage',
    'RegisterPage',
    'ForgetPage',
    'AccountPage',
    'AssetsPage',
    'DepositPage',
    'WithdrawalPage',
    'TransferPage',
    'FundLogPage',
    'DepositRecordPage',
    'WithdrawalRecordPage',
    'InvitePage',
  ],
  otc: [
    'FiatBuyPage',
    'FiatOrderDetailPage',
    'LaunchListPage',
    'LaunchProjectPage',
    'LockMiningPage',
    'LockMiningOrdersPage',
    'FeedbackPage',
    'HelpPage',
    'OnlineServicePage',
    'AboutPage',
  ],
} as const satisfies Record<RemoteName, readonly string[]>;

export type RemotePageName<R extends RemoteName> = (typeof REMOTE_PAGES)[R][number];

/** The props every exposed page receives from the host. */
export type RemotePageProps = Record<string, never>;

/** The runtime config file of the host (app-config.json), read at start. */
export interface AppRuntimeConfig {
  /** Redirect to the wallet download page when no injected wallet object is found (doc 1 §1). */
  walletGate: boolean;
  /** Where the gate sends people; absolute or an app path. */
  walletDownloadUrl: string;
}
