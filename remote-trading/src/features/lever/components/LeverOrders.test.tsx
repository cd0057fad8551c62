// Closing a position and revoking a pending order, answered at the network edge (fetch).
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { hold, mockFetch, renderPage, fakeSocket, type FetchAnswer } from '@app/shared/testing';
import { createLive, type MarketQuote } from '@app/shared';
import { LeverOrders } from './LeverOrders';
import { leverOrder } from '../../../testing/fixtures';

const ROW = leverOrder({
  id: 11,
  type: 1,
  status: 1,
  symbol: 'BTC/USDT',
  multiple: 20,
  share: 2,
  origin_price: '65000.00',
  price: '65000.00',
  update_price: '65100.00',
  origin_caution_money: '65.00',
  trade_fee: '1.30',
  profits: '1.35',
  create_time: '2026-11-22T08:00:00.000Z',
});

beforeEach(() => {
  jest.restoreAllMocks();
  fakeSocket();
});

async function doubleTap(kind: 'close' | 'revoke') {
  const answer = hold<FetchAnswer<'POST /api/lever/close'>>();
  const status: 0 | 1 = kind === 'close' ? 1 : 0;
  const path = kind === 'close' ? 'POST /api/lever/close' : 'POST /api/lever/cancel';
  const net = mockFetch({
    'POST /api/lever/my_trade': (body) => {
      const data = Number(body.status) === status ? [{ ...ROW, status }] : [];
      return { message: { data, total: data.length, page: 1, limit: 100 } };
    },
    'POST /api/lever/islocked': () => 0,
    [path]: () => answer.promise,
  });
  try {
    const user = userEvent.setup();
    renderPage(
      <LeverOrders quote={createLive<MarketQuote | undefined>(undefined)} onChanged={() => undefined} />,
    );
    if (kind === 'revoke') await user.click(screen.getByRole('tab', { name: 'Current' }));
    const row = await screen.findByTestId('lever-row-11');
    await user.click(
      within(row).getByRole('button', { name: kind === 'close' ? 'Close position' : 'Revoke' }),
    );
    const dialog = await screen.findByRole('dialog', {
      name: kind === 'close' ? 'Close this position?' : 'Revoke this order?',
    });
    expect(dialog).toHaveTextContent('Long BTC/USDT · 2 × 20x');
    const confirm = within(dialog).getByRole('button', { name: 'Confirm' });
    // Two taps in the same frame, before a re-render could disable the button.
    act(() => {
      confirm.click();
      confirm.click();
    });
    expect(confirm).toBeDisabled();
    await act(async () => {
      await Promise.resolve();
    });
    expect(net.to('POST /api/lever/islocked')).toHaveLength(1);
    await act(async () => answer.release({ ...ROW, status: kind === 'close' ? 3 : 4 }));
    expect(
      await screen.findByText(kind === 'close' ? 'Position closed' : 'Order revoked'),
    ).toBeInTheDocument();
    expect(net.to(path)).toHaveLength(1);
    expect(net.to(path)[0]?.body).toEqual({ id: 11 });
  } finally {
    net.restore();
  }
}

describe('LeverOrders at the network edge', () => {
  it('a double tap on the close confirmation closes the position once', async () => {
    await doubleTap('close');
  });

  it('a double tap on the revoke confirmation revokes the order once', async () => {
    await doubleTap('revoke');
  });
});
