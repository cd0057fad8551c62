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
