// The session's state: the token and the user, persisted under the spec's storage keys
// (doc 1 §3, §4) and mirrored in an atom so every remote re-renders on login and logout. The
// one owner of the token: the API client and the socket ask `sessionToken()`; nothing else
// reads the token from storage. No API calls here (the client depends on this module).
import { atom, getDefaultStore } from 'jotai';
import { StorageKey, readStorage, writeStorage } from '../config/storage';
import { navigateTo } from '../config/navigation';

export interface SessionState {
  token: string | null;
  userId: string | null;
  accountNum: string | null;
  extensionCode: string | null;
  isSeller: boolean;
}

/** The user fields the session keeps (a subset of the contract's `GET /api/user/info`). */
export interface SessionUser {
  id: number;
  account_number: string;
  extension_code: string;
  is_seller: boolean;
}

function readSession(): SessionState {
  return {
    token: readStorage(StorageKey.token),
    userId: readStorage(StorageKey.userId),
    accountNum: readStorage(StorageKey.accountNum),
    extensionCode: readStorage(StorageKey.extensionCode),
    isSeller: readStorage(StorageKey.isSeller) === 'true',
  };
}

export const sessionAtom = atom<SessionState>(readSession());
export const isLoggedInAtom = atom((get) => Boolean(get(sessionAtom).token));

const store = () => getDefaultStore();

type TokenListener = (token: string | null) => void;
const tokenListeners = new Set<TokenListener>();

/** Re-reads storage into the atom and tells the token's users (the socket) when it changed. */
function sync(): void {
  const before = store().get(sessionAtom).token;
  const next = readSession();
  store().set(sessionAtom, next);
  if (next.token !== before) for (const listener of tokenListeners) listener(next.token);
}

/** The current token, or null: what the API client and the socket send. */
export function sessionToken(): string | null {
  return store().get(sessionAtom).token;
}

export function isLoggedIn(): boolean {
  return Boolean(sessionToken());
}

/** Called with the new token (or null) whenever it changes, in this tab or another. */
export function onTokenChange(listener: TokenListener): () => void {
  tokenListeners.add(listener);
  return () => tokenListeners.delete(listener);
}

/** Login success: the token and the account typed (doc 1 §4). */
export function storeToken(token: string, account: string): void {
  writeStorage(StorageKey.token, token);
  writeStorage(StorageKey.accountNum, account);
  sync();
}

export function storeUser(user: SessionUser): void {
  writeStorage(StorageKey.userId, String(user.id));
  writeStorage(StorageKey.accountNum, user.account_number);
  writeStorage(StorageKey.extensionCode, user.extension_code);
  writeStorage(StorageKey.isSeller, String(Boolean(user.is_seller)));
  sync();
}

/** Clears what logout clears: token, user_id, accountNum (doc 1 §4). */
export function clearSession(): void {
  writeStorage(StorageKey.token, null);
  writeStorage(StorageKey.userId, null);
  writeStorage(StorageKey.accountNum, null);
  sync();
}

type Notice = () => void;
let showLoginNotice: Notice = () => undefined;
let expiring = false;

/** The app's start-up sets how the login notice is shown (a translated toast in the stored language). */
export function setLoginNotice(fn: Notice): void {
  showLoginNotice = fn;
}

/** Answer of type 999: notice, remove user id and token, /login after 500 ms (doc 1 §4, doc 2 §4). */
export function expireSession(): void {
  if (expiring) return;
  expiring = true;
  showLoginNotice();
  writeStorage(StorageKey.userId, null);
  writeStorage(StorageKey.token, null);
  sync();
  window.setTimeout(() => {
    expiring = false;
    navigateTo('/login', { replace: true });
  }, 500);
}

/**
 * Follows the session of the other tabs of this origin (the `storage` event fires in every tab
 * but the one that wrote): a logout or expiry there logs this tab out and shows /login; a login
 * there logs this tab in. Started once by the app's start-up; returns the stop function.
 */
export function followOtherTabs(): () => void {
  const onStorage = (event: StorageEvent) => {
    // key null: the other tab cleared the whole storage.
    if (event.key !== null && event.key !== StorageKey.token && event.key !== StorageKey.userId) return;
    const hadToken = Boolean(sessionToken());
    sync();
    if (hadToken && !sessionToken()) navigateTo('/login', { replace: true });
  };
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
}
