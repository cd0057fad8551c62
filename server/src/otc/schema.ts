/** Fiat purchase: merchants (with their payment details) and buy orders. */
export const FIAT_SCHEMA_V1 = `
CREATE TABLE fiat_merchants (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  rate TEXT NOT NULL,
  min TEXT NOT NULL,
  max TEXT NOT NULL,
  alipay TEXT NOT NULL DEFAULT '',
  wechat TEXT NOT NULL DEFAULT '',
  bank_no TEXT NOT NULL DEFAULT '',
  bank_name TEXT NOT NULL DEFAULT '',
  bank_address TEXT NOT NULL DEFAULT '',
  active INTEGER NOT NULL DEFAULT 1,
  sorts INTEGER NOT NULL DEFAULT 0
);

CREATE TABLE fiat_orders (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  user_id INTEGER NOT NULL REFERENCES users(id),
  merchant_id INTEGER NOT NULL REFERENCES fiat_merchants(id),
  currency_id INTEGER NOT NULL REFERENCES currencies(id),
  pay_way TEXT NOT NULL CHECK (pay_way IN ('alipay', 'wechat', 'bank')),
  amount TEXT NOT NULL,
  rate TEXT NOT NULL,
  usdt_amount TEXT NOT NULL,
  status INTEGER NOT NULL DEFAULT 0 CHECK (status IN (-1, 0, 1, 2)),
  pic TEXT,
  created_at INTEGER NOT NULL,
  expire_at INTEGER NOT NULL,
  pay_time INTEGER,
  confirm_time INTEGER,
  cancel_time INTEGER,
  cancel_reason TEXT CHECK (cancel_reason IN ('user', 'timeout', 'merchant'))
);
CREATE INDEX fiat_orders_user ON fiat_orders (user_id, id);
CREATE INDEX fiat_orders_due ON fiat_orders (status, expire_at);
`;

export interface SeedMerchant {
  id: number;
  name: string;
  rate: string;
  min: string;
  max: string;
  alipay: string;
  wechat: string;
  bank_no: string;
  bank_name: string;
  bank_address: string;
}

export const SEED_MERCHANTS: readonly SeedMerchant[] = [
  {
    id: 1,
    name: 'Teal OTC',
    rate: '7.20',
    min: '100',
    max: '50000',
    alipay: 'tealotc@alipay.example',
    wechat: 'tealotc_pay',
    bank_no: '6222 0210 0111 2233 445',
    bank_name: 'Industrial Bank of Example',
    bank_address: 'Harbour Road Branch, Shanghai',
  },
  {
    id: 2,
    name: 'Harbor Desk',
    rate: '7.22',
    min: '500',
    max: '200000',
    alipay: '',
    wechat: '',
    bank_no: '6217 0000 9988 7766 554',
    bank_name: 'Example Merchants Bank',
    bank_address: 'Pearl Street Branch, Shenzhen',
  },
  {
    id: 3,
    name: 'Quick Pay',
    rate: '7.25',
    min: '100',
    max: '20000',
    alipay: 'quickpay@alipay.example',
    wechat: 'quickpay_wx',
    bank_no: '',
    bank_name: '',
    bank_address: '',
  },
];
