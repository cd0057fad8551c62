// The one live connection (architecture.md): a visible "reconnecting" state while it is
// down, reconnection with backoff, and every subscription sent again afterwards.
import type { WebSocketRoute } from '@playwright/test';
import { test, expect } from './fixtures';

test('the socket shows reconnecting while down, then reconnects and subscribes again', async ({ page }) => {
  let connections = 0;
  let first: WebSocketRoute | null = null;
  const framesByConnection = new Map<number, string[]>();
  await page.routeWebSocket(/\/socket\.io\//, (ws) => {
    connections += 1;
    const n = connections;
    const frames: string[] = [];
    framesByConnection.set(n, frames);
    const wire = () => {
      const server = ws.connectToServer();
      ws.onMessage((message) => {
        frames.push(String(message));
        server.send(message);
      });
      server.onMessage((message) => ws.send(message));
    };
    if (n === 1) first = ws;
    // The server answers the reconnection only after 3 s: long enough to see the state.
    if (n === 2) setTimeout(wire, 3000);
    else wire();
  });

  await page.goto('/');
  await expect(page.locator('[data-page="markets/HomePage"]')).toBeAttached();
  await expect
    .poll(() => framesByConnection.get(1)?.some((f) => f.includes('"sub"') && f.includes('daymarket')))
    .toBe(true);
  await expect(page.getByText('Reconnecting…')).toBeHidden();

  // The connection drops.
  await (first as WebSocketRoute | null)?.close({ code: 1011, reason: 'gone' });
  await expect(page.getByText('Reconnecting…')).toBeVisible();
  // A slim strip in the header's flow: the header keeps its place and nothing covers the tab bar.
  const strip = page.getByTestId('connection-indicator');
  expect((await strip.boundingBox())?.height).toBeLessThanOrEqual(24);
  await expect(page.getByRole('banner')).toContainText('Reconnecting…');
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('button', { name: 'Markets' })
    .click({ trial: true });

  // It comes back by itself and subscribes again to what the page still shows.
  await expect.poll(() => connections, { timeout: 20_000 }).toBe(2);
  await expect(page.getByText('Reconnecting…')).toBeHidden({ timeout: 20_000 });
  await expect
    .poll(() => framesByConnection.get(2)?.some((f) => f.includes('"sub"') && f.includes('daymarket')))
    .toBe(true);
});
