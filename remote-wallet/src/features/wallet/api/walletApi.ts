// The wallet calls of the asset screens (doc 1 §7, doc 2 §7, server API.md "Wallet, deposits and
// withdrawals"), typed by the contract.
import { call } from '@app/shared';
import type { AnswerOf, otc, wallet } from '@app/contract';

export const WALLET_TYPES = ['change', 'lever', 'legal', 'micro'] as const;
export type WalletType = (typeof WALLET_TYPES)[number];

export function isWalletType(value: string | null | undefined): value is WalletType {
  return (WALLET_TYPES as readonly string[]).includes(value ?? '');
}

/** The four wallets (POST /api/wallet/list). */
export type WalletList = AnswerOf<'POST /api/wallet/list'>;
export type RawWallet = WalletList['change_wallet'];
/** One coin of a wallet: `<type>_balance` and `lock_<type>_balance` are decimal text. */
export type RawBalance = RawWallet['balance'][number];

export type TransferResult = AnswerOf<'POST /api/wallet/transfer'>;
export type DepositAddress = AnswerOf<'GET /api/wallet/deposit_address'>;
export type FundLogPage = AnswerOf<'POST /api/wallet/legal_log'>;
export type FundLogEntry = FundLogPage['list'][number];
export type ChargeLogEntry = AnswerOf<'GET /api/charge_mention/log'>['data'][number];
export type WithdrawalAddress = AnswerOf<'POST /api/wallet/address/add'>;
export type Withdrawal = AnswerOf<'POST /api/wallet/withdraw'>;
/** 0 applying, 1 waiting for chain, 2 success, 3 failure, 4 rejected (the contract's literals). */
export type WithdrawalStatus = wallet.WithdrawalStatus;
/** GET /api/wallet/withdraw_info: the coin's limits and fee, the caller's available balance. */
export type WithdrawInfo = AnswerOf<'GET /api/wallet/withdraw_info'>;
/** Fiat buy record (doc 1 §3, §4). */
export type BuyRecord = AnswerOf<'GET /api/legal_buy/log'>[number];
/** -1 cancelled, 0 awaiting payment, 1 paid, 2 completed (the contract's literals). */
export type BuyRecordStatus = otc.FiatStatus;

export const walletApi = {
  list: (signal?: AbortSignal) => call('POST /api/wallet/list', undefined, { signal }),
  transfer: (body: { currency_id: number; number: string; from_field: WalletType; to_field: WalletType }) =>
    call('POST /api/wallet/transfer', body),
  depositAddress: (currencyId: number, signal?: AbortSignal) =>
    call('GET /api/wallet/deposit_address', { currency_id: currencyId }, { signal }),
  fundLog: (
    body: { page: number; type: WalletType; currency: number; limit?: number },
    signal?: AbortSignal,
  ) => call('POST /api/wallet/legal_log', body, { signal }),
  chargeLog: (signal?: AbortSignal) => call('GET /api/charge_mention/log', { limit: 1000 }, { signal }),
  addresses: (currencyId: number, signal?: AbortSignal) =>
    call('GET /api/wallet/address/list', { currency_id: currencyId }, { signal }),
  addAddress: (body: { currency_id: number; address: string; label?: string; remark?: string }) =>
    call('POST /api/wallet/address/add', body),
  deleteAddress: (id: number) => call('POST /api/wallet/address/delete', { id }),
  withdraw: (body: { currency_id: number; address_id: number; number: string; fund_password: string }) =>
    call('POST /api/wallet/withdraw', body),
  withdrawInfo: (currencyId: number, signal?: AbortSignal) =>
    call('GET /api/wallet/withdraw_info', { currency_id: currencyId }, { signal }),
  /** The fiat area's buy records (doc 1 §7), shown in the account centre. */
  buyLog: (signal?: AbortSignal) => call('GET /api/legal_buy/log', { limit: 1000 }, { signal }),
  withdrawals: (signal?: AbortSignal) => call('GET /api/wallet/withdrawals', { limit: 100 }, { signal }),
};
