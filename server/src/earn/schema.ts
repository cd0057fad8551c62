/** Lock-up mining products and orders, launch projects and subscriptions, earn settings. */
export const EARN_SCHEMA_V1 = `
CREATE TABLE earn_settings (
  name TEXT PRIMARY KEY,
  value TEXT NOT NULL
);

CREATE TABLE lockup_products (
  id INTEGER PRIMARY KEY,
  currency_id INTEGER NOT NULL REFERENCES currencies(id),
  min TEXT NOT NULL,
  lixi TEXT NOT NULL,
  qixian INTEGER NOT NULL CHECK (qixian > 0),
  active INTEGER NOT NULL DEFAULT 1,
  sorts INTEGER NOT NULL DEFAULT 0
);

CREATE TABLE lockup_orders (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  user_id INTEGER NOT NULL REFERENCES users(id),
  product_id INTEGER NOT NULL REFERENCES lockup_products(id),
  currency_id INTEGER NOT NULL REFERENCES currencies(id),
  buy_num TEXT NOT NULL,
  lixi TEXT NOT NULL,
  qixian INTEGER NOT NULL,
  fan_lixi TEXT NOT NULL,
  status INTEGER NOT NULL DEFAULT 1 CHECK (status IN (1, 2, 3)),
  fee TEXT NOT NULL DEFAULT '0',
  refund TEXT NOT NULL DEFAULT '0',
  create_time INTEGER NOT NULL,
  end_time INTEGER NOT NULL,
  finish_time INTEGER
);
CREATE INDEX lockup_orders_user ON lockup_orders (user_id, id);
CREATE INDEX lockup_orders_due ON lockup_orders (status, end_time);

CREATE TABLE launch_projects (
  id INTEGER PRIMARY KEY,
  token_currency_id INTEGER NOT NULL REFERENCES currencies(id),
  keyword TEXT NOT NULL,
  abstract TEXT NOT NULL,
  content TEXT NOT NULL,
  baipishuurl TEXT NOT NULL,
  price_usdt TEXT NOT NULL,
  total TEXT NOT NULL,
  sold TEXT NOT NULL DEFAULT '0',
  min TEXT NOT NULL,
  max TEXT NOT NULL,
  lock_days INTEGER NOT NULL,
  warmup_at INTEGER NOT NULL,
  start_at INTEGER NOT NULL,
  end_at INTEGER NOT NULL,
  publish_at INTEGER NOT NULL
);

CREATE TABLE launch_pay_currencies (
  project_id INTEGER NOT NULL REFERENCES launch_projects(id),
  currency_id INTEGER NOT NULL REFERENCES currencies(id),
  sorts INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (project_id, currency_id)
);

CREATE TABLE launch_subscriptions (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  user_id INTEGER NOT NULL REFERENCES users(id),
  project_id INTEGER NOT NULL REFERENCES launch_projects(id),
  token_currency_id INTEGER NOT NULL REFERENCES currencies(id),
  pay_currency_id INTEGER NOT NULL REFERENCES currencies(id),
  price TEXT NOT NULL,
  amount TEXT NOT NULL,
  pay_amount TEXT NOT NULL,
  status INTEGER NOT NULL DEFAULT 1 CHECK (status IN (1, 2, 3)),
  created_at INTEGER NOT NULL,
  endtime_at INTEGER NOT NULL,
  unlocked_at INTEGER
);
CREATE INDEX launch_subscriptions_user ON launch_subscriptions (user_id, id);
CREATE INDEX launch_subscriptions_due ON launch_subscriptions (status, endtime_at);
`;

/** The launch token (spec: the buy link's currency id is 18). */
export const BEF_ID = 18;
export const LAUNCH_PROJECT_ID = 1;
const DAY = 86_400_000;

export const SEED_LOCKUP_PRODUCTS = [
  { id: 1, currency_id: 3, min: '100', lixi: '1.5', qixian: 7 },
  { id: 2, currency_id: 3, min: '1000', lixi: '4', qixian: 30 },
  { id: 3, currency_id: 1, min: '0.01', lixi: '2', qixian: 15 },
  { id: 4, currency_id: 2, min: '0.5', lixi: '3', qixian: 30 },
] as const;

/** Cancel fee percent of a lock-up order (zhiya_qxsxf). */
export const SEED_CANCEL_FEE_PERCENT = '5';

/** The seeded launch project (its phases around the first start). */
export function launchProjectSeed(now: number) {
  return {
    id: LAUNCH_PROJECT_ID,
    token_currency_id: BEF_ID,
    keyword: 'BEF launch',
    abstract:
      'BEF is the utility token of the exchange ecosystem: fee discounts, launch priority and voting.',
    content:
      'Subscribe to BEF with USDT, BTC or ETH during the subscription phase. Subscribed tokens stay locked for the lock period, then can be unlocked to your coin wallet. Phases: warm-up, subscription, ended, results published.',
    baipishuurl: '/api/earn/whitepaper',
    price_usdt: '0.05',
    total: '10000000',
    min: '100',
    max: '100000',
    lock_days: 7,
    warmup_at: now - 8 * DAY,
    start_at: now - DAY,
    end_at: now + 180 * DAY,
    publish_at: now + 183 * DAY,
  };
}

/** Currencies a launch subscription can be paid in, in their order. */
export const LAUNCH_PAY_CURRENCY_IDS = [3, 1, 2] as const;
