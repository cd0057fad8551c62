// Fiat purchase, launch subscription, lock-up mining, complaints and the support chat on the
// composed app with the real server (issue 6 item 12).
import jsQR from 'jsqr';
import { test, expect, api, adminCli, registerByApi, loginByApi, useSessionIn } from './fixtures';
import { tr } from './catalog';
import type { APIRequestContext, Page } from '@playwright/test';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

interface Balance {
  currency: number;
  currency_name: string;
  [key: string]: string | number;
}
type Wallets = Record<string, { balance: Balance[] }>;

async function balanceOf(request: APIRequestContext, token: string, wallet: string, coin: string) {
  const answer = await api<Wallets>(request, 'POST', '/api/wallet/list', {}, token);
  const row = answer.message[`${wallet}_wallet`]?.balance.find((b) => b.currency_name === coin);
  return {
    available: String(row?.[`${wallet}_balance`] ?? '0'),
    locked: String(row?.[`lock_${wallet}_balance`] ?? '0'),
  };
}

async function signedIn(page: Page, request: APIRequestContext): Promise<{ token: string; email: string }> {
  const { email, password } = await registerByApi(request);
  const token = await loginByApi(request, email, password);
  await useSessionIn(page, token, email);
  return { token, email };
}

async function credit(request: APIRequestContext, email: string, amount: string) {
  const answer = await api(request, 'POST', '/dev/credit', {
    user_string: email,
    wallet: 'change',
    currency: 'USDT',
    amount,
  });
  expect(answer.type, JSON.stringify(answer)).toBe('ok');
}

test('buy USDT through matching, pay with a screenshot, the merchant confirms, USDT reaches the legal wallet', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const { token } = await signedIn(page, request);
  await page.goto('/Recharge');
  await expect(page.getByTestId('fiat-rate')).toHaveText('1 USDT ≈ 7.2 CNY');
  await expect(page.getByRole('radio', { name: 'Bank card' })).toBeChecked();

  // Validation before anything is sent: what is typed stays, and is explained under the field.
  await page.getByLabel('Purchase amount').fill('50');
  await page.getByRole('button', { name: 'Buy USDT' }).click();
  await expect(page.getByLabel('Purchase amount')).toHaveAccessibleDescription('The minimum is 100');
  await page.getByLabel('Purchase amount').fill('1e3');
  await expect(page.getByLabel('Purchase amount')).toHaveValue('1e3');
  await expect(page.getByLabel('Purchase amount')).toHaveAccessibleDescription(/Invalid number/);
  await page.getByRole('button', { name: 'Buy USDT' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  await page
    .getByRole('group', { name: 'Quick amounts' })
    .getByRole('button', { name: '1000', exact: true })
    .click();
  await expect(page.getByTestId('fiat-usdt')).toHaveText('You get ≈ 138.88 USDT');
  await page.getByRole('button', { name: 'Buy USDT' }).click();
  // Nothing is bought before the confirmation of amount, price, fee and what the user gets.
  const confirm = page.getByRole('dialog', { name: 'Confirm purchase' });
  await expect(confirm).toContainText('1000 CNY');
  await expect(confirm).toContainText('1 USDT ≈ 7.2 CNY');
  await expect(confirm).toContainText('Fee');
  await expect(confirm).toContainText('≈ 138.88 USDT');
  const started = Date.now();
  await confirm.getByRole('button', { name: 'Buy USDT' }).click();
  await expect(page.getByRole('dialog', { name: 'Matching a merchant' })).toContainText(
    'Matching a merchant for you…',
  );
  await expect(page.getByText('Merchant matched, opening your order…')).toBeVisible();
  await expect(page).toHaveURL(/\/Detail\?id=\d+$/);
  expect(Date.now() - started).toBeGreaterThanOrEqual(4500);
  const id = Number(new URL(page.url()).searchParams.get('id'));

  // Step 2 of 3 active, the matched merchant's bank details, a running countdown.
  await expect(page.getByTestId('fiat-order-usdt')).toHaveText('138.88 USDT');
  const details = page.getByRole('region', { name: 'Payment details' });
  await expect(details).toContainText('Teal OTC');
  await expect(details).toContainText('6222 0210 0111 2233 445');
  await expect(details).toContainText('Industrial Bank of Example');
  const countdown = page.getByTestId('fiat-countdown');
  await expect(countdown).toHaveText(/^(30:00|29:[0-5]\d)$/);
  const first = await countdown.textContent();
  await expect(countdown).not.toHaveText(first ?? '');

  // Confirm paid needs the screenshot.
  await page.getByRole('button', { name: 'I have paid' }).click();
  await expect(page.getByText('Please upload the payment screenshot')).toBeVisible();
  await page.getByLabel('Upload the payment screenshot', { exact: true }).first().setInputFiles({
    name: 'paid.png',
    mimeType: 'image/png',
    buffer: PNG,
  });
  await expect(page.getByText('Uploaded', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'I have paid' }).click();
  const dialog = page.getByRole('dialog', { name: 'Confirm payment' });
  await expect(dialog).toContainText('malicious clicking may freeze your account');
  await dialog.getByRole('button', { name: 'I have paid' }).click();
  await expect(page.getByTestId('fiat-status')).toHaveText('Paid, awaiting merchant confirmation');
  await expect(page.getByRole('img', { name: 'Payment screenshot' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cancel order' })).toHaveCount(0);

  // The merchant confirms (admin CLI on the e2e database): USDT lands in the legal wallet.
  adminCli('fiat', 'confirm', String(id));
  await page.reload();
  await expect(page.getByTestId('fiat-status')).toHaveText('Completed');
  expect((await balanceOf(request, token, 'legal', 'USDT')).available).toBe('138.88888888');
  await page.goto('/assets');
  await expect(
    page.getByRole('region', { name: 'Fiat account' }).getByRole('link', { name: /^USDT/ }),
  ).toContainText('138.88');
});

test('cancel a fiat order', async ({ page, request }) => {
  const { token } = await signedIn(page, request);
  const order = await api<number>(
    request,
    'POST',
    '/api/wallet/buy_legal',
    { acc: '500', rate: '7.20', pay_way: 'alipay' },
    token,
  );
  expect(order.type, JSON.stringify(order)).toBe('ok');
  await page.goto(`/Detail?id=${order.message}`);
  await expect(page.getByRole('region', { name: 'Payment details' })).toContainText('tealotc@alipay.example');
  await expect(page.getByRole('img', { name: 'Payment code' })).toBeVisible();
  await page.getByRole('button', { name: 'Cancel order' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancel this order?' });
  await dialog.getByRole('button', { name: 'Cancel order' }).click();
  await expect(page.getByTestId('fiat-status')).toHaveText('Cancelled');
  await expect(page.getByRole('button', { name: 'I have paid' })).toHaveCount(0);
  await page.goto('/Recharge');
  await expect(page.getByRole('region', { name: 'My orders' })).toContainText(
    '69.44 USDT · 500 CNY · Alipay',
  );
});

test('an unpaid fiat order times out after 30 minutes', async ({ page, request }) => {
  const { token } = await signedIn(page, request);
  const order = await api<number>(
    request,
    'POST',
    '/api/wallet/buy_legal',
    { acc: '300', rate: '7.2', pay_way: 'bank' },
    token,
  );
  expect(order.type, JSON.stringify(order)).toBe('ok');
  await page.goto(`/Detail?id=${order.message}`);
  await expect(page.getByTestId('fiat-countdown')).toBeVisible();
  // Test-only: the order's creation moves 30 minutes into the past and the server's sweep runs.
  const expired = await api(request, 'POST', '/dev/earn/expire', { kind: 'fiat', id: order.message });
  expect(expired.type, JSON.stringify(expired)).toBe('ok');
  await page.reload();
  await expect(page.getByTestId('fiat-status')).toHaveText('The order timed out and was cancelled');
  await expect(page.getByRole('button', { name: 'I have paid' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Cancel order' })).toHaveCount(0);
});

test('subscribe to the launch project and unlock after the lock', async ({ page, request }) => {
  const { token, email } = await signedIn(page, request);
  await credit(request, email, '1000');
  await page.goto('/UpStart');
  await expect(page.getByRole('link', { name: 'White paper' })).toBeVisible();
  await expect(page.getByTestId('launch-balance')).toHaveText('Available: 1000.00 USDT');
  await expect(page.getByTestId('launch-price')).toHaveText('1 BEF = 0.05 USDT');
  const qty = page.getByLabel('Quantity (BEF)');
  await page.getByRole('button', { name: 'Subscribe' }).click();
  await expect(qty).toHaveAccessibleDescription('Please enter a subscription quantity');
  await qty.fill('250');
  await expect(page.getByTestId('launch-pay')).toHaveText('Pay amount: 12.50000000 USDT');
  await page.getByRole('button', { name: 'Subscribe' }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirm subscription' });
  await expect(confirm).toContainText('250 BEF');
  await expect(confirm).toContainText('12.50000000 USDT');
  await confirm.getByRole('button', { name: 'Subscribe' }).dblclick();
  await expect(page.getByText('Subscription successful')).toBeVisible();
  await expect(page.getByTestId('launch-balance')).toHaveText('Available: 987.50 USDT');

  await page.getByRole('link', { name: 'My subscriptions' }).click();
  await expect(page).toHaveURL(/\/Uplist$/);
  const list = await api<{ id: number }[]>(
    request,
    'POST',
    '/api/user/uplists',
    { page: 1, limit: 10 },
    token,
  );
  const id = list.message[0]!.id;
  const row = page.getByRole('listitem', { name: `Subscription ${id}` });
  await expect(row).toContainText('250 BEF');
  await expect(row).toContainText('Locked');
  await expect(row.getByRole('button', { name: 'Unlock' })).toHaveCount(0);

  // The lock ends (test-only dev call moves its end into the past and runs the sweep).
  const expired = await api(request, 'POST', '/dev/earn/expire', { kind: 'launch', id });
  expect(expired.type, JSON.stringify(expired)).toBe('ok');
  await page.reload();
  await expect(row).toContainText('Unlockable');
  await row.getByRole('button', { name: 'Unlock' }).click();
  await expect(row).toContainText('Unlocked');
  const bef = await balanceOf(request, token, 'change', 'BEF');
  expect(bef.available).toMatch(/^250(\.0+)?$/);
  expect(bef.locked).toMatch(/^0(\.0+)?$/);
});

test('buy and cancel a lock-up product with the fee shown first', async ({ page, request }) => {
  const { token, email } = await signedIn(page, request);
  await credit(request, email, '150');
  await page.goto('/zhiya');
  const product = page.getByRole('listitem', { name: 'USDT · 7 days' });
  await expect(product).toContainText('1.5 USDT');
  await product.getByRole('button', { name: 'Lock now' }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirm lock-up' });
  await expect(confirm).toContainText('Lock 100 USDT from your coin account for 7 days');
  await confirm.getByRole('button', { name: 'Lock now' }).click();
  await expect(page).toHaveURL(/\/zhiyaOrder$/);
  expect((await balanceOf(request, token, 'change', 'USDT')).available).toMatch(/^50(\.0+)?$/);

  const order = page.getByRole('listitem').filter({ hasText: 'In progress' }).first();
  await expect(order).toContainText('100 USDT');
  await order.getByRole('button', { name: 'Cancel' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancel this lock-up?' });
  await expect(dialog).toContainText(
    'Cancelling early costs a fee of 5%: 5 USDT. You get back 95 USDT and no interest.',
  );
  await dialog.getByRole('button', { name: 'Cancel lock-up' }).click();
  await expect(page.getByText('Fee 5 USDT, returned 95 USDT')).toBeVisible();
  const after = await balanceOf(request, token, 'change', 'USDT');
  expect(after.locked).toMatch(/^0(\.0+)?$/);
  expect(after.available).toMatch(/^145(\.0+)?$/);
});

test('file a complaint with an image and read the reply', async ({ page, request }) => {
  const { token } = await signedIn(page, request);
  await page.goto('/feedback');
  await expect(page.getByText('No complaints yet')).toBeVisible();
  await page.getByRole('button', { name: 'New' }).click();
  const dialog = page.getByRole('dialog', { name: 'New complaint' });
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(dialog.getByLabel('Complaint description')).toHaveAccessibleDescription(
    'Please describe your complaint',
  );
  const text = '<b>My deposit</b> has not arrived';
  await dialog.getByLabel('Complaint description').fill(text);
  await dialog
    .getByLabel('Add an image', { exact: true })
    .first()
    .setInputFiles({ name: 'proof.png', mimeType: 'image/png', buffer: PNG });
  await expect(dialog.getByText('Uploaded', { exact: true })).toBeVisible();
  await dialog.getByRole('button', { name: 'Submit' }).click();
  const list = page.getByRole('list', { name: 'My complaints' });
  await expect(list).toContainText(text);
  await expect(list).toContainText('Waiting');

  const mine = await api<{ id: number }[]>(request, 'POST', '/api/feedback/list', {}, token);
  adminCli('feedback', 'reply', String(mine.message[0]!.id), 'We found your deposit, it is credited now.');
  await page.reload();
  await expect(list).toContainText('Replied');
  await list.getByText(text).click();
  const detail = page.getByRole('dialog', { name: 'Complaint details' });
  await expect(detail.getByTestId('feedback-content')).toHaveText(text);
  await expect(detail.locator('b')).toHaveCount(0);
  await expect(detail.getByTestId('feedback-reply')).toHaveText('We found your deposit, it is credited now.');
  await expect(detail.getByRole('img', { name: 'Attached image' })).toBeVisible();
});

test('the online service page opens its chat', async ({ page, request }) => {
  await signedIn(page, request);
  await page.goto('/onlineServer');
  const frame = page.frameLocator('iframe[title="Customer service chat"]');
  await expect(frame.getByRole('heading', { name: 'Online support' })).toBeVisible();
  await expect(page.getByText('Connecting to customer service…')).toHaveCount(0);
  await frame.getByLabel('Type your message').fill('Hello, I need help');
  await frame.getByRole('button', { name: 'Send' }).click();
  await expect(frame.getByText('Hello, I need help')).toBeVisible();
  // The chat token left the chat page's address once its script had read it.
  const chat = page.frames().find((f) => f.url().includes('/api/support/chat'));
  expect(chat?.url()).toBeDefined();
  expect(new URL(chat?.url() ?? '').searchParams.has('t')).toBe(false);
  expect(new URL(chat?.url() ?? '').searchParams.get('terminal')).toBe('mobile');
});

test('the open support chat ends when the password is changed elsewhere', async ({ page, request }) => {
  const { email, password } = await registerByApi(request);
  const token = await loginByApi(request, email, password);
  await useSessionIn(page, token, email);
  await page.goto('/onlineServer');
  const frame = page.frameLocator('iframe[title="Customer service chat"]');
  await expect(frame.getByRole('button', { name: 'Send' })).toBeVisible();
  // The session stays valid, its chat token does not: the server disconnects the chat socket.
  const changed = await api(
    request,
    'POST',
    '/api/user/password',
    { old_password: password, password: 'Changed123', re_password: 'Changed123' },
    token,
  );
  expect(changed.type).toBe('ok');
  await expect(frame.getByText('Please log in to the app to chat with support.')).toBeVisible();
  await expect(frame.getByRole('button', { name: 'Send' })).toBeHidden();
});

test('the otc screens speak the chosen language', async ({ page, request }) => {
  const { email } = await signedIn(page, request);
  await credit(request, email, '10');
  await page.evaluate(() => {
    localStorage.setItem('lang', 'zh');
    localStorage.setItem('locale', 'zh');
  });
  const zh = (english: string) => tr('zh', 'remote-otc', english);
  // The launch project's own text comes in the chosen language too.
  await page.goto('/UpStart');
  await expect(page.getByText('BEF 首发')).toBeVisible();
  await expect(page.getByText(/BEF 是交易所生态的功能型代币/)).toBeVisible();
  await page.goto('/Recharge');
  await page.getByLabel(zh('Purchase amount')).fill('50');
  await page.getByRole('button', { name: zh('Buy USDT') }).click();
  await expect(page.getByLabel(zh('Purchase amount'))).toHaveAccessibleDescription(
    tr('zh', 'shared', 'The minimum is {limit}').replace('{limit}', '100'),
  );
  await expect(page.getByRole('radio', { name: zh('Bank card') })).toBeChecked();
  await page.goto('/zhiya');
  await expect(page.getByRole('button', { name: zh('Lock now') }).first()).toBeVisible();
  // A server refusal is shown translated by its code: 10 USDT cannot lock the 100 USDT product.
  await page
    .getByRole('listitem', { name: 'USDT · 7 天' })
    .getByRole('button', { name: zh('Lock now') })
    .click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: zh('Lock now') })
    .click();
  await expect(page.getByText(tr('zh', 'errors', 'Insufficient wallet balance'))).toBeVisible();
});

test('/about shows the version and build time of the host and of every remote', async ({ page }) => {
  await page.goto('/about');
  const builds = page.getByRole('list', { name: 'Builds' });
  for (const app of ['host', 'markets', 'trading', 'wallet', 'otc']) {
    const row = builds.getByTestId(`build-${app}`);
    await expect(row).toContainText(`${app}, version 0.1.0`);
    await expect(row).toContainText(/Built \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC\+8/);
    await expect(row).toContainText(/Build \S+/);
  }
});

test("the merchants' payment codes are real QR codes of their accounts", async ({ page, request }) => {
  const { token } = await signedIn(page, request);
  const info = await api<{ alipay: string; alipayCode: string; wechat: string; wechatCode: string }>(
    request,
    'GET',
    '/api/legalInfo?currency=3',
    undefined,
    token,
  );
  await page.goto('/about');
  for (const [way, account, url] of [
    ['alipay', info.message.alipay, info.message.alipayCode],
    ['wechat', info.message.wechat, info.message.wechatCode],
  ] as const) {
    // Same origin through the host's /api proxy, so the canvas can read the pixels.
    const pixels = await page.evaluate(async (src) => {
      const image = new Image();
      image.src = src;
      await image.decode();
      const canvas = document.createElement('canvas');
      canvas.width = image.naturalWidth;
      canvas.height = image.naturalHeight;
      const context = canvas.getContext('2d');
      if (!context) throw new Error('no canvas');
      context.drawImage(image, 0, 0);
      const data = context.getImageData(0, 0, canvas.width, canvas.height);
      return { width: data.width, height: data.height, data: Array.from(data.data) };
    }, new URL(url, 'http://x').pathname);
    expect(jsQR(Uint8ClampedArray.from(pixels.data), pixels.width, pixels.height)?.data).toBe(
      `${way}:${account}`,
    );
  }
});

test('launch: a long quantity and pay amount wrap inside the screen at 360 and 390 px', async ({
  page,
  request,
}) => {
  await signedIn(page, request);
  for (const width of [360, 390]) {
    await page.setViewportSize({ width, height: 844 });
    await page.goto('/UpStart');
    // The longest valid quantity: its pay amount wraps inside the screen.
    await page.getByLabel('Quantity (BEF)').fill('999999999999.99999999');
    await expect(page.getByTestId('launch-pay')).toContainText('49999999999.99999999');
    await expect(page.getByRole('button', { name: 'Subscribe' })).toBeVisible();
    let overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, `sideways scroll at ${width}px`).toBeLessThanOrEqual(0);
    // Thirty digits are not a valid quantity: no pay amount is computed from them.
    await page.getByLabel('Quantity (BEF)').fill('123456789012345678901234567890');
    await expect(page.getByLabel('Quantity (BEF)')).toHaveAccessibleDescription(/Too many digits/);
    await expect(page.getByTestId('launch-pay')).toHaveText('Pay amount: -- USDT');
    overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, `sideways scroll at ${width}px`).toBeLessThanOrEqual(0);
    const pay = await page.getByTestId('launch-pay').boundingBox();
    expect(pay && pay.x + pay.width, 'the pay amount stays on screen').toBeLessThanOrEqual(width);
  }
});
