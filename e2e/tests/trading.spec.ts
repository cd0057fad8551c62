// The trade screens (spec doc 1 §2, §4; issue 5 item 12) against the real server, its market
// engine and ledger: spot market buy and limit sell with revoke, a long closed by its
// take-profit when a pinned price crosses it, a seconds contract settled on the pinned price.
import type { APIRequestContext, Page } from '@playwright/test';
import { test, expect, api, registerByApi, loginByApi, useSessionIn, credit } from './fixtures';

async function pin(request: APIRequestContext, symbol: string, price: string | null): Promise<void> {
  const answer = await api(request, 'POST', '/dev/market/price', { symbol, price });
  expect(answer.type, JSON.stringify(answer)).toBe('ok');
}

/** A fresh, funded user with a session in the page. */
async function trader(
  page: Page,
  request: APIRequestContext,
  funds: Array<[wallet: string, currency: string, amount: string]>,
) {
  const { email, password } = await registerByApi(request);
  for (const [wallet, currency, amount] of funds) await credit(request, email, wallet, currency, amount);
  const token = await loginByApi(request, email, password);
  await useSessionIn(page, token, email);
  return { email, token };
}

interface Wallet {
  balance: Array<{ currency_name: string } & Record<string, string>>;
}

async function changeBalance(request: APIRequestContext, token: string, currency: string): Promise<string> {
  const answer = await api<Record<string, Wallet>>(request, 'POST', '/api/wallet/list', {}, token);
  const row = answer.message.change_wallet?.balance.find((b) => b.currency_name === currency);
  return row?.change_balance ?? '0';
}

test.afterEach(async ({ request }) => {
  await pin(request, 'BTC/USDT', null);
});

test('spot: a market buy fills at once; a limit sell waits in pending and is revoked', async ({
  page,
  request,
}) => {
  await pin(request, 'BTC/USDT', '65000.00');
  const { token } = await trader(page, request, [['change', 'USDT', '5000']]);
  await page.goto('/exchange');
  const form = page.getByRole('form', { name: 'Spot order' });
  await expect(form.getByTestId('spot-available')).toHaveText('Available: 5000.00 USDT');
  // Market (default): the price is read-only, the best ask of the live book.
  const price = form.getByRole('textbox', { name: 'Price' });
  await expect(price).not.toHaveValue('');
  await expect(price).toHaveAttribute('readonly', '');
  // A typed quantity that is not an amount stays as typed, is explained, and places nothing.
  const typed = form.getByRole('textbox', { name: 'Quantity (BTC)' });
  for (const [text, message] of [
    ['0.5e-3', /Invalid number/],
    ['-1', /without a sign/],
    ['0.123456', /At most 5 decimal places/],
  ] as const) {
    await typed.fill(text);
    await expect(typed).toHaveValue(text);
    await expect(typed).toHaveAccessibleDescription(message);
    await form.getByRole('button', { name: 'Buy BTC' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
  }
  await typed.fill('0.01');
  await form.getByRole('button', { name: 'Buy BTC' }).click();
  const confirmBuy = page.getByRole('dialog', { name: 'Confirm buy' });
  // The market price is an estimate, and the fee is shown.
  await expect(confirmBuy.getByText('Estimated price')).toBeVisible();
  await expect(confirmBuy).toContainText('Fee (0.1%)');
  await expect(confirmBuy).toContainText('0.00001 BTC');
  // A double tap places one order.
  await confirmBuy.getByRole('button', { name: 'Confirm' }).dblclick();
  await expect(page.getByText('Order submitted')).toBeVisible();
  // Cleared, and the balances refreshed from the server.
  await expect(form.getByRole('textbox', { name: 'Quantity (BTC)' })).toHaveValue('');
  const btc = await changeBalance(request, token, 'BTC');
  expect(Number(btc)).toBeGreaterThan(0.0099); // 0.01 less the 0.1 % fee
  await page.getByRole('tab', { name: 'Completed' }).click();
  await expect(page.getByRole('list', { name: 'Completed orders' }).getByRole('listitem')).toHaveCount(1);

  // Limit sell above the price: locked, pending, then revoked.
  await form.getByRole('button', { name: 'Sell', exact: true }).click();
  await expect(form.getByTestId('spot-available')).toHaveText(`Available: ${Number(btc).toFixed(6)} BTC`);
  await form.getByRole('combobox', { name: 'Order type' }).click();
  await page.getByRole('option', { name: 'Limit' }).click();
  await form.getByRole('textbox', { name: 'Price' }).fill('70000');
  await form.getByRole('slider', { name: 'Share of balance' }).focus();
  await page.keyboard.press('End');
  const quantity = await form.getByRole('textbox', { name: 'Quantity (BTC)' }).inputValue();
  expect(quantity).toMatch(/^0\.00\d{3}$/);
  await form.getByRole('button', { name: 'Sell BTC' }).click();
  await page.getByRole('dialog', { name: 'Confirm sell' }).getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Order submitted')).toBeVisible();
  await page.getByRole('tab', { name: 'Pending' }).click();
  const pending = page.getByRole('list', { name: 'Pending orders' }).getByRole('listitem');
  await expect(pending).toHaveCount(1);
  await expect(pending.first()).toContainText('Sell');
  await expect(pending.first()).toContainText('70000');
  expect(await changeBalance(request, token, 'BTC')).not.toBe(btc); // locked while pending
  await pending
    .first()
    .getByRole('button', { name: /^Revoke order/ })
    .click();
  await page
    .getByRole('dialog', { name: 'Revoke this order?' })
    .getByRole('button', { name: 'Confirm' })
    .click();
  await expect(page.getByText('Order revoked')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Pending orders' })).toHaveCount(0);
  expect(await changeBalance(request, token, 'BTC')).toBe(btc);
});

test('leverage: open a long, set stops, and see it close at the take-profit when the price crosses', async ({
  page,
  request,
}) => {
  await pin(request, 'BTC/USDT', '65000.00');
  await trader(page, request, [['lever', 'USDT', '5000']]);
  await page.goto('/trade?mode=1');
  const form = page.getByRole('form', { name: 'Leveraged order' });
  await expect(form.getByText('5000.00 USDT')).toBeVisible();
  await expect(form.getByText('1 hand = 650.00 USDT')).toBeVisible();
  await form.getByRole('combobox', { name: 'Hands' }).fill('2');
  // The suggestions are the server's hand counts starting with "2"; pick one.
  const hands = page.getByRole('listbox', { name: 'Hands' });
  await expect(hands.getByRole('option')).toHaveText(['2', '20', '200']);
  await hands.getByRole('option', { name: '2', exact: true }).click();
  // 65000 x (1 + 0.05 %) x 2 x 0.01 / 20 = 65.0325 margin; fee 0.1 % of 1300.65.
  await expect(form.getByText('65.03 USDT')).toBeVisible();
  await expect(form.getByText('1.30 USDT')).toBeVisible();
  await form.getByRole('button', { name: 'Buy long' }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirm long' });
  await expect(confirm.getByText('2 × 20x')).toBeVisible();
  await confirm.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Order submitted')).toBeVisible();

  const holding = page.getByRole('list', { name: 'Holding' }).getByRole('listitem');
  await expect(holding).toHaveCount(1);
  await expect(holding.first()).toContainText('65,032.50');
  await expect(holding.first()).toContainText('Liquidation price');
  await holding.first().getByRole('button', { name: 'Set stops' }).click();
  const stops = page.getByRole('dialog', { name: 'Take-profit and stop-loss' });
  await stops.getByRole('textbox', { name: 'Take-profit price' }).fill('65999.99');
  await stops.getByRole('button', { name: 'Increase Take-profit price' }).click();
  await expect(stops.getByRole('textbox', { name: 'Take-profit price' })).toHaveValue('66000.00');
  await stops.getByRole('textbox', { name: 'Stop-loss price' }).fill('64000');
  // (66000 - 65032.5) x 2 x 0.01 = 19.35; (64000 - 65032.5) x 0.02 = -20.65
  await expect(stops.getByText('19.35 USDT')).toBeVisible();
  await expect(stops.getByText('-20.65 USDT')).toBeVisible();
  await stops.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Take-profit and stop-loss saved')).toBeVisible();
  await expect(holding.first()).toContainText('66,000.00');

  // Below the take-profit nothing happens; crossing it closes the position live (lever_trade).
  await pin(request, 'BTC/USDT', '65900.00');
  await expect(holding).toHaveCount(1);
  await pin(request, 'BTC/USDT', '66100.00');
  await expect(page.getByRole('list', { name: 'Holding' })).toHaveCount(0, { timeout: 5000 });
  await page.getByRole('tab', { name: 'Closed' }).click();
  const closed = page.getByRole('list', { name: 'Closed' }).getByRole('listitem').first();
  await expect(closed).toContainText('Take-profit');
  await expect(closed).toContainText('66,100.00');
  // (66100 - 65032.5) x 2 x 0.01 = 21.35
  await expect(closed.getByTestId('lever-profits')).toHaveText('21.35 USDT');
});

test('seconds: open an up contract, watch the countdown, settling and a result matching the pinned price', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await pin(request, 'BTC/USDT', '65000.00');
  const { token } = await trader(page, request, [['micro', 'USDT', '1000']]);
  await page.goto('/trade?mode=2');
  const form = page.getByRole('form', { name: 'Seconds order' });
  await expect(form.getByText('1000.00 USDT')).toBeVisible();
  await expect(form.getByRole('combobox', { name: 'Duration' })).toHaveText('30 Sec');
  await expect(form.getByText('Profit rate 80%')).toBeVisible();
  await form.getByRole('combobox', { name: 'Amount' }).fill('10');
  await page
    .getByRole('listbox', { name: 'Amount' })
    .getByRole('option', { name: '10', exact: true })
    .click();
  await expect(form.getByText('8.00 USDT')).toBeVisible();
  // Record the popup's phases as they render.
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { __phases: string[] }).__phases = seen;
    new MutationObserver(() => {
      for (const id of ['seconds-popup-trading', 'seconds-popup-settling', 'seconds-popup-result']) {
        if (document.querySelector(`[data-testid="${id}"]`) && seen[seen.length - 1] !== id) seen.push(id);
      }
    }).observe(document.body, { childList: true, subtree: true });
  });
  await form.getByRole('button', { name: 'Buy up' }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirm up' });
  await expect(confirm.getByText('30 Sec')).toBeVisible();
  await confirm.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Order placed')).toBeVisible();

  const popup = page.getByRole('dialog', { name: 'BTC/USDT · Up' });
  const timer = popup.getByRole('timer', { name: 'Seconds left' });
  await expect(timer).toBeVisible();
  const first = Number(await timer.innerText());
  expect(first).toBeLessThanOrEqual(30);
  await expect.poll(async () => Number(await timer.innerText())).toBeLessThan(first);
  // The trading list behind the popup counts down too (every 200 ms).
  const row = page.locator('[data-testid^="seconds-row-"]').first();
  await expect(row.getByTestId('seconds-countdown')).toHaveText(/^00:[0-3]\d$/);

  // The price moves up before the end: an up contract wins.
  await pin(request, 'BTC/USDT', '65100.00');
  await expect(popup.getByTestId('seconds-popup-result')).toBeVisible({ timeout: 45_000 });
  await expect(popup.getByTestId('seconds-popup-result')).toContainText('You won');
  await expect(popup.getByTestId('seconds-popup-result')).toContainText('Settled');
  await expect(popup).toContainText('65,100.00');
  await expect(popup.getByTestId('seconds-result-profit')).toHaveText('8.00 USDT');
  expect(await page.evaluate(() => (window as unknown as { __phases: string[] }).__phases)).toEqual([
    'seconds-popup-trading',
    'seconds-popup-settling',
    'seconds-popup-result',
  ]);
  // The server's record agrees: open and end prices from the tape, the win paid.
  const closed = await api<{
    data: Array<{ open_price: string; end_price: string; fact_profits: string; result: string }>;
  }>(request, 'GET', '/api/microtrade/lists?status=3&page=1&limit=10', undefined, token);
  const settled = closed.message.data[0];
  expect(settled?.result).toBe('win');
  expect(Number(settled?.open_price)).toBe(65000);
  expect(Number(settled?.end_price)).toBe(65100);
  expect(Number(settled?.fact_profits)).toBe(8);
  // Gone from the trading list, shown in the closed one.
  await popup.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByRole('list', { name: 'Trading' })).toHaveCount(0);
  await page.getByRole('tab', { name: 'Closed' }).click();
  await expect(page.getByRole('list', { name: 'Closed' }).getByRole('listitem').first()).toContainText(
    '8.00 USDT',
  );
});

test('spot: the longest valid numbers never make the page scroll sideways (360 and 390 px)', async ({
  page,
  request,
}) => {
  await trader(page, request, [['change', 'USDT', '123456789012.12']]);
  for (const width of [360, 390]) {
    await page.setViewportSize({ width, height: 844 });
    await page.goto('/exchange');
    const form = page.getByRole('form', { name: 'Spot order' });
    await expect(form.getByTestId('spot-available')).toContainText('123456789012.12');
    await form.getByRole('combobox', { name: 'Order type' }).click();
    await page.getByRole('option', { name: 'Limit' }).click();
    await form.getByRole('textbox', { name: 'Price' }).fill('999999999999.99');
    await form.getByRole('textbox', { name: 'Quantity (BTC)' }).fill('999999999999.99999');
    await expect(form.getByTestId('spot-total')).toContainText('USDT');
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, `sideways scroll at ${width}px`).toBeLessThanOrEqual(0);
    const button = await form.getByRole('button', { name: 'Buy BTC' }).boundingBox();
    expect(button && button.x + button.width, 'Buy stays on screen').toBeLessThanOrEqual(width);
  }
});
