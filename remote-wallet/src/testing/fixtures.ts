// Test-only helpers of this remote (never imported by pages).
import { getDefaultStore } from 'jotai';
import { clearSession, toastQueueAtom, type Country, type UserInfo } from '@app/shared';
import { restoreNetwork } from '@app/shared/testing';
import type { WalletList } from '../features/wallet/api/walletApi';

// Each test answers the network with `stubNetwork` (@app/shared/testing); put back after it.
afterEach(restoreNetwork);

export const COUNTRIES: Country[] = [
  { country_id: 1, area_code: '1', name_en: 'United States', name_cn: '美国' },
  { country_id: 3, area_code: '86', name_en: 'China', name_cn: '中国' },
];

export const USER: UserInfo = {
  id: 42,
  account_number: 'ann@example.com',
  extension_code: 'ABC123',
  is_seller: false,
  email: 'ann@example.com',
  phone: null,
  area_code: null,
  review_status: 0,
  created_at: '2026-11-20T07:39:49.785Z',
};

function coin(type: string, currency: number, name: string, price: string, available: string, locked = '0') {
  return {
    currency,
    currency_name: name,
    usdt_price: price,
    [`${type}_balance`]: available,
    [`lock_${type}_balance`]: locked,
  };
}

/** The demo account's wallets (API.md), with a few digits to show truncation. */
export const WALLETS: WalletList = {
  change_wallet: {
    usdt_totle: '46123.45678912',
    balance: [
      coin('change', 3, 'USDT', '1', '10000.129', '20.5'),
      coin('change', 1, 'BTC', '65000', '0.12345679'),
      coin('change', 2, 'ETH', '3000', '5'),
    ],
  },
  lever_wallet: { usdt_totle: '5000', balance: [coin('lever', 3, 'USDT', '1', '5000')] },
  legal_wallet: { usdt_totle: '0', balance: [coin('legal', 3, 'USDT', '1', '0')] },
  micro_wallet: { usdt_totle: '0.00000001', balance: [coin('micro', 3, 'USDT', '1', '0')] },
};

/** A clean slate: no session, no toasts, no spies (each render has its own query cache). */
export function resetAppState(): void {
  jest.restoreAllMocks();
  window.localStorage.clear();
  clearSession();
  getDefaultStore().set(toastQueueAtom, []);
}
