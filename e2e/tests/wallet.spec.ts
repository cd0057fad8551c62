// Account and assets (issue 4 item 19): balances, an admin deposit in assets and logs, a transfer,
// a withdrawal with the fund password moved by the admin CLI, KYC under review then verified,
// and the invite QR code decoding to the register link. Real server, real browser, real CLI.
import jsQR from 'jsqr';
import type { Locator } from '@playwright/test';
import { test, expect, api, adminCli, loginByApi, registerByApi, useSessionIn } from './fixtures';
import { baseURL } from '../env';

type Wallets = Record<string, { usdt_totle: string; balance: Array<Record<string, string | number>> }>;

/** Decimal text truncated (not rounded) to `places`, as the screens show it. */
function truncate(value: string, places: number): string {
  const [whole = '0', fraction = ''] = value.split('.');
  return places === 0 ? whole : `${whole}.${fraction.padEnd(places, '0').slice(0, places)}`;
}

// A 1x1 PNG: the server checks the content (magic bytes), not the name.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** Draws a QR code's SVG on a canvas (with a white quiet zone) and decodes its pixels with jsQR. */
async function decodeQr(svg: Locator): Promise<string | undefined> {
  const pixels = await svg.evaluate(async (element) => {
    const xml = new XMLSerializer().serializeToString(element);
    const image = new Image();
    image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(xml)}`;
    await image.decode();
    const size = 150 * 3;
    const margin = 40;
    const canvas = document.createElement('canvas');
    canvas.width = size + margin * 2;
    canvas.height = size + margin * 2;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('no canvas');
    context.fillStyle = '#fff';
    context.fillRect(0, 0, canvas.width, canvas.height);
    context.drawImage(image, margin, margin, size, size);
    const data = context.getImageData(0, 0, canvas.width, canvas.height);
    return { width: data.width, height: data.height, data: Array.from(data.data) };
  });
  return jsQR(Uint8ClampedArray.from(pixels.data), pixels.width, pixels.height)?.data;
}

test.describe.configure({ mode: 'serial' });

let email = '';
let password = '';
let token = '';

test.beforeAll(async ({ request }) => {
  ({ email, password } = await registerByApi(request));
  token = await loginByApi(request, email, password);
});

test('the demo user sees the balances of the server', async ({ page, request }) => {
  const demoToken = await loginByApi(request, 'demo@example.com', 'Demo1234');
  const wallets = (await api<Wallets>(request, 'POST', '/api/wallet/list', {}, demoToken)).message;
  const usdt = (type: string) =>
    String(wallets[`${type}_wallet`]?.balance.find((b) => b.currency_name === 'USDT')?.[`${type}_balance`]);
  await useSessionIn(page, demoToken, 'demo@example.com');
  await page.goto('/assets');
  const coin = page.getByRole('region', { name: 'Coin account' });
  await expect(coin.getByRole('link', { name: /^USDT/ })).toContainText(truncate(usdt('change'), 2));
  await expect(
    page.getByRole('region', { name: 'Contract account', exact: true }).getByRole('link', { name: /^USDT/ }),
  ).toContainText(truncate(usdt('lever'), 2));
  await expect(
    page.getByRole('region', { name: 'Fiat account' }).getByRole('link', { name: /^USDT/ }),
  ).toContainText(truncate(usdt('legal'), 2));
  await expect(page.getByTestId('total-change')).toHaveText(/^\d+\.\d{4}$/);
  await page.goto('/ucenter');
  await expect(page.getByTestId('total-assets')).toHaveText(/^\d+\.\d{2}$/);
});

test('a deposit credited by the admin command appears in assets and logs', async ({ page }) => {
  const output = adminCli('deposit', email, 'USDT', '250.5');
  expect(output).toContain('Deposit #');
  await useSessionIn(page, token, email);
  await page.goto('/assets');
  const usdt = page.getByRole('region', { name: 'Coin account' }).getByRole('link', { name: /^USDT/ });
  await expect(usdt).toContainText('250.50');
  await usdt.click();
  await expect(page).toHaveURL(/\/logs\?currency=3&type=change$/);
  const row = page.getByTestId('fundlog-row').first();
  await expect(row).toContainText('Deposit');
  await expect(row).toContainText('+250.50');
  await page.goto('/deposit_record');
  await expect(page.getByTestId('charge-row').first()).toContainText('+250.50');

  // The deposit screen: the user's address for the coin, as text and as a QR code.
  await page.goto('/recharge');
  const address = (await page.getByTestId('deposit-address').textContent()) ?? '';
  expect(address).toMatch(/^DEMO-USDT-/);
  expect(await decodeQr(page.getByTestId('deposit-qr'))).toBe(address);
});

test('a transfer moves funds between wallets on screen', async ({ page }) => {
  await useSessionIn(page, token, email);
  await page.goto('/transfer');
  await expect(page.getByTestId('transfer-available')).toHaveText('Available: 250.50 USDT');
  await page.getByRole('combobox', { name: 'To' }).selectOption('lever');
  await page.getByRole('textbox', { name: 'Amount' }).fill('100');
  await page.getByRole('button', { name: 'Confirm transfer' }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirm transfer' });
  await expect(confirm).toContainText('100 USDT');
  await confirm.getByRole('button', { name: 'Confirm' }).dblclick();
  await expect(page.getByRole('alert').filter({ hasText: 'Transfer successful' })).toBeVisible();
  await expect(page.getByTestId('transfer-available')).toHaveText('Available: 150.50 USDT');
  await page.goto('/assets');
  await expect(
    page.getByRole('region', { name: 'Contract account', exact: true }).getByRole('link', { name: /^USDT/ }),
  ).toContainText('100.00');
  await expect(
    page.getByRole('region', { name: 'Coin account' }).getByRole('link', { name: /^USDT/ }),
  ).toContainText('150.50');
});

test('a withdrawal with the fund password, then moved by the admin to chain success', async ({
  page,
  request,
}) => {
  await useSessionIn(page, token, email);
  await page.goto('/withdrawal');
  await expect(page.getByTestId('withdraw-available')).toHaveText('Available: 150.50 USDT');
  await expect(page.getByTestId('withdraw-fee')).toHaveText('Fee: 1 USDT');

  // No fund password yet: set it from the withdrawal screen.
  await page.getByRole('button', { name: 'Set now' }).click();
  const passwords = page.getByRole('dialog', { name: 'Passwords' });
  await passwords.getByLabel('New fund password').fill('246810');
  await passwords.getByLabel('Repeat fund password').fill('246810');
  await passwords.getByRole('button', { name: 'Save fund password' }).click();
  await expect(passwords).toBeHidden();

  // Address book: the catalogue's rules, then a valid address.
  await page.getByRole('button', { name: 'Add address' }).click();
  const add = page.getByRole('dialog', { name: 'Add a USDT address' });
  await add.getByRole('textbox', { name: 'Address' }).fill('TX e2e');
  await add.getByRole('button', { name: 'Save address' }).click();
  await expect(add.getByText('The address must be 6 to 128 characters without spaces')).toBeVisible();
  await add.getByRole('textbox', { name: 'Address' }).fill('TXe2eaddress0001');
  await add.getByRole('textbox', { name: 'Label or memo' }).fill('Main1');
  await add.getByRole('button', { name: 'Save address' }).click();
  await expect(add).toBeHidden();
  await expect(page.getByRole('radio', { name: 'Main1 TXe2eaddress0001' })).toBeChecked();

  await page.getByRole('textbox', { name: 'Amount' }).fill('20');
  await page.getByLabel('Fund password').fill('135790');
  await page.getByRole('button', { name: 'Withdraw', exact: true }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirm withdrawal' });
  await expect(confirm).toContainText('TXe2eaddress0001');
  await expect(confirm).toContainText('20 USDT');
  await confirm.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Wrong fund password' })).toBeVisible();
  await page.getByLabel('Fund password').fill('246810');
  await page.getByRole('button', { name: 'Withdraw', exact: true }).click();
  await confirm.getByRole('button', { name: 'Confirm' }).dblclick();
  await expect(
    page.getByRole('alert').filter({ hasText: 'Withdrawal applied, awaiting review' }),
  ).toBeVisible();
  await expect(page.getByTestId('withdraw-available')).toHaveText('Available: 129.50 USDT');
  await expect(page.getByTestId('withdrawal-row').first()).toContainText('Applying');

  const list = await api<Array<{ id: number; status: number }>>(
    request,
    'GET',
    '/api/wallet/withdrawals',
    undefined,
    token,
  );
  const id = list.message[0]?.id;
  expect(id).toBeTruthy();
  adminCli('withdrawal', 'approve', String(id));
  await page.goto('/withdrawal_record');
  await expect(page.getByTestId('withdrawal-row').first()).toContainText('Waiting for chain');
  adminCli('withdrawal', 'chain-ok', String(id));
  await page.reload();
  const done = page.getByTestId('withdrawal-row').first();
  await expect(done).toContainText('Success');
  await expect(done).toContainText('20.00 USDT');
  await expect(done).toContainText('DEMO-TX-');

  await page.goto('/logs?currency=3&type=change');
  await expect(page.getByTestId('fundlog-row').first()).toContainText('Withdrawal fee');
  await expect(page.getByText('Withdrawal frozen').first()).toBeVisible();
  expect(adminCli('reconcile')).not.toMatch(/mismatch/i);
});

test('KYC with three images goes under review, then verified after the admin approves', async ({ page }) => {
  await useSessionIn(page, token, email);
  await page.goto('/ucenter');
  await page.getByRole('button', { name: /Real-name verification\s*Not verified/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Real-name verification' });
  await dialog.getByRole('textbox', { name: 'Name' }).fill('Erika Muster');
  await dialog.getByRole('textbox', { name: 'ID number' }).fill('E2E12345678');
  await dialog.getByRole('textbox', { name: 'Country' }).fill('Germany');
  await dialog.getByRole('textbox', { name: 'Address' }).fill('Hauptstrasse 1, Berlin');
  for (const label of ['Front of the document', 'Back of the document', 'Holding the document']) {
    await dialog
      .locator(`input[type="file"][aria-label="${label}"]`)
      .setInputFiles({ name: `${label}.png`, mimeType: 'image/png', buffer: PNG });
    await expect(dialog.getByRole('img', { name: label })).toBeVisible();
  }
  await expect(dialog.getByText('Uploaded', { exact: true })).toHaveCount(3);
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: /Real-name verification\s*Under review/ })).toBeVisible();

  adminCli('kyc', 'approve', email);
  await page.reload();
  await expect(page.getByRole('button', { name: /Real-name verification\s*Verified/ })).toBeVisible();
});

test('the invite page shows a 150 px QR code that decodes to the register link', async ({
  page,
  request,
}) => {
  const info = await api<{ extension_code: string }>(request, 'GET', '/api/user/info', undefined, token);
  const code = info.message.extension_code;
  await useSessionIn(page, token, email);
  await page.goto('/share');
  const qr = page.getByTestId('invite-qr');
  await expect(qr).toBeVisible();
  const box = await qr.boundingBox();
  expect(Math.round(box?.width ?? 0)).toBe(150);
  await expect(page.getByTestId('invite-link')).toHaveText(`${baseURL}/register?code=${code}`);

  expect(await decodeQr(qr)).toBe(`${baseURL}/register?code=${code}`);
});
