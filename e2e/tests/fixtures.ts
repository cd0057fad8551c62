// Shared end-to-end fixtures. By default every page runs "inside a wallet app's browser":
// an injected wallet object, as the wallet gate expects (spec doc 1 §1).
import { execFileSync } from 'node:child_process';
import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test';
import { dbFile, repoRoot, serverURL } from '../env';

type Fixtures = { withWallet: boolean };

/** Chromium's console report of a blocked load or script ("Refused to ... Content Security Policy"). */
export const isCspViolation = (text: string) =>
  /Content Security Policy|Refused to (load|execute|frame|connect|apply)/i.test(text);

const CSP_REPORTS_EXPECTED = 'csp-reports-expected';

/**
 * For a test that feeds hostile HTML on purpose: Chromium reports the inline handlers of markup
 * that DOMPurify parses in its inert document, though nothing runs there (a known false alarm,
 * cure53/DOMPurify#107, #900); the test checks that nothing ran itself.
 */
export function cspReportsExpected(why: string): void {
  test.info().annotations.push({ type: CSP_REPORTS_EXPECTED, description: why });
}

export const test = base.extend<Fixtures>({
  withWallet: [true, { option: true }],
  page: async ({ page, withWallet }, use, testInfo) => {
    if (withWallet) {
      await page.addInitScript(() => {
        (window as unknown as { ethereum: object }).ethereum = { isWallet: true };
      });
    }
    const violations: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' && isCspViolation(message.text())) violations.push(message.text());
    });
    await use(page);
    // Every test fails when the host's CSP (or the chat page's) blocks anything the app does,
    // unless it declares the reports its own hostile input causes (see cspReportsExpected).
    if (!testInfo.annotations.some((a) => a.type === CSP_REPORTS_EXPECTED))
      expect(violations, 'CSP violations').toEqual([]);
  },
});
export { expect };

interface Envelope<T> {
  type: string;
  message: T;
  code?: string;
}

export async function api<T>(
  request: APIRequestContext,
  method: 'GET' | 'POST',
  path: string,
  body?: object,
  token?: string,
): Promise<Envelope<T>> {
  const headers: Record<string, string> = { lang: 'en' };
  if (token) headers.Authorization = `Bearer ${token}`;
  const response =
    method === 'GET'
      ? await request.get(`${serverURL}${path}`, { headers })
      : await request.post(`${serverURL}${path}`, { headers, data: body ?? {} });
  return (await response.json()) as Envelope<T>;
}

/** The newest code the server "sent" to an address (dev outbox, test mode only). */
export async function latestCode(request: APIRequestContext, to: string): Promise<string> {
  const answer = await api<{ code: string }[]>(request, 'GET', `/dev/outbox?to=${encodeURIComponent(to)}`);
  const code = answer.message[0]?.code;
  if (!code) throw new Error(`no code sent to ${to}`);
  return code;
}

let counter = 0;
export function uniqueEmail(prefix = 'user'): string {
  counter += 1;
  return `${prefix}.${Date.now().toString(36)}${counter}@example.com`;
}

/** Registers an account (a fresh address unless named) through the real API (codes from the dev outbox). */
export async function registerByApi(
  request: APIRequestContext,
  password = 'Passw0rd1',
  email = uniqueEmail(),
): Promise<{ email: string; password: string }> {
  const sent = await api(request, 'POST', '/api/sms_mail', {
    user_string: email,
    lang: 'en',
    type: 'register',
  });
  expect(sent.type).toBe('ok');
  const code = await latestCode(request, email);
  const reg = await api(request, 'POST', '/api/user/register', {
    type: 'email',
    country_code: '1',
    user_string: email,
    code,
    password,
    re_password: password,
  });
  expect(reg.type, JSON.stringify(reg)).toBe('ok');
  return { email, password };
}

export async function loginByApi(
  request: APIRequestContext,
  email: string,
  password: string,
): Promise<string> {
  const answer = await api<string>(request, 'POST', '/api/user/login', {
    user_string: email,
    password,
    type: 1,
  });
  expect(answer.type, JSON.stringify(answer)).toBe('ok');
  return answer.message;
}

/** Puts a session into the page's storage under the spec's keys, as a login would. */
export async function useSessionIn(page: Page, token: string, account: string): Promise<void> {
  await page.goto('/download');
  await page.evaluate(
    ({ t, a }) => {
      localStorage.setItem('token', t);
      localStorage.setItem('accountNum', a);
      localStorage.setItem('user_id', '1');
    },
    { t: token, a: account },
  );
}

/** Client-side navigation (as a link would do): no reload, the app keeps its state. */
export async function softNavigate(page: Page, path: string): Promise<void> {
  await page.evaluate((p) => {
    window.history.pushState({}, '', p);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

/** Runs the server's admin CLI on the e2e database (`pnpm --filter server admin ...`). */
export function adminCli(...args: string[]): string {
  return execFileSync('pnpm', ['--silent', '--filter', 'server', 'admin', ...args], {
    cwd: repoRoot,
    env: { ...process.env, DB_FILE: dbFile, APP_MODE: 'test' },
    encoding: 'utf8',
    timeout: 60_000,
  });
}

/** Funds a wallet through the ledger (dev tool POST /dev/credit; test mode only). */
export async function credit(
  request: APIRequestContext,
  account: string,
  wallet: string,
  currency: string,
  amount: string,
): Promise<void> {
  const answer = await api(request, 'POST', '/dev/credit', {
    user_string: account,
    wallet,
    currency,
    amount,
  });
  expect(answer.type, JSON.stringify(answer)).toBe('ok');
}

/** Sums the page's layout shifts from each document's start (as CLS counts them): see layoutShift. */
export async function recordLayoutShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { shifts: number };
    w.shifts = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) w.shifts += (entry as unknown as { value: number }).value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** The layout shift summed so far in the current document (recordLayoutShifts first). */
export const layoutShift = (page: Page): Promise<number> =>
  page.evaluate(() => (window as unknown as { shifts: number }).shifts);
