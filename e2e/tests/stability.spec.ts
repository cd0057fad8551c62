// Pages keep still while their data arrives (issue 14 item 2: CLS; mobile first): on a slow
// network every API answer comes 1.2 s late, so the page shows its skeletons and placeholders
// first, and what replaces them takes their place without moving anything in view.
import type { Page } from '@playwright/test';
import {
  test,
  expect,
  credit,
  layoutShift,
  loginByApi,
  recordLayoutShifts,
  registerByApi,
  useSessionIn,
} from './fixtures';

async function slowApi(page: Page) {
  await page.route(/\/api\//, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1200));
    await route.continue().catch(() => undefined);
  });
}

test.beforeEach(async ({ page, request }) => {
  const { email, password } = await registerByApi(request);
  await credit(request, email, 'lever', 'USDT', '10000');
  await useSessionIn(page, await loginByApi(request, email, password), email);
  await recordLayoutShifts(page);
  await slowApi(page);
});

test('leverage trade: the 1-hand line holds its place until the price is known', async ({ page }) => {
  await page.goto('/trade?mode=1');
  const form = page.locator('form');
  // Before the answers: the line is there, with "--" for the value.
  await expect(form.getByText('1 hand = -- USDT')).toBeVisible();
  const buy = page.getByRole('button', { name: 'Buy long' });
  const before = await buy.boundingBox();
  await expect(form.getByText(/^1 hand = [\d,]+\.\d{2} USDT$/)).toBeVisible();
  await expect(form.getByText('10000.00 USDT')).toBeVisible();
  expect((await buy.boundingBox())?.y).toBe(before?.y);
  expect(await layoutShift(page)).toBeLessThan(0.002);
});

// Each page's skeleton has the shape of what replaces it (on the old ones the list or form
// arriving pushed what follows by 60 to 350 px: CLS 0.03 to 0.17).
for (const [route, landmark, limit] of [
  ['/zichan', 'Coin account', 0.01],
  ['/buy', 'Buy USDT', 0.005],
  ['/share', 'Invite code', 0.005],
  ['/recharge', 'USDT deposit address', 0.005],
  // A new user has no fund password: a notice 19 px shorter than the field the skeleton expects.
  ['/withdrawal', 'Available: 0.00 USDT', 0.01],
  // The support link came before the help list and was pushed 187 px down by it.
  ['/help', 'Contact customer service', 0.005],
  // The total's skeleton was 7 px taller than the figure's line.
  ['/ucenter', 'Not verified', 0.002],
] as const) {
  test(`${route}: what loads takes its skeleton's place`, async ({ page }) => {
    await page.goto(route);
    await expect(page.locator('[aria-busy="true"]').first()).toBeVisible();
    await expect(page.getByText(landmark, { exact: true }).first()).toBeVisible();
    // Late parts of the page (lists below the form) have come too.
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    expect(await layoutShift(page)).toBeLessThan(limit);
  });
}
