// Test-only helpers of this remote (never imported by pages).
import { getDefaultStore } from 'jotai';
import { clearSession, toastQueueAtom, type Country, type UserInfo } from '@app/shared';
import { clearCountryCache } from '../features/auth/api/authApi';

export const COUNTRIES: Country[] = [
  { country_id: 1, area_code: '1', name_en: 'United States', name_cn: '美国' },
  { country_id: 3, area_code: '86', name_en: 'China', name_cn: '中国' },
];

export const USER: UserInfo = {
  id: 42,
  account_number: 'ann@example.com',
  extension_code: 'ABC123',
  is_seller: false,
};

/** A clean slate: no session, no toasts, no cached country list, no spies. */
export function resetAppState(): void {
  jest.restoreAllMocks();
  window.localStorage.clear();
  clearSession();
  clearCountryCache();
  getDefaultStore().set(toastQueueAtom, []);
}
