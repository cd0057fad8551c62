// The database schema as Kysely sees it: one interface per table, snake_case columns as in SQL.
// Derived from a freshly migrated database (PRAGMA table_info). Money, prices and quantities are
// decimal strings (TEXT on SQLite, NUMERIC on PostgreSQL); ids and millisecond timestamps numbers;
// flags integers 0/1. `Generated` marks columns with a default (or an id) that inserts may omit.
import type { Generated } from 'kysely';

export interface SchemaMigrationsTable {
  version: number;
  name: string;
  applied_at: number;
}

export interface UsersTable {
  id: Generated<number>;
  account_number: string;
  email: string | null;
  phone: string | null;
  area_code: string | null;
  password_hash: string;
  extension_code: string;
  inviter_id: number | null;
  is_seller: Generated<number>;
  review_status: Generated<number>;
  created_at: number;
  updated_at: number;
  fund_password_hash: string | null;
  review_reason: string | null;
}

export interface AuthTokensTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  created_at: number;
  expires_at: number;
  revoked_at: number | null;
}

export interface VerificationCodesTable {
  id: Generated<number>;
  destination: string;
  channel: string;
  purpose: string;
  code_salt: string;
  code_hash: string;
  attempts: Generated<number>;
  created_at: number;
  expires_at: number;
  consumed_at: number | null;
  invalidated_at: number | null;
}

/** Demo and test modes only: what would have been sent (read by GET /dev/outbox). */
export interface OutboxTable {
  id: Generated<number>;
  to_addr: string;
  national: string | null;
  channel: string;
  purpose: string;
  code: string;
  lang: string;
  created_at: number;
}

export interface CurrenciesTable {
  id: number;
  name: string;
  precision: number;
  usdt_price: string;
  logo: string | null;
  sorts: Generated<number>;
}

export interface WalletBalancesTable {
  id: Generated<number>;
  user_id: number;
  wallet_type: string;
  currency_id: number;
  available: Generated<string>;
  locked: Generated<string>;
  updated_at: number;
}

/** Every balance change writes a ledger row (kernel/ledger.ts `postLedger`). */
export interface LedgerEntriesTable {
  id: Generated<number>;
  user_id: number;
  wallet_type: string;
  currency_id: number;
  field: string;
  amount: string;
  balance_after: string;
  reason: string;
  ref: string | null;
  created_at: number;
}

export interface CountriesTable {
  country_id: number;
  area_code: string;
  name_cn: string;
  name_en: string;
  sorts: Generated<number>;
}

export interface NewsTable {
  id: Generated<number>;
  category_id: number;
  sorts: Generated<number>;
  thumbnail: string | null;
  published: Generated<number>;
  created_at: number;
}

export interface NewsTranslationsTable {
  news_id: number;
  lang: string;
  title: string;
  content: string;
  thumbnail: string | null;
}

/**
 * The price tape (migration 12, see migrations/compact-tape.ts): every trade the feed prints (and
 * the pinned prints of the dev tool), in the order they happened, as integer ticks and lots of the
 * instrument. `seq` increases strictly and is never reused; per instrument, `time` never
 * decreases. Kind: 0 feed trade, 1 pinned print (dev tool), 2 back-filled history. Settlements
 * read this table (through `prices.priceAt`).
 */
export interface MarketTapeTable {
  instrument_id: number;
  time: number;
  seq: number;
  ticks: number;
  lots: number;
  /** (side - 1) + 2 × kind. */
  flags: number;
}

/** One row per instrument, period and bucket start (epoch ms, Asia/Shanghai buckets), built from the tape. */
export interface MarketCandlesTable {
  instrument_id: number;
  period: string;
  time: number;
  open: string;
  high: string;
  low: string;
  close: string;
  volume: string;
  amount: string;
}

export interface DepositAddressesTable {
  id: Generated<number>;
  user_id: number;
  currency_id: number;
  address: string;
  created_at: number;
}

export interface DepositsTable {
  id: Generated<number>;
  user_id: number;
  currency_id: number;
  wallet_type: Generated<string>;
  amount: string;
  address: string | null;
  tx_info: string;
  status: Generated<number>;
  source: string;
  created_at: number;
}

export interface WithdrawalAddressesTable {
  id: Generated<number>;
  user_id: number;
  currency_id: number;
  address: string;
  label: Generated<string>;
  remark: Generated<string>;
  created_at: number;
}

/** `status`: 0 applying, 1 approved (waiting for chain), 2 chain success, 3 chain failure, 4 rejected. */
export interface WithdrawalsTable {
  id: Generated<number>;
  user_id: number;
  currency_id: number;
  address: string;
  label: Generated<string>;
  amount: string;
  fee: string;
  status: Generated<number>;
  reason: string | null;
  tx_hash: string | null;
  created_at: number;
  audited_at: number | null;
  finished_at: number | null;
}

export interface KycSubmissionsTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  card_id: string;
  card_type: string;
  countryname: string;
  adress: string;
  front_pic: string;
  reverse_pic: string;
  hand_pic: string;
  status: Generated<number>;
  reason: string | null;
  created_at: number;
  reviewed_at: number | null;
}

export interface PayoutProfilesTable {
  user_id: number;
  bank_id: Generated<string>;
  bank_name: Generated<string>;
  bank_branch: Generated<string>;
  bank_account: string;
  real_name: Generated<string>;
  alipay_account: Generated<string>;
  wechat_nickname: Generated<string>;
  wechat_account: Generated<string>;
  alipay_qr_code: Generated<string>;
  wechat_qr_code: Generated<string>;
  account_number: Generated<string>;
  updated_at: number;
}

export interface UploadsTable {
  id: string;
  user_id: number;
  kind: string;
  size: number;
  sha256: string;
  created_at: number;
  /** The image (migration 13); null only for a row of an older build whose file was not imported yet. */
  data: Buffer | null;
}

export interface ServerSecretsTable {
  name: string;
  value: string;
}

export interface SpotOrdersTable {
  id: Generated<number>;
  user_id: number;
  side: string;
  mode: number;
  status: number;
  instrument_id: number;
  currency_id: number;
  legal_id: number;
  price: string;
  number: string;
  total: Generated<string>;
  fee: Generated<string>;
  fee_currency_id: number;
  locked: Generated<string>;
  created_at: number;
  completed_at: number | null;
  fill_seq: number | null;
  fill_time: number | null;
}

export interface LeverOrdersTable {
  id: Generated<number>;
  user_id: number;
  instrument_id: number;
  type: number;
  order_mode: number;
  status: number;
  share: number;
  multiple: number;
  per_hand: string;
  spread: string;
  fee_rate: string;
  origin_price: string;
  price: string;
  target_price: string | null;
  margin: string;
  fee: string;
  liquidation_price: string;
  target_profit_price: string | null;
  stop_loss_price: string | null;
  close_price: string | null;
  profits: string | null;
  close_reason: string | null;
  created_at: number;
  opened_at: number | null;
  completed_at: number | null;
  open_seq: number | null;
  close_seq: number | null;
}

export interface TradingCursorsTable {
  engine: string;
  instrument_id: number;
  seq: number;
}

export interface MicroOrdersTable {
  id: Generated<number>;
  user_id: number;
  instrument_id: number;
  type: number;
  status: number;
  currency_id: number;
  number: string;
  seconds: number;
  profit_ratio: string;
  open_price: string;
  open_seq: number;
  open_trade_time: number;
  created_at: number;
  end_at: number;
  end_price: string | null;
  end_seq: number | null;
  end_trade_time: number | null;
  fact_profits: string | null;
  result: string | null;
  completed_at: number | null;
}

export interface FiatMerchantsTable {
  id: number;
  name: string;
  rate: string;
  min: string;
  max: string;
  alipay: Generated<string>;
  wechat: Generated<string>;
  bank_no: Generated<string>;
  bank_name: Generated<string>;
  bank_address: Generated<string>;
  active: Generated<number>;
  sorts: Generated<number>;
}

export interface FiatOrdersTable {
  id: Generated<number>;
  user_id: number;
  merchant_id: number;
  currency_id: number;
  pay_way: string;
  amount: string;
  rate: string;
  usdt_amount: string;
  status: Generated<number>;
  pic: string | null;
  created_at: number;
  expire_at: number;
  pay_time: number | null;
  confirm_time: number | null;
  cancel_time: number | null;
  cancel_reason: string | null;
}

export interface EarnSettingsTable {
  name: string;
  value: string;
}

export interface LockupProductsTable {
  id: number;
  currency_id: number;
  min: string;
  lixi: string;
  qixian: number;
  active: Generated<number>;
  sorts: Generated<number>;
}

export interface LockupOrdersTable {
  id: Generated<number>;
  user_id: number;
  product_id: number;
  currency_id: number;
  buy_num: string;
  lixi: string;
  qixian: number;
  fan_lixi: string;
  status: Generated<number>;
  fee: Generated<string>;
  refund: Generated<string>;
  create_time: number;
  end_time: number;
  finish_time: number | null;
}

export interface LaunchProjectsTable {
  id: number;
  token_currency_id: number;
  keyword: string;
  abstract: string;
  content: string;
  baipishuurl: string;
  price_usdt: string;
  total: string;
  sold: Generated<string>;
  min: string;
  max: string;
  lock_days: number;
  warmup_at: number;
  start_at: number;
  end_at: number;
  publish_at: number;
}

export interface LaunchPayCurrenciesTable {
  project_id: number;
  currency_id: number;
  sorts: Generated<number>;
}

export interface LaunchSubscriptionsTable {
  id: Generated<number>;
  user_id: number;
  project_id: number;
  token_currency_id: number;
  pay_currency_id: number;
  price: string;
  amount: string;
  pay_amount: string;
  status: Generated<number>;
  created_at: number;
  endtime_at: number;
  unlocked_at: number | null;
}

export interface FeedbackTable {
  id: Generated<number>;
  user_id: number;
  content: string;
  img: string | null;
  is_reply: Generated<number>;
  reply_content: string | null;
  reply_time: number | null;
  create_time: number;
}

export interface SupportChatMessagesTable {
  id: Generated<number>;
  user_id: number;
  sender: string;
  text: string;
  created_at: number;
}

export interface SeedStepsTable {
  name: string;
  applied_at: number;
}

export interface DB {
  schema_migrations: SchemaMigrationsTable;
  users: UsersTable;
  auth_tokens: AuthTokensTable;
  verification_codes: VerificationCodesTable;
  outbox: OutboxTable;
  currencies: CurrenciesTable;
  wallet_balances: WalletBalancesTable;
  ledger_entries: LedgerEntriesTable;
  countries: CountriesTable;
  news: NewsTable;
  news_translations: NewsTranslationsTable;
  market_tape: MarketTapeTable;
  market_candles: MarketCandlesTable;
  deposit_addresses: DepositAddressesTable;
  deposits: DepositsTable;
  withdrawal_addresses: WithdrawalAddressesTable;
  withdrawals: WithdrawalsTable;
  kyc_submissions: KycSubmissionsTable;
  payout_profiles: PayoutProfilesTable;
  uploads: UploadsTable;
  server_secrets: ServerSecretsTable;
  spot_orders: SpotOrdersTable;
  lever_orders: LeverOrdersTable;
  trading_cursors: TradingCursorsTable;
  micro_orders: MicroOrdersTable;
  fiat_merchants: FiatMerchantsTable;
  fiat_orders: FiatOrdersTable;
  earn_settings: EarnSettingsTable;
  lockup_products: LockupProductsTable;
  lockup_orders: LockupOrdersTable;
  launch_projects: LaunchProjectsTable;
  launch_pay_currencies: LaunchPayCurrenciesTable;
  launch_subscriptions: LaunchSubscriptionsTable;
  feedback: FeedbackTable;
  support_chat_messages: SupportChatMessagesTable;
  seed_steps: SeedStepsTable;
}
