import { getDefaultStore } from 'jotai';
import { StorageKey } from '../config/storage';
import type { UserInfo } from '../types/entities';
import { setNavigator } from '../config/navigation';
import { ApiError } from '../api/client';
import { apiFailure, mockFetch, type FetchMock } from '../testing/fetch';
import {
  clearSession,
  endSession,
  followOtherTabs,
  isLoggedInAtom,
  logIn,
  onTokenChange,
  sessionToken,
} from './session';

const USER: UserInfo = {
  id: 7,
  account_number: 'a@example.com',
  extension_code: 'ABC123',
  is_seller: true,
  email: 'a@example.com',
  phone: null,
  area_code: null,
  review_status: 0,
  created_at: '2026-11-20T07:39:49.785Z',
};

let net: FetchMock | undefined;
const navigate = jest.fn();
beforeEach(() => setNavigator(navigate));
afterEach(() => {
  net?.restore();
  net = undefined;
  clearSession();
  window.localStorage.clear();
  navigate.mockReset();
});

/** What the browser does in this tab when another tab of the origin writes local storage. */
function otherTabWrites(key: string, value: string | null): void {
  const oldValue = window.localStorage.getItem(key);
  if (value === null) window.localStorage.removeItem(key);
  else window.localStorage.setItem(key, value);
  window.dispatchEvent(new StorageEvent('storage', { key, oldValue, newValue: value }));
}

describe('the session service', () => {
  it('logs in: the token and account under the spec keys, then the user; the client sends the token', async () => {
    net = mockFetch({
      'POST /api/user/login': () => 'tok-9',
      'GET /api/user/info': () => USER,
    });
    await expect(logIn({ user_string: 'a@example.com', password: 'Demo1234' })).resolves.toEqual(USER);
    expect(net.to('POST /api/user/login')[0]?.body).toEqual({
      user_string: 'a@example.com',
      password: 'Demo1234',
      type: 1,
    });
    expect(net.to('POST /api/user/login')[0]?.headers.get('Authorization')).toBeNull();
    expect(net.to('GET /api/user/info')[0]?.headers.get('Authorization')).toBe('Bearer tok-9');
    expect(window.localStorage.getItem(StorageKey.token)).toBe('tok-9');
    expect(window.localStorage.getItem(StorageKey.userId)).toBe('7');
    expect(window.localStorage.getItem(StorageKey.accountNum)).toBe('a@example.com');
    expect(window.localStorage.getItem(StorageKey.isSeller)).toBe('true');
    expect(getDefaultStore().get(isLoggedInAtom)).toBe(true);
  });

  it('a refused login stores nothing and throws the typed error', async () => {
    net = mockFetch({ 'POST /api/user/login': () => apiFailure('login.failed') });
    const failure = logIn({ user_string: 'a@example.com', password: 'nope' });
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toMatchObject({ code: 'login.failed' });
    expect(sessionToken()).toBeNull();
    expect(window.localStorage.getItem(StorageKey.token)).toBeNull();
  });

  it('logs out: revokes the token, clears token, user_id and accountNum, goes to /login', async () => {
    net = mockFetch({ 'POST /api/user/login': () => 'tok-9', 'GET /api/user/info': () => USER });
    await logIn({ user_string: 'a@example.com', password: 'Demo1234' });
    net.restore();
    net = mockFetch({ 'POST /api/user/logout': () => 'logged out' });
    await endSession();
    expect(net.to('POST /api/user/logout')[0]?.headers.get('Authorization')).toBe('Bearer tok-9');
    for (const key of [StorageKey.token, StorageKey.userId, StorageKey.accountNum])
      expect(window.localStorage.getItem(key)).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/login', { replace: true });
  });

  it('follows the other tabs: a logout there logs this tab out and shows /login; a login there logs in', () => {
    const stop = followOtherTabs();
    const tokens: (string | null)[] = [];
    const unlisten = onTokenChange((token) => tokens.push(token));
    otherTabWrites(StorageKey.token, 'tok-other');
    expect(sessionToken()).toBe('tok-other');
    expect(getDefaultStore().get(isLoggedInAtom)).toBe(true);
    expect(navigate).not.toHaveBeenCalled();
    otherTabWrites(StorageKey.token, null);
    expect(sessionToken()).toBeNull();
    expect(getDefaultStore().get(isLoggedInAtom)).toBe(false);
    expect(navigate).toHaveBeenCalledWith('/login', { replace: true });
    expect(tokens).toEqual(['tok-other', null]);
    unlisten();
    stop();
  });

  it('ignores other keys written by other tabs, and stops following when asked', () => {
    window.localStorage.setItem(StorageKey.token, 'tok-1');
    otherTabWrites(StorageKey.token, 'tok-1'); // not followed yet: no listener
    const stop = followOtherTabs();
    otherTabWrites(StorageKey.lang, 'de');
    expect(navigate).not.toHaveBeenCalled();
    stop();
    otherTabWrites(StorageKey.token, null);
    expect(navigate).not.toHaveBeenCalled();
  });
});
