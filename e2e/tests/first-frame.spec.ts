// The static first frames (issue 14 item 2; scripts/index.html, scripts/first-frame.cjs): the
// page of /quotes and /trade paints the route's chrome in the user's language and theme before
// any of the app's scripts runs, and the app takes its place with its labels where the frame
// had them. The frame is a picture of the page (aria-hidden): it is found by its text.
import type { Locator, Page } from '@playwright/test';
import {
  test,
  expect,
  layoutShift,
  loginByApi,
  recordLayoutShifts,
  registerByApi,
  useSessionIn,
} from './fixtures';
import { tr } from './catalog';

/**
 * Signs a fresh user in, with the language and theme a user picked earlier in storage before
 * each document runs (set after a page of the app has loaded, its start could store its own).
 */
async function signedIn(
  page: Page,
  request: Parameters<typeof registerByApi>[0],
  lang: string,
  mode: string,
) {
  const { email, password } = await registerByApi(request);
  await useSessionIn(page, await loginByApi(request, email, password), email);
  await page.addInitScript(
    ([l, m]) => {
      localStorage.setItem('lang', l ?? '');
      localStorage.setItem('mode', m ?? '');
    },
    [lang, mode],
  );
}

/** No script file loads: what shows is the document alone (its inline script included). */
async function withoutAppScripts(page: Page) {
  await page.route(/\.js(\?|$)/, (route) => route.abort());
}

const box = async (locator: Locator) => {
  const b = await locator.boundingBox();
  if (!b) throw new Error(`${String(locator)} has no box`);
  return b;
};

test('/quotes shows its German frame by day before any script of the app runs', async ({ page, request }) => {
  await signedIn(page, request, 'de', 'teal_day');
  await withoutAppScripts(page);
  await page.goto('/quotes');
  const frame = page.locator('#ff');
  const quotes = frame.locator('.ff-q');
  await expect(frame).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(quotes.locator('h1')).toHaveText(tr('de', 'host', 'Markets'));
  for (const label of [
    'Crypto',
    'Precious metals',
    'Futures',
    'Search',
    'Pair / Vol',
    'Last price',
    'Change',
  ])
    await expect(quotes.getByText(tr('de', 'remote-markets', label), { exact: true })).toBeVisible();
  for (const label of ['Home', 'Markets', 'Trade', 'Mining', 'Mine'])
    await expect(frame.locator('.ff-nav').getByText(tr('de', 'host', label), { exact: true })).toBeVisible();
  // The day theme's background (shared/src/theme), not the night default.
  await expect(frame).toHaveCSS('background-color', 'rgb(244, 247, 247)');
  await expect(page.locator('#root')).toBeEmpty();
});

test('/trade shows its Japanese frame with the stored pair; a guest on /trade gets none', async ({
  page,
  request,
}) => {
  await signedIn(page, request, 'jp', 'teal_night');
  await withoutAppScripts(page);
  await page.goto('/trade?mode=1');
  const frame = page.locator('#ff');
  const trade = frame.locator('.ff-x');
  await expect(trade.locator('h1')).toHaveText(tr('jp', 'host', 'Trade'));
  for (const label of ['Leverage', 'Seconds', 'Long', 'Short', 'Order type', 'Best market price', 'Buy long'])
    await expect(trade.getByText(tr('jp', 'remote-trading', label), { exact: true }).first()).toBeVisible();
  await expect(trade.getByText('BTC/USDT', { exact: true })).toBeVisible();
  await expect(frame).toHaveCSS('background-color', 'rgb(11, 20, 24)');

  await page.evaluate(() => localStorage.removeItem('token'));
  await page.goto('/trade?mode=1');
  await expect(frame).toBeHidden();
});

// The frame's labels are where the app puts them: the app replaces it without a jump.
for (const [route, lang, labels] of [
  ['/quotes', 'de', [['remote-markets', ['Crypto', 'Precious metals', 'Futures', 'Last price']]]],
  [
    '/trade?mode=1',
    'de',
    [['remote-trading', ['Leverage', 'Seconds', 'Long', 'Short', 'Buy long', 'Holding', 'Revoked']]],
  ],
] as const) {
  test(`the app replaces the frame of ${route} with its labels in the same places (${lang})`, async ({
    page,
    request,
  }) => {
    await signedIn(page, request, lang, 'teal_night');
    const texts = labels.flatMap(([pkg, english]) => english.map((e) => tr(lang, pkg, e)));
    const tabs = ['Home', 'Mining', 'Mine'].map((e) => tr(lang, 'host', e));
    await withoutAppScripts(page);
    await page.goto(route);
    const frame = page.locator('#ff');
    const part = frame.locator(route === '/quotes' ? '.ff-q' : '.ff-x');
    const before = new Map<string, { x: number; y: number; width: number; height: number }>();
    before.set('h1', await box(part.locator('h1')));
    for (const text of texts) before.set(text, await box(part.getByText(text, { exact: true }).first()));
    for (const text of tabs)
      before.set(text, await box(frame.locator('.ff-nav').getByText(text, { exact: true })));

    await page.unrouteAll();
    await recordLayoutShifts(page);
    await page.goto(route);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(frame).toHaveCount(0);
    const app = page.locator('#root');
    const near = (a: number, b: number) => Math.abs(a - b) <= 2;
    const where = async (text: string, locator: Locator) => {
      const [frameBox, appBox] = [before.get(text), await box(locator)];
      const same =
        !!frameBox &&
        near(frameBox.x + frameBox.width / 2, appBox.x + appBox.width / 2) &&
        near(frameBox.y + frameBox.height / 2, appBox.y + appBox.height / 2);
      expect({ text, same, frameBox, appBox }).toEqual(expect.objectContaining({ text, same: true }));
    };
    // The trade page's mode tabs mount a few frames after its form (a commit of their own): in
    // German the first mode tab and the multiple field share their label.
    if (route !== '/quotes') await expect(app.getByRole('tab', { name: texts[0] })).toBeVisible();
    await where('h1', app.getByRole('heading', { level: 1 }));
    for (const text of texts) await where(text, app.locator('main').getByText(text, { exact: true }).first());
    for (const text of tabs) await where(text, app.getByRole('navigation').getByText(text, { exact: true }));
    // The frame keeps its box model when the app's CssBaseline arrives (scripts/index.html): it was 0.003-0.004.
    expect(await layoutShift(page)).toBeLessThan(0.002);
  });
}

// When the app's scripts do not load, the page says so (scripts/first-frame.cjs): a notice in the
// user's language over the frame, with a Retry button that reloads.
const FAILED = 'The app could not be loaded. Check your connection and try again.';

/** The host's start-up script (main.js) fails to load (a network error, as a CDN outage). */
async function withoutMainJs(page: Page) {
  await page.route(/\/main\.js(\?|$)/, (route) => route.abort());
}

/** Records whether the page ever showed the notice (from the document's start). */
async function watchNotice(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { noticeShown: boolean };
    w.noticeShown = false;
    new MutationObserver(() => {
      if (document.documentElement.hasAttribute('data-ff-fail')) w.noticeShown = true;
    }).observe(document.documentElement, { attributes: true, attributeFilter: ['data-ff-fail'] });
  });
}
const noticeShown = (page: Page) =>
  page.evaluate(() => (window as unknown as { noticeShown: boolean }).noticeShown);

test('without main.js the home page says so in English; Retry reloads into the app', async ({ page }) => {
  await withoutMainJs(page);
  await page.goto('/');
  const notice = page.getByRole('alert');
  await expect(notice).toHaveText(new RegExp(FAILED.replace(/\./g, '\\.')));
  const retry = notice.getByRole('button', { name: 'Retry' });
  await expect(retry).toBeVisible();
  expect((await box(retry)).height).toBeGreaterThanOrEqual(44);
  // The night theme's colours (9:1 on the button, the page's text on its background).
  await expect(retry).toHaveCSS('background-color', 'rgb(45, 212, 191)');
  await expect(retry).toHaveCSS('color', 'rgb(4, 33, 29)');

  // The network is back: Retry reloads the page, and the app starts.
  await page.unrouteAll();
  await retry.click();
  await expect(page.getByRole('navigation')).toBeVisible();
  await expect(notice).toBeHidden();
});

test('without main.js /quotes says so in Chinese by day, over its frame', async ({ page, request }) => {
  await signedIn(page, request, 'zh', 'teal_day');
  await withoutMainJs(page);
  await page.goto('/quotes');
  const notice = page.getByRole('alert');
  await expect(notice.locator('p')).toHaveText(tr('zh', 'host', FAILED));
  const retry = notice.getByRole('button', { name: tr('zh', 'shared', 'Retry') });
  await expect(retry).toBeVisible();
  expect((await box(retry)).height).toBeGreaterThanOrEqual(44);
  // The day theme's colours (5.2:1 on the button).
  await expect(retry).toHaveCSS('background-color', 'rgb(11, 122, 112)');
  await expect(retry).toHaveCSS('color', 'rgb(255, 255, 255)');
  await expect(notice).toHaveCSS('background-color', 'rgb(244, 247, 247)');
});

test('main.js that never arrives: the notice after 15 s (German)', async ({ page, request }) => {
  await signedIn(page, request, 'de', 'teal_night');
  await page.clock.install();
  // The request stays open: neither an answer nor an error.
  await page.route(/\/main\.js(\?|$)/, () => undefined);
  await page.goto('/trade?mode=1', { waitUntil: 'commit' });
  await expect(page.locator('#ff .ff-x')).toBeVisible();
  await page.clock.runFor(14_000);
  await expect(page.getByRole('alert')).toBeHidden();
  await page.clock.runFor(1_500);
  await expect(page.getByRole('alert').locator('p')).toHaveText(tr('de', 'host', FAILED));
  await expect(page.getByRole('button', { name: tr('de', 'shared', 'Retry') })).toBeVisible();
});

for (const route of ['/', '/quotes', '/trade?mode=1']) {
  test(`a normal start of ${route} never shows the notice, nor does it come later`, async ({
    page,
    request,
  }) => {
    await signedIn(page, request, 'en', 'teal_night');
    await watchNotice(page);
    await page.clock.install();
    await page.goto(route);
    await expect(page.getByRole('navigation')).toBeVisible();
    await page.clock.runFor(20_000);
    await expect(page.getByRole('alert').filter({ hasText: FAILED })).toHaveCount(0);
    await expect(page.locator('html')).not.toHaveAttribute('data-ff-fail');
    expect(await noticeShown(page)).toBe(false);
  });
}
