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

/**
 * Controls that do not fit: a button, link-button, tab, chip or toggle whose text or icon is
 * drawn past its edges (a label too long for it), or that a box which clips and does not scroll
 * cuts off partly (MUI's full-width tabs keep 90 px each and clip the row). Translations differ
 * in length: "Apalancamiento" is twice "Leverage".
 */
async function unfitLabels(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    const controls = document.querySelectorAll(
      '.MuiButton-root, .MuiIconButton-root, .MuiTab-root, .MuiChip-root, .MuiToggleButton-root, [role="button"], button',
    );
    for (const el of controls) {
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0 || getComputedStyle(el).visibility === 'hidden') continue;
      if (el.closest('[aria-hidden="true"]')) continue;
      const text = (el.textContent ?? '').trim().slice(0, 40);
      // Its text as drawn (each line box) past its edges, by more than rounding. A box inside it
      // that clips (a name cut with an ellipsis on purpose, a visually hidden label) draws
      // only what lies within that box.
      let left = Infinity;
      let right = -Infinity;
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (!node.textContent?.trim()) continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        for (const line of range.getClientRects()) {
          let from = line.left;
          let to = line.right;
          for (let p = node.parentElement; p && p !== el; p = p.parentElement) {
            const style = getComputedStyle(p);
            if (style.overflowX === 'visible' && style.clipPath === 'none' && style.clip === 'auto') continue;
            const box = p.getBoundingClientRect();
            from = Math.max(from, box.left);
            to = Math.min(to, box.right);
          }
          if (to - from <= 0) continue;
          left = Math.min(left, from);
          right = Math.max(right, to);
        }
      }
      if (right > r.right + 1 || left < r.left - 1)
        out.push(
          `"${text}" drawn at ${Math.round(left)}-${Math.round(right)}px in ${Math.round(r.left)}-${Math.round(r.right)}px`,
        );
      // The nearest box that clips sideways: one that scrolls lets the user reach the control.
      for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
        const ox = getComputedStyle(p).overflowX;
        if (ox === 'auto' || ox === 'scroll') break;
        if (ox !== 'hidden' && ox !== 'clip') continue;
        const box = p.getBoundingClientRect();
        // Across its edge: partly shown (one wholly outside is hidden on purpose, a carousel's slide).
        const across =
          (r.left < box.right && r.right > box.right + 1) || (r.right > box.left && r.left < box.left - 1);
        if (across)
          out.push(`"${text}" cut off at ${Math.round(box.right)}px (ends at ${Math.round(r.right)}px)`);
        break;
      }
    }
    return out.slice(0, 10);
  });
}

/**
 * Figures shown cut: a box that ends its text with an ellipsis (or clips it) while the text has
 * a digit in it and does not fit. "98,765,…" reads as a different price; a name may be cut, a
 * price, amount or volume may not.
 */
async function cutFigures(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    for (const el of document.querySelectorAll<HTMLElement>('body *')) {
      if (el.scrollWidth <= el.clientWidth + 1 || el.clientWidth === 0) continue;
      const style = getComputedStyle(el);
      if (style.overflowX !== 'hidden' && style.overflowX !== 'clip') continue;
      if (style.visibility === 'hidden' || el.closest('[aria-hidden="true"]')) continue;
      // A visually hidden label (1 px, clipped) is not drawn at all.
      if (el.clientWidth <= 1 || style.clip !== 'auto' || style.clipPath !== 'none') continue;
      // Only boxes that hold text themselves (a row that scrolls its children is not a figure).
      const text = [...el.childNodes]
        .filter((n) => n.nodeType === Node.TEXT_NODE || (n instanceof HTMLElement && n.tagName === 'SPAN'))
        .map((n) => n.textContent ?? '')
        .join('')
        .trim();
      if (!/\d/.test(text)) continue;
      out.push(`"${text.slice(0, 40)}" needs ${el.scrollWidth}px in ${el.clientWidth}px`);
    }
    return out.slice(0, 10);
  });
}

async function check(page: Page, route: RouteRow, width: number) {
  await page.setViewportSize({ width, height: 844 });
  await openRoute(page, route);
  expect.soft(await overflow(page), `${route.path} at ${width} px`).toEqual([]);
  expect.soft(await cutFigures(page), `${route.path} at ${width} px: figures cut`).toEqual([]);
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

// Every label of every page fits its control in all seven languages at the narrowest width.
for (const locale of ['en', 'zh', 'hk', 'jp', 'kr', 'de', 'es'] as const) {
  test(`every control's label fits at 360 px, ${locale}`, async ({ page }) => {
    test.setTimeout(240_000);
    await prepare(page, { theme: 'teal_night', locale, session });
    await page.setViewportSize({ width: 360, height: 844 });
    for (const route of userRoutes) {
      await openRoute(page, route);
      expect.soft(await unfitLabels(page), `${route.path}, ${locale}`).toEqual([]);
    }
  });

  test(`every control's label fits at 360 px on the guest pages, ${locale}`, async ({ page }) => {
    await prepare(page, { theme: 'teal_night', locale });
    await page.setViewportSize({ width: 360, height: 844 });
    for (const route of guestOnly) {
      await openRoute(page, route);
      expect.soft(await unfitLabels(page), `${route.path}, ${locale}`).toEqual([]);
    }
  });
}
