// The market screens (spec doc 1 §2 Home, Chart screen; doc 2 §2 Notice list) against the real
// server and its market engine: live quotes, pinned prices, the chart, notices.
import type { APIRequestContext, Page } from '@playwright/test';
import { test, expect, api, cspReportsExpected, layoutShift, recordLayoutShifts } from './fixtures';

const HIGHCHARTS_CHUNK = /\/highcharts\.[0-9a-f]+\.js$/;

/** Pins an instrument's price on the server's tape (dev tool); null releases it. */
async function pin(request: APIRequestContext, symbol: string, price: string | null): Promise<void> {
  const answer = await api(request, 'POST', '/dev/market/price', { symbol, price });
  expect(answer.type, JSON.stringify(answer)).toBe('ok');
}

function row(page: Page, symbol: string) {
  return page.getByTestId(`quote-row-${symbol}`);
}

test.afterEach(async ({ request }) => {
  await pin(request, 'BTC/USDT', null);
});

test('home shows banners, the ticker, three live tiles and the list; Highcharts only after the first paint', async ({
  page,
}) => {
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(r.url());
  });
  await page.goto('/');
  await expect(page.locator('[data-page="markets/HomePage"]')).toBeAttached();

  const banners = page.getByRole('region', { name: 'Banners' });
  await expect(banners.getByRole('button', { name: /\(1 of 3\)/ })).toBeVisible();
  await expect(banners.locator('img').first()).toHaveAttribute('src', /\/api\/assets\/banner\/1\.svg/);
  await expect(page.getByRole('link', { name: /^Announcements: / })).toBeVisible();
  await expect(page.getByTestId('ticker-title')).not.toBeEmpty();
  // Live: the carousel moves on to the next banner and the ticker to the next announcement (5 s).
  const firstBanner = banners.getByRole('button', { name: /\(1 of 3\)/ });
  const x0 = (await firstBanner.boundingBox())?.x;
  await expect.poll(async () => (await firstBanner.boundingBox())?.x, { timeout: 9000 }).not.toBe(x0);
  const title0 = await page.getByTestId('ticker-title').innerText();
  await expect.poll(() => page.getByTestId('ticker-title').innerText(), { timeout: 9000 }).not.toBe(title0);

  const tiles = page.getByRole('region', { name: 'Top pairs' });
  await expect(tiles.getByRole('button')).toHaveCount(3);
  await expect(tiles.getByTestId('quote-tile-BTC/USDT')).toContainText(/Vol \d{1,3}(\.\d{1,2})?[KMB]/);

  const list = page.getByRole('list', { name: 'Quotes' });
  await expect(list.getByRole('listitem').first()).toBeVisible();
  expect(await list.getByRole('listitem').count()).toBeGreaterThanOrEqual(10);
  // The mini charts: Highcharts draws them, loaded after the home's first paint (the SVG line
  // shows until then), one line series each.
  const mini = row(page, 'BTC/USDT').getByTestId('mini-BTC/USDT');
  await expect(mini.locator('.highcharts-container .highcharts-series path.highcharts-graph')).toBeAttached();
  await expect(mini.locator('.highcharts-series')).toHaveCount(1);
  await expect(mini.locator('.highcharts-tooltip')).toHaveCount(0);
  const timing = await page.evaluate(() => {
    const chunk = performance
      .getEntriesByType('resource')
      .find((e) => /\/highcharts\.[0-9a-f]+\.js$/.test(e.name));
    const paint = performance.getEntriesByName('first-contentful-paint')[0];
    const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
    return {
      chunk: chunk?.startTime ?? null,
      paint: paint?.startTime ?? null,
      loaded: nav?.domContentLoadedEventEnd ?? null,
    };
  });
  expect(timing.chunk, JSON.stringify(timing)).not.toBeNull();
  expect(timing.paint, JSON.stringify(timing)).not.toBeNull();
  expect(timing.chunk ?? 0, JSON.stringify(timing)).toBeGreaterThan(timing.paint ?? Infinity);
  expect(timing.chunk ?? 0, JSON.stringify(timing)).toBeGreaterThan(timing.loaded ?? Infinity);
  // Highcharts' core only (the global its UMD build leaves): the stock module is the chart page's.
  const loaded = await page.evaluate(() => {
    const lib = (window as { _Highcharts?: { chart?: unknown; stockChart?: unknown } })._Highcharts;
    return { core: typeof lib?.chart, stock: typeof lib?.stockChart };
  });
  expect(loaded).toEqual({ core: 'function', stock: 'undefined' });
  await expect(page.getByRole('link', { name: /Lock-up mining/ })).toHaveAttribute('href', '/zhiya');

  // Live: the BTC tile changes by itself within a few seconds (simulated feed).
  const before = await tiles.getByTestId('quote-tile-BTC/USDT').getByTestId('tile-price').innerText();
  await expect
    .poll(() => tiles.getByTestId('quote-tile-BTC/USDT').getByTestId('tile-price').innerText(), {
      timeout: 15_000,
    })
    .not.toBe(before);

  // One Highcharts chunk for the mini charts and the chart page: /kline does not fetch another.
  expect(scripts.filter((u) => HIGHCHARTS_CHUNK.test(u))).toHaveLength(1);
  await row(page, 'BTC/USDT').getByRole('button').click();
  await expect(page.locator('[data-page="markets/KlinePage"]')).toBeAttached();
  await expect(page.locator('[data-testid="stock-chart"] .highcharts-container')).toBeVisible();
  expect(scripts.filter((u) => HIGHCHARTS_CHUNK.test(u))).toHaveLength(1);
});

test("home: quotes that arrive late take their skeletons' place; nothing below them moves", async ({
  page,
}) => {
  await recordLayoutShifts(page);
  // The quotes answer 1.5 s late (a slow network), so the page shows the tiles' and the list's
  // skeletons first and the quotes replace them.
  await page.route(/\/api\/currency\/quotation_new/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
  await page.goto('/');
  const lockUp = page.getByText('Lock coins and earn daily interest');
  await expect(lockUp).toBeVisible();
  const before = await lockUp.boundingBox();
  await expect(page.getByTestId('quote-tile-BTC/USDT')).toBeVisible();
  expect((await lockUp.boundingBox())?.y).toBe(before?.y);
  expect(await layoutShift(page)).toBeLessThan(0.001);
});

test('a pinned price reaches the home list, the quotes page and the chart header within 2 s', async ({
  page,
  request,
}) => {
  await page.goto('/');
  await expect(row(page, 'BTC/USDT')).toBeVisible();
  await pin(request, 'BTC/USDT', '12345.67');
  await expect(row(page, 'BTC/USDT').getByTestId('quote-price')).toHaveText('12,345.67', { timeout: 2000 });
  await expect(page.getByTestId('quote-tile-BTC/USDT').getByTestId('tile-price')).toHaveText('12,345.67', {
    timeout: 2000,
  });

  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Markets' }).click();
  await expect(page.locator('[data-page="markets/QuotesPage"]')).toBeAttached();
  await expect(row(page, 'BTC/USDT')).toBeVisible();
  await pin(request, 'BTC/USDT', '23456.78');
  await expect(row(page, 'BTC/USDT').getByTestId('quote-price')).toHaveText('23,456.78', { timeout: 2000 });

  await row(page, 'BTC/USDT').getByRole('button', { name: /BTC/ }).last().click();
  await expect(page.getByTestId('kline-pair')).toHaveText('BTC/USDT');
  await pin(request, 'BTC/USDT', '34567.89');
  await expect(page.getByTestId('kline-price')).toHaveText('34,567.89', { timeout: 2000 });
  // The pinned prints reach the last trades too.
  await page.getByRole('tab', { name: 'Trades' }).click();
  await expect(page.getByRole('list', { name: 'Recent trades' })).toContainText('34,567.89', {
    timeout: 2000,
  });
});

test('switching the period redraws the chart; realtime is a line', async ({ page }) => {
  const periods: string[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (url.pathname === '/api/currency/new_timeshar' && url.searchParams.get('symbol') === 'BTC/USDT') {
      periods.push(url.searchParams.get('period') ?? '');
    }
  });
  await page.goto('/');
  await row(page, 'BTC/USDT').getByRole('button').click();
  const chart = page.getByTestId('stock-chart');
  await expect(chart.locator('.highcharts-series.highcharts-candlestick-series')).toBeVisible();
  await expect(chart).toHaveAttribute('data-period', '15min');
  const firstLoad = await chart.getAttribute('data-load');

  await page.getByRole('button', { name: /(^| )60 minutes$/ }).click();
  await expect(page.getByRole('button', { name: /(^| )60 minutes$/ })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(chart).toHaveAttribute('data-period', '60min');
  await expect(chart).not.toHaveAttribute('data-load', firstLoad ?? '');
  await expect(chart.locator('.highcharts-series.highcharts-candlestick-series')).toBeVisible();
  await expect(chart.locator('.highcharts-legend')).toContainText('MA30');

  await page.getByRole('button', { name: /Realtime$/ }).click();
  await expect(chart).toHaveAttribute('data-period', 'realtime');
  await expect(chart.locator('.highcharts-series.highcharts-area-series')).toBeVisible();
  await expect(chart.locator('.highcharts-series.highcharts-candlestick-series')).toHaveCount(0);
  expect(periods).toEqual(expect.arrayContaining(['15min', '60min', '1min']));

  // Order book (10 levels a side) and the depth chart.
  await page.getByRole('tab', { name: 'Order book' }).click();
  await expect(page.getByRole('list', { name: 'Bids' }).getByRole('listitem')).toHaveCount(10);
  await expect(page.getByRole('list', { name: 'Asks' }).getByRole('listitem')).toHaveCount(10);
  await page.getByRole('tab', { name: 'Depth' }).click();
  await expect(
    page.locator('[data-testid="depth-chart"] .highcharts-series.highcharts-area-series'),
  ).toHaveCount(2);
});

test('tabs: crypto, precious metals, futures, kept under hqtab', async ({ page }) => {
  await page.goto('/');
  await expect(row(page, 'BTC/USDT')).toBeVisible();
  await page.getByRole('tab', { name: 'Precious metals' }).click();
  await expect(row(page, 'XAUUSD')).toBeVisible();
  await expect(row(page, 'BTC/USDT')).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem('hqtab'))).toBe('1');
  await page.getByRole('tab', { name: 'Futures' }).click();
  await expect(row(page, 'USOIL')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('hqtab'))).toBe('2');

  // The quotes page opens on the stored tab.
  await page.goto('/quotes');
  await expect(page.getByRole('tab', { name: 'Futures' })).toHaveAttribute('aria-selected', 'true');
  await expect(row(page, 'USOIL')).toBeVisible();
  await page.getByRole('tab', { name: 'Crypto' }).click();
  await page.getByRole('searchbox', { name: 'Search pairs' }).fill('eth');
  await expect(page.getByRole('list', { name: 'Quotes' }).getByRole('listitem')).toHaveCount(1);
  await expect(row(page, 'ETH/USDT')).toBeVisible();
});

test('tapping a row stores the pair and opens its chart; back returns home', async ({ page }) => {
  await page.goto('/');
  // Once the mini charts are drawn: the chart page applies the stock module to that same core.
  await expect(
    row(page, 'ETH/USDT').locator('.highcharts-container .highcharts-series path.highcharts-graph'),
  ).toBeAttached();
  await row(page, 'ETH/USDT').getByRole('button').click();
  await expect(page).toHaveURL(
    /\/kline\?hqtab=0&nowPrice=[\d.]+&change=-?[\d.]+&high=[\d.]+&low=[\d.]+&vol=[\d.]+$/,
  );
  const stored = await page.evaluate(() => ({
    currentCurrency: localStorage.getItem('currentCurrency'),
    currentCurrencyID: localStorage.getItem('currentCurrencyID'),
    match_id: localStorage.getItem('match_id'),
  }));
  expect(stored).toEqual({ currentCurrency: 'ETH', currentCurrencyID: '2', match_id: '2' });
  await expect(page.getByTestId('kline-pair')).toHaveText('ETH/USDT');
  await expect(
    page.getByTestId('stock-chart').locator('.highcharts-series.highcharts-candlestick-series'),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.locator('[data-page="markets/HomePage"]')).toBeAttached();
});

test('notice list and detail: the hostile announcement runs nothing', async ({ page, request }) => {
  cspReportsExpected('the sanitizer parses the hostile <img onerror> in an inert document');
  const alerts: string[] = [];
  page.on('dialog', (d) => {
    alerts.push(d.message());
    void d.dismiss();
  });
  await page.goto('/notice');
  const list = page.getByRole('list', { name: 'Announcements' });
  await expect(list.getByRole('button')).toHaveCount(4);
  await list.getByRole('button', { name: /beware of phishing/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Announcement' });
  await expect(dialog.getByText('We will never ask for your password')).toBeVisible();
  await expect(dialog.locator('script')).toHaveCount(0);
  await expect(dialog.locator('[onerror]')).toHaveCount(0);
  const report = dialog.getByText('report');
  await expect(report).not.toHaveAttribute('href', /javascript:/);
  await report.click();
  await page.waitForTimeout(300);
  expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();

  // The same article on its own page (/news?id=).
  const notices = await api<{ list: { id: number; title: string; content: string }[] }>(
    request,
    'POST',
    '/api/news/list',
    { c_id: 4, lang: 'en' },
  );
  const hostile = notices.message.list.find((n) => n.content.includes('onerror'));
  expect(hostile).toBeDefined();
  await page.goto(`/news?id=${hostile?.id}`);
  await expect(page.getByRole('heading', { level: 2 })).toContainText('phishing');
  await page.waitForTimeout(500);
  expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
  expect(alerts).toEqual([]);

  // Without an id the article page goes home.
  await page.goto('/news');
  await expect(page).toHaveURL(/\/$/);
});
