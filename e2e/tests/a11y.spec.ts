// Accessibility (issue 11): axe-core on the main routes in both themes, WCAG 2.0-2.2 A and AA
// rules (contrast included). Any violation fails, listed with its rule and the first nodes.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { readRouteTable, type RouteRow } from './routes';
import { THEMES, fixedAccount, openRoute, pinAll, prepare, releaseAll, type Session } from './screens';

const GUEST = ['/login', '/register'];
const USER = [
  '/',
  '/quotes',
  '/kline',
  '/notice',
  '/exchange',
  '/trade',
  '/assets',
  '/ucenter',
  '/zhiya',
  '/Recharge',
  '/transfer',
  '/withdrawal',
  '/logs',
];
const table = readRouteTable();
const routeOf = (path: string): RouteRow => {
  const route = table.find((r) => r.path === path);
  if (!route) throw new Error(`no route ${path}`);
  return route;
};

let session: Session;
test.beforeAll(async ({ request }) => {
  session = await fixedAccount(request, 'a11y.check@example.com');
  await pinAll(request);
});
test.afterAll(async ({ request }) => {
  await releaseAll(request);
});

async function audit(page: Page, path: string, theme: string) {
  await openRoute(page, routeOf(path));
  const result = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  const summary = result.violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.nodes
        .slice(0, 3)
        .map((n) => `${n.target.join(' ')} ${n.failureSummary?.split('\n')[1]?.trim() ?? ''}`)
        .join(' | ')}`,
  );
  expect.soft(summary, `${path} (${theme})`).toEqual([]);
}

for (const theme of THEMES) {
  test(`axe finds no WCAG A/AA violation on the guest pages, ${theme}`, async ({ page }) => {
    await prepare(page, { theme, locale: 'en' });
    for (const path of GUEST) await audit(page, path, theme);
  });
  test(`axe finds no WCAG A/AA violation on the main pages, ${theme}`, async ({ page }) => {
    test.setTimeout(240_000);
    await prepare(page, { theme, locale: 'en', session });
    for (const path of USER) await audit(page, path, theme);
  });
}
