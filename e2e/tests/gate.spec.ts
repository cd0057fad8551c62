// The wallet gate (spec doc 1 §1): outside a wallet app's browser the app sends people to
// the wallet download page. On by default; a run-time config file turns it off.
import { test, expect } from './fixtures';
import { writeAppConfig } from '../global-setup';

test.describe('without an injected wallet', () => {
  test.use({ withWallet: false });
  test.afterEach(() => writeAppConfig({ walletGate: true }));

  test('the gate (on by default) redirects to the wallet download page', async ({ page }) => {
    await page.goto('/quotes');
    await expect(page).toHaveURL(/\/download$/);
    await expect(page.getByText("Please open this app in your wallet's browser.")).toBeVisible();
    await expect(page.getByRole('link', { name: 'Download the wallet' })).toHaveAttribute('href', /download/);
  });

  test('with the gate turned off in app-config.json the app opens (no rebuild)', async ({ page }) => {
    writeAppConfig({ walletGate: false });
    await page.goto('/quotes');
    await expect(page).toHaveURL(/\/quotes$/);
    await expect(page.locator('[data-page="markets/QuotesPage"]')).toBeAttached();
  });
});

test('inside a wallet browser the gate lets the app open', async ({ page }) => {
  await page.goto('/quotes');
  await expect(page.locator('[data-page="markets/QuotesPage"]')).toBeAttached();
  await expect(page).toHaveURL(/\/quotes$/);
});
