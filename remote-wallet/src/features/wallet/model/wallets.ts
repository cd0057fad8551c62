// Wallet figures for display (doc 1 §9): decimal text in, truncated text out, bignumber.js only.
import { formatAssetTotal, formatBalance, formatTotal } from '@app/shared';
import { sumDecimals, toDecimal } from '@app/shared/decimal-math';
import { WALLET_TYPES, type RawWallet, type WalletList, type WalletType } from '../api/walletApi';

export interface CoinBalance {
  currencyId: number;
  name: string;
  /** Decimal text, as the server sent it. */
  available: string;
  locked: string;
}

export interface WalletView {
  type: WalletType;
  /** usdt_totle as sent. */
  total: string;
  coins: CoinBalance[];
}

function text(value: string | number | undefined): string {
  return value === undefined ? '0' : String(value);
}

export function walletOf(list: WalletList, type: WalletType): WalletView {
  const raw: RawWallet = list[`${type}_wallet`] ?? { usdt_totle: '0', balance: [] };
  return {
    type,
    total: raw.usdt_totle,
    coins: raw.balance.map((b) => ({
      currencyId: Number(b.currency),
      name: String(b.currency_name),
      available: text(b[`${type}_balance`]),
      locked: text(b[`lock_${type}_balance`]),
    })),
  };
}

export function walletViews(list: WalletList): WalletView[] {
  return WALLET_TYPES.map((type) => walletOf(list, type));
}

/** Total assets in USD: the sum of the four wallets' usdt_totle, 2 decimals, truncated (doc 1 §9). */
export function totalAssetsUsd(list: WalletList): string {
  return formatTotal(sumDecimals(WALLET_TYPES.map((type) => list[`${type}_wallet`]?.usdt_totle)));
}

/** A wallet's total: 4 decimals, truncated. */
export function walletTotal(wallet: WalletView): string {
  return formatAssetTotal(wallet.total);
}

/** Available / locked of a coin: 2 decimals for USDT, 6 for coins, truncated. */
export function coinAmount(value: string, currencyName: string): string {
  return formatBalance(value, currencyName);
}

/** The available balance of one coin in one wallet ("0" when the wallet has no row). */
export function availableOf(list: WalletList, type: WalletType, currencyId: number): string {
  return walletOf(list, type).coins.find((c) => c.currencyId === currencyId)?.available ?? '0';
}

/** The coins the user can pick, from the coin (change) wallet. */
export function coinsOf(list: WalletList): { id: number; name: string }[] {
  return walletOf(list, 'change').coins.map((c) => ({ id: c.currencyId, name: c.name }));
}

/** Amount text as typed: digits with one optional decimal point. */
export const AMOUNT_PATTERN = /^\d+(\.\d+)?$/;

export function isAmountText(value: string): boolean {
  return AMOUNT_PATTERN.test(value.trim()) && toDecimal(value.trim()).gt(0);
}

/**
 * A small balance: available plus locked shows as zero at the coin's display precision (2
 * decimals for USDT, 6 for coins). "Hide small balances" leaves these out.
 */
export function isSmallBalance(coin: CoinBalance): boolean {
  const total = toDecimal(coin.available).plus(toDecimal(coin.locked));
  return !total.isFinite() || toDecimal(coinAmount(total.toFixed(), coin.name)).isZero();
}

/** The assets list's "hide small balances" choice, kept on this device. */
export const HIDE_SMALL_KEY = 'hide_small_balances';
