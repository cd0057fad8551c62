// Session, locale and theme across host and remotes (spec doc 1 §1, §4; doc 2 §4).
import {
  test,
  expect,
  api,
  latestCode,
  uniqueEmail,
  registerByApi,
  loginByApi,
  useSessionIn,
} from './fixtures';
import { tr } from './catalog';

test('register, log in and log out with a code from the outbox', async ({ page, request }) => {
  const email = uniqueEmail('reg');
  await page.goto('/register?code=DEMO01');
  await expect(page.getByLabel('Invitation code (optional)')).toHaveValue('DEMO01');
  await page.getByLabel('E-mail address').fill(email);
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByRole('button', { name: /\d+ s/ })).toBeDisabled();
  const code = await latestCode(request, email);
  await page.getByLabel('Verification code').fill(code);
  await page.getByLabel('Password', { exact: true }).fill('Secret123');
  await page.getByLabel('Repeat password').fill('Secret123');
  await page.getByLabel('I have read and agree to the user agreement').check();
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page).toHaveURL(/\/login$/);

  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('Secret123');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.locator('[data-page="markets/HomePage"]')).toBeAttached();
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeTruthy();
  expect(await page.evaluate(() => localStorage.getItem('accountNum'))).toBe(email);

  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Mine' }).click();
  await expect(page.getByText(email)).toBeVisible();
  await page.getByRole('button', { name: 'Log out' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Are you sure you want to log out?');
  await dialog.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  const stored = await page.evaluate(() => [
    localStorage.getItem('token'),
    localStorage.getItem('user_id'),
    localStorage.getItem('accountNum'),
  ]);
  expect(stored).toEqual([null, null, null]);
  // Logged-out users are sent to /login from the account centre.
  await page.goto('/ucenter');
  await expect(page).toHaveURL(/\/login$/);
});

test('a refused login shows the server’s error code translated, and stores nothing', async ({
  page,
  request,
}) => {
  const { email } = await registerByApi(request);
  await page.goto('/login');
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('Wrong1234');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByText('Wrong account or password')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
});

test('the login page sends users who are already logged in to /assets', async ({ page, request }) => {
  const { email, password } = await registerByApi(request);
  await useSessionIn(page, await loginByApi(request, email, password), email);
  await page.goto('/login');
  await expect(page).toHaveURL(/\/assets$/);
});

test('logging out in one tab logs out the other tabs of the app', async ({ page, request }) => {
  const { email, password } = await registerByApi(request);
  await useSessionIn(page, await loginByApi(request, email, password), email);
  await page.goto('/ucenter');
  await expect(page.getByText(email)).toBeVisible();
  const other = await page.context().newPage();
  // Inside the wallet app's browser, as the fixture's page (else the wallet gate sends it away).
  await other.addInitScript(() => {
    (window as unknown as { ethereum: object }).ethereum = { isWallet: true };
  });
  await other.goto('/assets');
  await expect(other.getByRole('heading', { name: 'Assets' })).toBeVisible();
  await expect(other).toHaveURL(/\/assets$/);
  await page.getByRole('button', { name: 'Log out' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  // The other tab follows without a reload.
  await expect(other).toHaveURL(/\/login$/);
  await expect(other.getByRole('button', { name: 'Log in' })).toBeVisible();
  await other.close();
});

test('an expired session shows the login notice, clears the session and goes to /login', async ({
  page,
  request,
}) => {
  const { email, password } = await registerByApi(request);
  const token = await loginByApi(request, email, password);
  await useSessionIn(page, token, email);
  await page.goto('/ucenter');
  await expect(page.getByText(email)).toBeVisible();
  const expired = await api(request, 'POST', '/dev/session/expire', { user_string: email });
  expect(expired.type).toBe('ok');
  await page.reload();
  await expect(page.getByText('Your session has expired, please log in again')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => [localStorage.getItem('token'), localStorage.getItem('user_id')])).toEqual(
    [null, null],
  );
});

test('a language switch reaches the host and every remote at once and survives a reload', async ({
  page,
  request,
}) => {
  const { email, password } = await registerByApi(request);
  await useSessionIn(page, await loginByApi(request, email, password), email);
  await page.goto('/');
  await page.getByRole('button', { name: 'Language' }).click();
  await page.getByRole('dialog').getByText('日本語').click();
  // The tab bar's accessible name is translated too.
  const nav = page.getByRole('navigation', { name: tr('jp', 'host', 'Main') });
  // Host (tab bar) and shared UI switch without a reload.
  await expect(nav.getByRole('button', { name: tr('jp', 'host', 'Home') })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'ja');
  expect(await page.evaluate(() => [localStorage.getItem('lang'), localStorage.getItem('locale')])).toEqual([
    'jp',
    'jp',
  ]);
  // A remote loaded after the switch comes up in Japanese.
  await nav.getByRole('button', { name: tr('jp', 'host', 'Mine') }).click();
  await expect(page.getByRole('button', { name: tr('jp', 'remote-wallet', 'Log out') })).toBeVisible();
  // A switch from inside a remote re-renders that remote and the host together.
  await page.getByRole('button', { name: tr('jp', 'remote-wallet', 'Language') }).click();
  await page.getByRole('dialog').getByText('한국어').click();
  await expect(page.getByRole('button', { name: tr('kr', 'remote-wallet', 'Log out') })).toBeVisible();
  await expect(
    page
      .getByRole('navigation', { name: tr('kr', 'host', 'Main') })
      .getByRole('button', { name: tr('kr', 'host', 'Home') }),
  ).toBeVisible();
  await page.reload();
  await expect(page.getByRole('button', { name: tr('kr', 'remote-wallet', 'Log out') })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(tr('kr', 'host', 'Account'));
});

test('the theme switch reaches host and remotes and survives a reload', async ({ page, request }) => {
  const { email, password } = await registerByApi(request);
  await useSessionIn(page, await loginByApi(request, email, password), email);
  await page.goto('/ucenter');
  const body = page.locator('body');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'teal_night');
  const nightBackground = await body.evaluate((el) => getComputedStyle(el).backgroundColor);
  const nightNav = await page
    .getByRole('navigation', { name: 'Main' })
    .evaluate((el) => getComputedStyle(el).backgroundColor);
  await page.getByLabel('Night mode').uncheck();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'teal_day');
  await expect
    .poll(() => body.evaluate((el) => getComputedStyle(el).backgroundColor))
    .not.toBe(nightBackground);
  await expect
    .poll(() =>
      page.getByRole('navigation', { name: 'Main' }).evaluate((el) => getComputedStyle(el).backgroundColor),
    )
    .not.toBe(nightNav);
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'teal_day');
  await expect(page.getByLabel('Night mode')).not.toBeChecked();
  expect(await page.evaluate(() => localStorage.getItem('mode'))).toBe('teal_day');
});
