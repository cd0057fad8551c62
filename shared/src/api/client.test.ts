import fs from 'node:fs';
import path from 'node:path';
import { setupI18n } from '@lingui/core';
import { ERROR_CODE_LIST } from '@app/contract';
import { StorageKey } from '../config/storage';
import type { UserInfo } from '../types/entities';
import { setNavigator } from '../config/navigation';
import { clearSession, sessionToken, setLoginNotice, storeToken } from '../session/store';
import {
  apiFailure,
  mockFetch,
  networkDown,
  rawAnswer,
  sessionExpired,
  type FetchMock,
} from '../testing/fetch';
import { ApiError, call } from './client';
import { apiErrorMessage } from './errors';
import { apiErrorMessages } from './errorMessages';

let net: FetchMock | undefined;
afterEach(() => {
  net?.restore();
  net = undefined;
  clearSession();
  window.localStorage.clear();
  jest.useRealTimers();
});

const USER: UserInfo = {
  id: 7,
  account_number: 'a@example.com',
  extension_code: 'ABC123',
  is_seller: false,
  email: 'a@example.com',
  phone: null,
  area_code: null,
  review_status: 0,
  created_at: '2026-11-20T07:39:49.785Z',
};

const failureOf = async (promise: Promise<unknown>): Promise<ApiError> => {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('the call succeeded');
};

describe('the API client', () => {
  it('sends the language header, the _t timestamp and the session token; answers the parsed message', async () => {
    window.localStorage.setItem(StorageKey.locale, 'de');
    storeToken('tok-1', 'a@example.com');
    net = mockFetch({ 'GET /api/user/info': () => USER });
    await expect(call('GET /api/user/info')).resolves.toEqual(USER);
    const [sent] = net.calls;
    expect(sent?.headers.get('lang')).toBe('de');
    expect(sent?.headers.get('Authorization')).toBe('Bearer tok-1');
    expect(net.calls).toHaveLength(1);
  });

  it('sends the GET input as the query string with _t, and the POST input as the JSON body', async () => {
    const urls: string[] = [];
    net = mockFetch({
      'GET /api/custorm': (_body, sent) => {
        urls.push(String(sent.query.terminal));
        return 'https://chat.example/{token}';
      },
      'POST /api/news/detail': () => ({
        id: 3,
        sorts: 1,
        thumbnail: '',
        title: 'T',
        content: '',
        create_time: '',
        c_id: 4,
        lang: 'en',
      }),
    });
    const fetchSpy = jest.spyOn(globalThis, 'fetch');
    await call('GET /api/custorm', { terminal: 'mobile' });
    await call('POST /api/news/detail', { id: 3, lang: 'en' });
    const firstUrl = new URL((fetchSpy.mock.calls[0]?.[0] as Request).url);
    expect(firstUrl.searchParams.get('_t')).toMatch(/^\d{13}$/);
    expect(urls).toEqual(['mobile']);
    expect(net.to('POST /api/news/detail')[0]?.body).toEqual({ id: 3, lang: 'en' });
    fetchSpy.mockRestore();
  });

  it('sends no token when the call says auth: false, nor without a session', async () => {
    net = mockFetch({ 'GET /api/country/list': () => [] });
    await call('GET /api/country/list');
    storeToken('tok-1', 'a');
    await call('GET /api/country/list', undefined, { auth: false });
    expect(net.calls.map((c) => c.headers.get('Authorization'))).toEqual([null, null]);
  });

  it('turns a failure envelope into a typed ApiError with the contract code, status and wait', async () => {
    net = mockFetch({ 'POST /api/sms_mail': () => apiFailure('code.resend_wait', 'wait', 42) });
    const error = await failureOf(call('POST /api/sms_mail', { user_string: 'a@example.com', lang: 'en' }));
    expect(error).toMatchObject({ code: 'code.resend_wait', status: 429, wait: 42, message: 'wait' });
  });

  it('answers answer.malformed, translated, when the answer does not match the contract', async () => {
    // Sent as is: the mock refuses a fixture that does not match the contract.
    net = mockFetch({
      'GET /api/user/info': () => rawAnswer(200, { type: 'ok', message: { ...USER, id: 'seven' } }),
    });
    const error = await failureOf(call('GET /api/user/info'));
    expect(error.code).toBe('answer.malformed');
    const i18n = setupI18n({ locale: 'en', messages: { en: {} } });
    expect(apiErrorMessage(i18n, error)).toBe('The server sent an answer this app cannot read');
  });

  it('answers answer.malformed for a body that is not JSON, and for an unknown code', async () => {
    net = mockFetch({
      'GET /api/user/info': () => rawAnswer(200, '<html>'),
      'GET /api/user/center': () => rawAnswer(400, { type: 'error', code: 'no.such_code', message: 'x' }),
    });
    expect((await failureOf(call('GET /api/user/info'))).code).toBe('answer.malformed');
    expect((await failureOf(call('GET /api/user/center'))).code).toBe('answer.malformed');
  });

  it('answers network when the host proxy answers 502 (the API server is down)', async () => {
    const proxy = { type: 'error', code: 'network.error', message: 'API server unavailable' };
    net = mockFetch({ 'POST /api/user/logout': () => rawAnswer(502, proxy) });
    expect((await failureOf(call('POST /api/user/logout'))).code).toBe('network');
  });

  it('runs the 999 flow: notice, token and user id removed, /login after 500 ms', async () => {
    jest.useFakeTimers();
    const notice = jest.fn();
    const navigate = jest.fn();
    setLoginNotice(notice);
    setNavigator(navigate);
    storeToken('tok-1', 'a@example.com');
    window.localStorage.setItem(StorageKey.userId, '7');
    net = mockFetch({ 'POST /api/wallet/list': () => sessionExpired() });
    const error = await failureOf(call('POST /api/wallet/list'));
    expect(error).toMatchObject({ code: 'session.invalid', status: 401 });
    expect(notice).toHaveBeenCalledTimes(1);
    expect(sessionToken()).toBeNull();
    expect(window.localStorage.getItem(StorageKey.token)).toBeNull();
    expect(window.localStorage.getItem(StorageKey.userId)).toBeNull();
    expect(navigate).not.toHaveBeenCalled();
    jest.advanceTimersByTime(500);
    expect(navigate).toHaveBeenCalledWith('/login', { replace: true });
  });
});

describe('the task a call is sent from', () => {
  // jsdom has no scheduler.postTask (a call there is sent at once); Chromium's runs the task later.
  type Scheduler = { postTask: (task: () => void) => Promise<void> };
  beforeEach(() => {
    (globalThis as { scheduler?: Scheduler }).scheduler = {
      postTask: (task) => new Promise((resolve) => setTimeout(() => resolve(task()), 0)),
    };
  });
  afterEach(() => {
    delete (globalThis as { scheduler?: Scheduler }).scheduler;
  });

  it('builds and sends the request in a task after the one that called (a commit starting queries)', async () => {
    net = mockFetch({ 'GET /api/country/list': () => [] });
    await call('GET /api/country/list'); // ky and the contract loaded
    const before = net.calls.length;
    const answer = call('GET /api/country/list');
    // Everything the calling task runs (its microtasks) is done: nothing sent yet.
    for (let i = 0; i < 20; i += 1) await Promise.resolve();
    expect(net.calls).toHaveLength(before);
    await expect(answer).resolves.toEqual([]);
    expect(net.calls).toHaveLength(before + 1);
  });
});

describe('the retry policy', () => {
  it('retries a GET after a network failure or a 503, then answers', async () => {
    let attempts = 0;
    net = mockFetch({
      'GET /api/country/list': () => {
        attempts += 1;
        return attempts === 1 ? networkDown() : attempts === 2 ? rawAnswer(503, '') : [];
      },
    });
    await expect(call('GET /api/country/list')).resolves.toEqual([]);
    expect(attempts).toBe(3);
  });

  it('gives up on a GET after two retries with a network error', async () => {
    net = mockFetch({ 'GET /api/country/list': () => networkDown() });
    expect((await failureOf(call('GET /api/country/list'))).code).toBe('network');
    expect(net.calls).toHaveLength(3);
  });

  it('never retries a POST: a transfer whose answer is lost is sent once', async () => {
    storeToken('tok-1', 'a');
    net = mockFetch({ 'POST /api/wallet/transfer': () => networkDown() });
    const body = { currency_id: 1, number: '10', from_field: 'change', to_field: 'lever' };
    expect((await failureOf(call('POST /api/wallet/transfer', body))).code).toBe('network');
    expect(net.calls).toHaveLength(1);
  });

  it('never retries a POST answered 503 or 500 either', async () => {
    storeToken('tok-1', 'a');
    net = mockFetch({
      'POST /api/transaction/in': () => rawAnswer(503, ''),
      'POST /api/lever/submit': () => apiFailure('internal'),
    });
    const order = { legal_id: 3, currency_id: 1, price: '65000', num: '0.1', mode: 1 };
    expect((await failureOf(call('POST /api/transaction/in', order))).code).toBe('network');
    const contract = { legal_id: 3, currency_id: 1, multiple: 20, share: '1', type: 1, status: 0 };
    expect((await failureOf(call('POST /api/lever/submit', contract))).code).toBe('internal');
    expect(net.calls).toHaveLength(2);
  });

  it('does not retry a GET answered with a client error', async () => {
    net = mockFetch({ 'GET /api/user/info': () => apiFailure('forbidden') });
    expect((await failureOf(call('GET /api/user/info'))).code).toBe('forbidden');
    expect(net.calls).toHaveLength(1);
  });
});

describe('the error messages', () => {
  it('has a translation for every code, client codes included', () => {
    expect(Object.keys(apiErrorMessages)).toEqual(expect.arrayContaining(['network', 'answer.malformed']));
    const i18n = setupI18n({ locale: 'en', messages: { en: {} } });
    expect(apiErrorMessage(i18n, new Error('boom'))).toBe('Network error, please try again');
  });

  it('names every message apitip.<code> (a production build asks the catalogue by that id)', () => {
    for (const [code, descriptor] of Object.entries(apiErrorMessages))
      expect(descriptor.id).toBe(`apitip.${code}`);
  });

  it('has every code of the contract, translated in the catalogue of every locale', () => {
    const codes = [...ERROR_CODE_LIST, 'network', 'answer.malformed'];
    expect(Object.keys(apiErrorMessages).sort()).toEqual([...codes].sort());
    for (const locale of ['en', 'zh', 'hk', 'jp', 'kr', 'de', 'es']) {
      // The failures' catalogue, and the shared one for the network failure (errorCatalog.ts).
      const po = ['errors', 'shared']
        .map((name) => fs.readFileSync(path.join(__dirname, `../../../locales/${locale}/${name}.po`), 'utf8'))
        .join('\n');
      const missing = codes.filter(
        (code) => !new RegExp(`msgid "apitip\\.${code.replace(/\./g, '\\.')}"\nmsgstr "[^"]+`).test(po),
      );
      expect({ locale, missing }).toEqual({ locale, missing: [] });
    }
  });
});
