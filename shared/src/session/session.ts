// The session: token and user in local storage under the spec's keys (doc 1 §3, §4),
// mirrored in atoms so every remote re-renders on login and logout.
import { atom, getDefaultStore, useAtomValue } from 'jotai';
import { StorageKey, readStorage, writeStorage } from '../config/storage';
import { navigateTo } from '../config/navigation';
import { accountApi } from '../api/calls';
import { setSessionExpiredHandler } from '../api/client';
import type { UserInfo } from '../types/entities';
import { refreshSocketAuth } from '../socket/socket';

export interface SessionState {
  token: string | null;
  userId: string | null;
  accountNum: string | null;
  extensionCode: string | null;
  isSeller: boolean;
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

export function isLoggedIn(): boolean {
  return Boolean(store().get(sessionAtom).token);
}

export function useSession(): SessionState {
  return useAtomValue(sessionAtom);
}

function applyUser(user: UserInfo): void {
  writeStorage(StorageKey.userId, String(user.id));
  writeStorage(StorageKey.accountNum, user.account_number);
  writeStorage(StorageKey.extensionCode, user.extension_code);
  writeStorage(StorageKey.isSeller, String(Boolean(user.is_seller)));
  store().set(sessionAtom, readSession());
}

/** Login success: store token and account, load the user info (doc 1 §4). */
export async function startSession(token: string, account: string): Promise<UserInfo> {
  writeStorage(StorageKey.token, token);
  writeStorage(StorageKey.accountNum, account);
  store().set(sessionAtom, readSession());
  refreshSocketAuth();
  const user = await accountApi.info();
  applyUser(user);
  return user;
}

export async function refreshUser(): Promise<UserInfo | null> {
  if (!isLoggedIn()) return null;
  const user = await accountApi.info();
  applyUser(user);
  return user;
}

/** Clears what logout clears: token, user_id, accountNum (doc 1 §4). */
export function clearSession(): void {
  writeStorage(StorageKey.token, null);
  writeStorage(StorageKey.userId, null);
  writeStorage(StorageKey.accountNum, null);
  store().set(sessionAtom, readSession());
  refreshSocketAuth();
}

/** Logout after the user confirmed: revoke the token server-side, clear, go to /login. */
export async function endSession(): Promise<void> {
  try {
    await accountApi.logout();
  } catch {
    // The token is dropped locally whatever the network says.
  }
  clearSession();
  navigateTo('/login', { replace: true });
}

type Notice = () => void;
let showLoginNotice: Notice = () => undefined;
let expiring = false;

/** The host sets how the login notice is shown (a translated toast in the stored language). */
export function setLoginNotice(fn: Notice): void {
  showLoginNotice = fn;
}

/** Answer of type 999: notice, remove user id and token, /login after 500 ms (doc 1 §4, doc 2 §4). */
export function handleInvalidSession(): void {
  if (expiring) return;
  expiring = true;
  showLoginNotice();
  writeStorage(StorageKey.userId, null);
  writeStorage(StorageKey.token, null);
  store().set(sessionAtom, readSession());
  refreshSocketAuth();
  window.setTimeout(() => {
    expiring = false;
    navigateTo('/login', { replace: true });
  }, 500);
}

setSessionExpiredHandler(handleInvalidSession);
