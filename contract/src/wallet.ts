import { z } from 'zod';
import { decimal, optionalId, optionalText, positiveId, text } from './fields';

const field = (max: number) => text(z.string().trim().min(1).max(max));
const amount = () =>
  text(
    z
      .string({ error: 'wallet.invalid_amount' })
      .trim()
      .min(1, { error: 'wallet.invalid_amount' })
      .max(40, { error: 'wallet.invalid_amount' }),
  );

export const transferBody = z.object({
  currency_id: field(10),
  number: amount(),
  from_field: text(z.string({ error: 'wallet.invalid_type' }).trim().max(10)),
  to_field: text(z.string({ error: 'wallet.invalid_type' }).trim().max(10)),
});

export const currencyQuery = z.object({ currency_id: field(10) });
export const optionalCurrencyQuery = z.object({ currency_id: optionalText(z.string().trim().max(10)) });
export const limitQuery = z.object({ limit: optionalId() });

export const legalLogBody = z.object({
  page: optionalId(),
  limit: optionalId(),
  type: text(z.string({ error: 'wallet.invalid_type' }).trim().max(10)),
  currency: field(10),
});

// Address and label are not trimmed: a space anywhere is refused by the rules.
export const addressBody = z.object({
  currency_id: field(10),
  address: text(
    z
      .string({ error: 'withdraw.address_invalid' })
      .min(1, { error: 'withdraw.address_invalid' })
      .max(128, { error: 'withdraw.address_invalid' }),
  ),
  label: optionalText(z.string().max(32, { error: 'withdraw.label_invalid' })),
  remark: optionalText(z.string().max(100)),
});

export const walletIdBody = z.object({ id: positiveId() });

export const withdrawBody = z.object({
  currency_id: field(10),
  address_id: positiveId(),
  number: amount(),
  fund_password: text(
    z
      .string({ error: 'fund_password.rule' })
      .min(1, { error: 'fund_password.rule' })
      .max(32, { error: 'fund_password.rule' }),
  ),
});

// ------------------------------------------------------------------ answers

/**
 * Ledger reason codes (`ledger_entries.reason`). The fund log (`/api/wallet/legal_log`) hands them
 * out as `info`; clients translate them. Stable: never rename one, append.
 */
export const LEDGER_REASONS = {
  seed: 'Opening balance of the demo account',
  deposit: 'Deposit credited',
  withdrawal_lock: 'Withdrawal applied: amount and fee moved from available to locked',
  withdrawal: 'Withdrawal sent on chain (locked amount burned)',
  withdrawal_fee: 'Withdrawal fee (locked fee burned)',
  withdrawal_release: 'Withdrawal rejected or failed: locked amount and fee returned',
  transfer_out: 'Transfer to another wallet of the same user',
  transfer_in: 'Transfer from another wallet of the same user',
  margin_deduction: 'Margin deducted',
  margin_release: 'Margin returned',
  fee_deduction: 'Trading fee deducted',
  profit: 'Trade profit',
  loss: 'Trade loss',
  balance_adjustment: 'Balance adjustment',
  liquidation: 'Liquidation',
  // Spot (issue 5)
  spot_order_lock: 'Limit order placed: funds moved from available to locked',
  spot_order_release: 'Limit order revoked: locked funds returned',
  spot_buy: 'Spot trade: bought',
  spot_sell: 'Spot trade: sold',
  spot_pay: 'Spot trade: paid for a buy, or the coin delivered for a sell',
  // Seconds contracts (issue 5)
  seconds_stake: 'Seconds contract opened: stake deducted',
  seconds_payout: 'Seconds contract won: stake and profit returned',
  seconds_refund: 'Seconds contract tied: stake returned',
  // Fiat purchase, launch subscriptions, lock-up mining (issue 6)
  fiat_buy: 'Fiat purchase of USDT confirmed by the merchant',
  launch_subscribe: 'Launch subscription paid',
  launch_unlock: 'Launch subscription unlocked: tokens credited',
  lockup_lock: 'Lock-up mining: principal locked',
  lockup_release: 'Lock-up mining: principal returned',
  lockup_interest: 'Lock-up mining: interest paid',
  lockup_cancel_fee: 'Lock-up mining cancelled early: fee',
} as const;

export type LedgerReason = keyof typeof LEDGER_REASONS;
export const LEDGER_REASON_LIST = Object.keys(LEDGER_REASONS) as [LedgerReason, ...LedgerReason[]];

export const WALLET_TYPES = ['change', 'lever', 'legal', 'micro'] as const;
const walletType = z.enum(WALLET_TYPES);

/** One wallet: its USDT total and per-currency rows with `<type>_balance` and `lock_<type>_balance`. */
const walletView = (type: (typeof WALLET_TYPES)[number]) =>
  z.object({
    usdt_totle: decimal,
    balance: z.array(
      z.object({
        currency: z.number().int(),
        currency_name: z.string(),
        usdt_price: decimal,
        [`${type}_balance`]: decimal,
        [`lock_${type}_balance`]: decimal,
      }),
    ),
  });

export const walletListAnswer = z.object({
  change_wallet: walletView('change'),
  lever_wallet: walletView('lever'),
  legal_wallet: walletView('legal'),
  micro_wallet: walletView('micro'),
});

export const transferAnswer = z.object({
  ref: z.string(),
  currency_id: z.number().int(),
  currency_name: z.string(),
  number: decimal,
  from_field: walletType,
  to_field: walletType,
  from_balance: decimal,
  to_balance: decimal,
});

export const fundLogAnswer = z.object({
  list: z.array(
    z.object({
      id: z.number().int(),
      created_time: z.string(),
      value: decimal,
      /** The ledger reason code (LEDGER_REASONS). */
      info: z.enum(LEDGER_REASON_LIST),
      field: z.enum(['available', 'locked']),
      balance_after: decimal,
      currency_id: z.number().int(),
      currency_name: z.string(),
      type: walletType,
    }),
  ),
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
});

export const depositAddressAnswer = z.object({
  currency_id: z.number().int(),
  currency_name: z.string(),
  address: z.string(),
  demo: z.literal(true),
});

/** Withdrawal status: 0 applying, 1 waiting for chain, 2 success, 3 chain failure, 4 rejected. */
export const withdrawalStatus = z.literal([0, 1, 2, 3, 4]);
export type WithdrawalStatus = z.infer<typeof withdrawalStatus>;

export const chargeMentionAnswer = z.object({
  data: z.array(
    z.object({
      id: z.number().int(),
      type: z.enum(['deposit', 'withdrawal']),
      currency_id: z.number().int(),
      currency_name: z.string(),
      value: decimal,
      info: z.string(),
      transaction_info: z.string(),
      /** A withdrawal's status; a deposit is 2 (success). */
      status: withdrawalStatus,
      status_text: z.string(),
      created_time: z.string(),
    }),
  ),
});
export type ChargeMentionEntry = z.infer<typeof chargeMentionAnswer>['data'][number];

export const addressView = z.object({
  id: z.number().int(),
  currency_id: z.number().int(),
  currency_name: z.string(),
  address: z.string(),
  label: z.string(),
  remark: z.string(),
  created_time: z.string(),
});

export const withdrawInfoAnswer = z.object({
  currency_id: z.number().int(),
  currency_name: z.string(),
  min: decimal,
  max: decimal,
  fee: decimal,
  available: decimal,
  fund_password_set: z.boolean(),
});

export const withdrawalView = z.object({
  id: z.number().int(),
  currency_id: z.number().int(),
  currency_name: z.string(),
  address: z.string(),
  label: z.string(),
  number: decimal,
  fee: decimal,
  status: withdrawalStatus,
  status_text: z.string(),
  reason: z.string().nullable(),
  hash: z.string().nullable(),
  created_time: z.string(),
  audit_time: z.string().nullable(),
  finished_time: z.string().nullable(),
});
export type WithdrawalView = z.infer<typeof withdrawalView>;
