// No screen scrolls sideways at 360 and 390 px wide with the longest valid values (issue 11):
// a fixed account with large balances in every wallet, a long pinned price, a long search.
// A page fails when the document is wider than the screen or when a visible element that is
// not inside a horizontally scrolling or clipping box reaches past its right edge.
import type { Page } from '@playwright/test';
import { test, expect, api, credit } from './fixtures';
import { pageRoutes, type RouteRow } from './routes';
import { fixedAccount, openRoute, prepare, type Session } from './screens';

const WIDTHS = [360, 390];
const LONG_PRICE = '98765432.10';
const routes = pageRoutes();
const guestOnly = routes.filter((r) => r.guestOnly);
const userRoutes = routes.filter((r) => !r.guestOnly);

let session: Session;
let priceBefore: string;

test.beforeAll(async ({ request }) => {
  session = await fixedAccount(request, 'layout.check@example.com');
  for (const wallet of ['change', 'lever', 'legal', 'micro']) {
    await credit(request, session.account, wallet, 'USDT', '987654321.12');
    await credit(request, session.account, wallet, 'BTC', '98765.4321');
  }
  const before = await api<{ last_price: string }>(request, 'POST', '/dev/market/price', {
    symbol: 'BTC/USDT',
    price: null,
  });
  priceBefore = before.message.last_price;
  const pinned = await api(request, 'POST', '/dev/market/price', { symbol: 'BTC/USDT', price: LONG_PRICE });
  expect(pinned.type, JSON.stringify(pinned)).toBe('ok');
});
test.afterAll(async ({ request }) => {
  // Back to the price it had, then released: the feed goes on from there, not from the long
  // price (a later spec that pins the last price, the visual one, would otherwise inherit it).
  await api(request, 'POST', '/dev/market/price', { symbol: 'BTC/USDT', price: priceBefore });
  await api(request, 'POST', '/dev/market/price', { symbol: 'BTC/USDT', price: null });
});

/** What reaches past the right edge, outside any box that scrolls or clips sideways. */
async function overflow(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = window.innerWidth;
    const out: string[] = [];
    const doc = document.documentElement;
    if (doc.scrollWidth > width) out.push(`document is ${doc.scrollWidth}px wide`);
    const clipped = (el: Element): boolean => {
      for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
        const ox = getComputedStyle(p).overflowX;
        if (ox === 'auto' || ox === 'scroll' || ox === 'hidden' || ox === 'clip') return true;
      }
      return false;
    };
    for (const el of document.querySelectorAll('body *')) {
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0 || r.right <= width + 1 || r.left >= width) continue;
      const style = getComputedStyle(el);
      if (style.visibility === 'hidden' || style.position === 'fixed') continue;
      if (el.closest('[aria-hidden="true"], .MuiSlider-root')) continue;
      if (clipped(el)) continue;
      const text = (el.textContent ?? '').trim().slice(0, 40);
      out.push(`<${el.tagName.toLowerCase()}> "${text}" right=${Math.round(r.right)}`);
    }
    return out.slice(0, 10);
  });
}

async function check(page: Page, route: RouteRow, width: number) {
  await page.setViewportSize({ width, height: 844 });
  await openRoute(page, route);
  expect.soft(await overflow(page), `${route.path} at ${width} px`).toEqual([]);
}

for (const width of WIDTHS) {
  test(`no page scrolls sideways at ${width} px (guest pages)`, async ({ page }) => {
    await prepare(page, { theme: 'teal_night', locale: 'en' });
    for (const route of guestOnly) await check(page, route, width);
  });

  for (const locale of ['en', 'zh'] as const) {
    test(`no page scrolls sideways at ${width} px with long values, ${locale}`, async ({ page }) => {
      test.setTimeout(240_000);
      await prepare(page, { theme: 'teal_night', locale, session });
      for (const route of userRoutes) await check(page, route, width);
    });
  }

  test(`the quotes search's no-match message wraps at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 844 });
    await prepare(page, { theme: 'teal_night', locale: 'en' });
    await page.goto('/quotes');
    await page.getByRole('searchbox').or(page.getByRole('textbox')).first().fill('NOSUCHPAIR'.repeat(8));
    await expect(page.getByText(/No pairs match/)).toBeVisible();
    expect(await overflow(page)).toEqual([]);
  });
}
