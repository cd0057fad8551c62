// The session service (doc 1 §4): login, the user, logout, the 999 expiry and the other tabs
// all go through here. The state and the token live in ./store (which the API client and the
// socket ask); this module adds what needs the API.
import { useAtomValue } from 'jotai';
import type { UserInfo } from '../types/entities';
import { navigateTo } from '../config/navigation';
import { accountApi } from '../api/calls';
import { clearSession, isLoggedIn, sessionAtom, storeToken, storeUser, type SessionState } from './store';

export {
  clearSession,
  expireSession,
  followOtherTabs,
  isLoggedIn,
  isLoggedInAtom,
  onTokenChange,
  sessionAtom,
  sessionToken,
  setLoginNotice,
  type SessionState,
  type SessionUser,
} from './store';

export function useSession(): SessionState {
  return useAtomValue(sessionAtom);
}

/** Token in hand (login, or a test): store it with the account, then load the user. */
export async function startSession(token: string, account: string): Promise<UserInfo> {
  storeToken(token, account);
  const user = await accountApi.info();
  storeUser(user);
  return user;
}

export interface LoginInput {
  /** The account as typed, normalised (an e-mail, or the phone digits). */
  user_string: string;
  password: string;
  /** Phone mode: the chosen country's id. */
  area_code_id?: number;
}

/**
 * Log in (doc 1 §4): the token is stored with the account, then the user info is loaded. A
 * failed login throws the ApiError; a failed info load does not fail the login (the pages
 * that need the user load it again), so it resolves with null then.
 */
export async function logIn(input: LoginInput): Promise<UserInfo | null> {
  const token = await accountApi.login(input);
  try {
    return await startSession(token, input.user_string);
  } catch {
    return null;
  }
}

export async function refreshUser(): Promise<UserInfo | null> {
  if (!isLoggedIn()) return null;
  const user = await accountApi.info();
  storeUser(user);
  return user;
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
