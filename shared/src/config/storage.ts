// Local storage keys named by the spec (doc 1 §3, doc 2 §3). One place so every package agrees.
export const StorageKey = {
  token: 'token',
  userId: 'user_id',
  accountNum: 'accountNum',
  extensionCode: 'extension_code',
  isSeller: 'is_seller',
  lang: 'lang',
  locale: 'locale',
  mode: 'mode',
  currentCurrency: 'currentCurrency',
  currentCurrencyId: 'currentCurrencyID',
  matchId: 'match_id',
  inTrade: 'inTrade',
  /** The market tab (0 crypto, 1 metals, 2 futures). */
  marketTab: 'hqtab',
  legalName: 'legal_name',
} as const;

export type StorageKeyName = (typeof StorageKey)[keyof typeof StorageKey];

export function readStorage(key: StorageKeyName | string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeStorage(key: StorageKeyName | string, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // Private mode or quota: the app keeps working with in-memory state.
  }
}
