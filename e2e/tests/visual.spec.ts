// The visual check (issue 11): every page of the route table at 390x844, in both themes and in
// English and Chinese, against committed baselines. What moves by itself is masked (numbers,
// times, charts, carousels) and prices are pinned, so a difference is a layout change. A mask is
// as wide as its text, so the spec pins the prices it shows itself (1.23% above each day's open,
// not the last price an earlier spec may have left, long or short) and gives them back after;
// the chart header's high and low, which an earlier pin stays in for a day, are masked whole.
// Regenerate the baselines after an intended UI change (see README, "Tests"):
//   node scripts/build.mjs && E2E_PORT_BASE=25000 pnpm --filter e2e exec playwright test tests/visual.spec.ts --update-snapshots
import type { APIRequestContext, Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { pageRoutes, type RouteRow } from './routes';
import {
  THEMES,
  fixedAccount,
  liveRegions,
  openRoute,
  pinAboveOpen,
  prepare,
  type LocaleName,
  type Session,
} from './screens';

const LOCALES: LocaleName[] = ['en', 'zh'];
const routes = pageRoutes();
// Pages for guests only (login) and the account pages a guest opens (register, forgot password).
const guestRoutes = routes.filter((r) => r.guestOnly || r.page === 'RegisterPage' || r.page === 'ForgetPage');
const userRoutes = routes.filter((r) => !guestRoutes.includes(r));

let session: Session;
let giveBack: ((request: APIRequestContext) => Promise<void>) | undefined;

test.beforeAll(async ({ request }) => {
  session = await fixedAccount(request, 'visual.check@example.com');
  giveBack = await pinAboveOpen(request);
});
test.afterAll(async ({ request }) => {
  await giveBack?.(request);
});

/** The masks: every live value, and the chart header's high, low and volume column (a fixed-width box). */
const masks = (page: Page) => [
  ...liveRegions(page),
  page.locator('[data-testid="kline-price"]').locator('xpath=../following-sibling::*[1]'),
];

// Named by page, not path: /recharge and /Recharge are different pages.
const nameOf = (route: RouteRow, theme: string, locale: string) =>
  `${route.remote}-${route.page}-${theme}-${locale}.png`;

async function check(page: Page, list: RouteRow[], theme: string, locale: string) {
  for (const route of list) {
    await openRoute(page, route);
    await expect
      .soft(page, `${route.path} (${theme}, ${locale})`)
      .toHaveScreenshot(nameOf(route, theme, locale), {
        mask: masks(page),
        animations: 'disabled',
        caret: 'hide',
        scale: 'css',
        maxDiffPixelRatio: 0.01,
        timeout: 15_000,
      });
  }
}

for (const theme of THEMES) {
  for (const locale of LOCALES) {
    test(`every page for guests, ${theme}, ${locale}`, async ({ page }) => {
      await prepare(page, { theme, locale });
      await check(page, guestRoutes, theme, locale);
    });
    test(`every page for a logged-in user, ${theme}, ${locale}`, async ({ page }) => {
      test.setTimeout(300_000);
      await prepare(page, { theme, locale, session });
      await check(page, userRoutes, theme, locale);
    });
  }
}
