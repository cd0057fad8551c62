// Helpers of the screen-wide checks (visual, accessibility, layout): a fixed account, the
// theme and language set before the app starts, pinned prices, and "the page has settled".
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { api, expect, loginByApi, registerByApi } from './fixtures';
import type { RouteRow } from './routes';
import { ROUTE_QUERY } from './routes';

export type ThemeName = 'teal_night' | 'teal_day';
export type LocaleName = 'en' | 'zh' | 'hk' | 'jp' | 'kr' | 'de' | 'es';
export const THEMES: ThemeName[] = ['teal_night', 'teal_day'];

export interface Session {
  token: string;
  account: string;
}

/** A fixed account (registered on first use in this database), so its screens look the same every run. */
export async function fixedAccount(request: APIRequestContext, email: string): Promise<Session> {
  const password = 'Passw0rd1';
  const login = await api<string>(request, 'POST', '/api/user/login', {
    user_string: email,
    password,
    type: 1,
  });
  if (login.type === 'ok') return { token: login.message, account: email };
  await registerByApi(request, password, email);
  return { token: await loginByApi(request, email, password), account: email };
}

/** Theme, language and (optionally) the session in storage before any script of the app runs. */
export async function prepare(
  page: Page,
  opts: { theme: ThemeName; locale: LocaleName; session?: Session | null },
): Promise<void> {
  await page.addInitScript(
    ({ theme, locale, token, account }) => {
      localStorage.setItem('mode', theme);
      localStorage.setItem('lang', locale);
      if (token && account) {
        localStorage.setItem('token', token);
        localStorage.setItem('accountNum', account);
        localStorage.setItem('user_id', '1');
      }
    },
    {
      theme: opts.theme,
      locale: opts.locale,
      token: opts.session?.token ?? null,
      account: opts.session?.account ?? null,
    },
  );
}

/** Every instrument's symbol (crypto, metals, futures). */
export async function allSymbols(request: APIRequestContext): Promise<string[]> {
  const crypto = await api<{ quotation: { symbol: string }[] }[]>(
    request,
    'GET',
    '/api/currency/quotation_new',
  );
  const metals = await api<{ symbol: string }[]>(request, 'POST', '/api/futureslist', { marke: 'cm' });
  const futures = await api<{ symbol: string }[]>(request, 'POST', '/api/futureslist', { marke: 'ne' });
  return [
    ...crypto.message.flatMap((g) => g.quotation.map((q) => q.symbol)),
    ...metals.message.map((q) => q.symbol),
    ...futures.message.map((q) => q.symbol),
  ];
}

/** Pins every instrument at its last price (or `price` for one symbol), so colours and signs stay put. */
export async function pinAll(
  request: APIRequestContext,
  overrides: Record<string, string> = {},
): Promise<void> {
  for (const symbol of await allSymbols(request)) {
    const last = await api<{ last_price: string }>(request, 'POST', '/dev/market/price', {
      symbol,
      price: overrides[symbol] ?? null,
    });
    expect(last.type, JSON.stringify(last)).toBe('ok');
    if (overrides[symbol]) continue;
    const pinned = await api(request, 'POST', '/dev/market/price', {
      symbol,
      price: last.message.last_price,
    });
    expect(pinned.type, JSON.stringify(pinned)).toBe('ok');
  }
}

/** `price` raised by `hundredths` hundredths of a percent, cut to its own decimals (exact, in integers). */
export function raised(price: string, hundredths: number): string {
  const [whole = '0', fraction = ''] = price.split('.');
  const scaled = (BigInt(whole + fraction) * BigInt(10_000 + hundredths)) / 10_000n;
  const digits = scaled.toString().padStart(fraction.length + 1, '0');
  return fraction ? `${digits.slice(0, -fraction.length)}.${digits.slice(-fraction.length)}` : digits;
}

/**
 * Pins every instrument 1.23% above its day's open (the rolling 24 hours for crypto, the trading
 * day for metals and futures: history no earlier spec of the run can move), so the prices and
 * changes on screen are the same whatever prices earlier specs pinned or left. Returns what gives
 * every instrument back the price it had, then releases it (with the hook's own request context).
 */
export async function pinAboveOpen(
  request: APIRequestContext,
): Promise<(request: APIRequestContext) => Promise<void>> {
  const crypto = await api<{ quotation: { symbol: string; open: string }[] }[]>(
    request,
    'GET',
    '/api/currency/quotation_new',
  );
  const cfd = async (marke: string) =>
    (await api<{ symbol: string; open_price: string }[]>(request, 'POST', '/api/futureslist', { marke }))
      .message;
  const opens = [
    ...crypto.message.flatMap((g) => g.quotation.map((q) => ({ symbol: q.symbol, open: q.open }))),
    ...[...(await cfd('cm')), ...(await cfd('ne'))].map((q) => ({ symbol: q.symbol, open: q.open_price })),
  ];
  const before = new Map<string, string>();
  for (const { symbol, open } of opens) {
    const released = await api<{ last_price: string }>(request, 'POST', '/dev/market/price', {
      symbol,
      price: null,
    });
    expect(released.type, JSON.stringify(released)).toBe('ok');
    before.set(symbol, released.message.last_price);
    const pinned = await api(request, 'POST', '/dev/market/price', { symbol, price: raised(open, 123) });
    expect(pinned.type, `${symbol} at ${raised(open, 123)}: ${JSON.stringify(pinned)}`).toBe('ok');
  }
  return async (request) => {
    for (const [symbol, price] of before) {
      await api(request, 'POST', '/dev/market/price', { symbol, price });
      await api(request, 'POST', '/dev/market/price', { symbol, price: null });
    }
  };
}

export async function releaseAll(request: APIRequestContext): Promise<void> {
  for (const symbol of await allSymbols(request)) {
    await api(request, 'POST', '/dev/market/price', { symbol, price: null });
  }
}

export function urlOf(route: RouteRow): string {
  return route.path + (ROUTE_QUERY[route.path] ?? '');
}

/** Opens a route and waits until its page is on screen with no skeleton or spinner left. */
export async function openRoute(page: Page, route: RouteRow): Promise<void> {
  await page.goto(urlOf(route));
  await settle(page, route);
}

export async function settle(page: Page, route: RouteRow): Promise<void> {
  await expect(page.locator(`[data-page="${route.remote}/${route.page}"]`)).toBeAttached({ timeout: 20_000 });
  await expect(page.locator('.MuiSkeleton-root, [role="progressbar"]')).toHaveCount(0, { timeout: 15_000 });
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
}

/** What moves by itself: every leaf holding a digit (prices, amounts, times, ids), charts, carousels. */
export function liveRegions(page: Page): Locator[] {
  return [
    page.locator('main *:not(:has(*)), header *:not(:has(*)), [role="dialog"] *:not(:has(*))').filter({
      hasText: /\d/,
    }),
    // Inputs holding a number (a live price put in a field); React keeps the value attribute.
    page.locator(
      [
        'input[inputmode="decimal"]',
        'input[inputmode="numeric"]',
        ...'0123456789'.split('').map((d) => `input[value*="${d}"]`),
      ].join(', '),
    ),
    page.locator('[data-testid="stock-chart"], [data-testid="depth-chart"], .highcharts-container'),
    page.locator('[data-testid^="quote-row-"] svg, [data-testid^="quote-tile-"] svg'),
    page.locator('[aria-roledescription="carousel"], [data-testid="ticker-title"]'),
    page.locator('[data-book], [data-testid$="-book"]'),
    // Per-account values drawn or spelled without digits: QR codes, invite code and link, addresses.
    page.locator('[data-testid$="-qr"], [data-testid^="invite-code"], [data-testid^="invite-link"]'),
    page.locator('[data-testid="deposit-address"]'),
  ];
}
