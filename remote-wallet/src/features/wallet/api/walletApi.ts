// The wallet calls of the asset screens (doc 1 §7, doc 2 §7, server API.md "Wallet, deposits and
// withdrawals"). Screens call walletApi.x() at call time so tests stub them with jest.spyOn.
import { apiGet, apiPost } from '@app/shared';

export const WALLET_TYPES = ['change', 'lever', 'legal', 'micro'] as const;
export type WalletType = (typeof WALLET_TYPES)[number];

export function isWalletType(value: string | null | undefined): value is WalletType {
  return (WALLET_TYPES as readonly string[]).includes(value ?? '');
}

/** One coin of a wallet: `<type>_balance` and `lock_<type>_balance` are decimal text. */
export interface RawBalance {
  currency: number;
  currency_name: string;
  usdt_price: string;
  [field: string]: string | number;
}

export interface RawWallet {
  usdt_totle: string;
  balance: RawBalance[];
}

export type WalletList = Record<`${WalletType}_wallet`, RawWallet>;

export interface TransferResult {
  ref: string;
  currency_id: number;
  currency_name: string;
  number: string;
  from_field: WalletType;
  to_field: WalletType;
  from_balance: string;
  to_balance: string;
}

export interface DepositAddress {
  currency_id: number;
  currency_name: string;
  address: string;
  demo: boolean;
}

export interface FundLogEntry {
  id: number;
  created_time: string;
  value: string;
  info: string;
  field: 'available' | 'locked';
  balance_after: string;
  currency_id: number;
  currency_name: string;
  type: WalletType;
}

export interface FundLogPage {
  list: FundLogEntry[];
  page: number;
  limit: number;
  total: number;
}

export interface ChargeLogEntry {
  id: number;
  type: 'deposit' | 'withdrawal';
  currency_id: number;
  currency_name: string;
  value: string;
  info: string;
  transaction_info: string;
  status: number;
  status_text: string;
  created_time: string;
}

export interface WithdrawalAddress {
  id: number;
  currency_id: number;
  currency_name: string;
  address: string;
  label: string;
  remark: string;
  created_time: string;
}

/** 0 applying, 1 waiting for chain, 2 success, 3 failure, 4 rejected. */
export type WithdrawalStatus = 0 | 1 | 2 | 3 | 4;

export interface Withdrawal {
  id: number;
  currency_id: number;
  currency_name: string;
  address: string;
  label: string;
  number: string;
  fee: string;
  status: WithdrawalStatus;
  status_text: string;
  reason: string | null;
  hash: string | null;
  created_time: string;
  audit_time: string | null;
  finished_time: string | null;
}

/** GET /api/wallet/withdraw_info: the coin's limits and fee, the caller's available balance. */
export interface WithdrawInfo {
  currency_id: number;
  currency_name: string;
  min: string;
  max: string;
  fee: string;
  available: string;
  fund_password_set: boolean;
}

/** Fiat buy record (doc 1 §3, §4): status -1 cancelled, 0 awaiting payment, 1 paid, 2 completed. */
export type BuyRecordStatus = -1 | 0 | 1 | 2;

export interface BuyRecord {
  id: number;
  usdt_amount: string;
  amount: string;
  pay_way: 'alipay' | 'wechat' | 'bank';
  status: BuyRecordStatus;
  created_at: string;
}

export const walletApi = {
  list: (signal?: AbortSignal) => apiPost<WalletList>('/api/wallet/list', undefined, { signal }),
  transfer: (body: { currency_id: number; number: string; from_field: WalletType; to_field: WalletType }) =>
    apiPost<TransferResult>('/api/wallet/transfer', body),
  depositAddress: (currencyId: number, signal?: AbortSignal) =>
    apiGet<DepositAddress>('/api/wallet/deposit_address', { query: { currency_id: currencyId }, signal }),
  fundLog: (
    body: { page: number; type: WalletType; currency: number; limit?: number },
    signal?: AbortSignal,
  ) => apiPost<FundLogPage>('/api/wallet/legal_log', body, { signal }),
  chargeLog: (signal?: AbortSignal) =>
    apiGet<{ data: ChargeLogEntry[] }>('/api/charge_mention/log', { query: { limit: 1000 }, signal }),
  addresses: (currencyId: number, signal?: AbortSignal) =>
    apiGet<WithdrawalAddress[]>('/api/wallet/address/list', { query: { currency_id: currencyId }, signal }),
  addAddress: (body: { currency_id: number; address: string; label?: string; remark?: string }) =>
    apiPost<WithdrawalAddress>('/api/wallet/address/add', body),
  deleteAddress: (id: number) => apiPost<unknown>('/api/wallet/address/delete', { id }),
  withdraw: (body: { currency_id: number; address_id: number; number: string; fund_password: string }) =>
    apiPost<Withdrawal>('/api/wallet/withdraw', body),
  withdrawInfo: (currencyId: number, signal?: AbortSignal) =>
    apiGet<WithdrawInfo>('/api/wallet/withdraw_info', { query: { currency_id: currencyId }, signal }),
  /** The fiat area's buy records (doc 1 §7), shown in the account centre. */
  buyLog: (signal?: AbortSignal) =>
    apiGet<BuyRecord[] | { data: BuyRecord[] }>('/api/legal_buy/log', { query: { limit: 1000 }, signal }),
  withdrawals: (signal?: AbortSignal) =>
    apiGet<Withdrawal[]>('/api/wallet/withdrawals', { query: { limit: 100 }, signal }),
};
