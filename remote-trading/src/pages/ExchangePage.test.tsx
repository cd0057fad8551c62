import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AnswerOf } from '@app/contract';
import { apiFailure, renderPage, fakeSocket, type FetchRoutes } from '@app/shared/testing';
import ExchangePage from './ExchangePage';
import { DEPTH, spotList, spotOrder, stubMarket } from '../testing/fixtures';

/** The pair's balances as the server answers them: 0.5 BTC and 1000 USDT available. */
const DEAL: AnswerOf<'POST /api/transaction/deal'> = {
  user_currency: '0.5',
  user_legal: '1000',
  lock_currency: '0',
  lock_legal: '0',
  cny_price: '468000.00',
  now_price: '65000.00',
  currency_id: 1,
  legal_id: 3,
  currency_name: 'BTC',
  legal_name: 'USDT',
  symbol: 'BTC/USDT',
  fee_rate: '0.1',
  price_decimals: 2,
  number_decimals: 5,
  in_trade: 1,
  depth: { bids: [], asks: [] },
};

const PENDING = spotOrder({ id: 7, type: 'in', direction: 'buy', price: '60000.00', number: '0.01000' });
const PLACED = spotOrder({ id: 8, type: 'in', direction: 'buy', price: '60000.00', number: '0.01' });

/** The market and the spot routes (one pending buy), `routes` replacing some. */
function stubSpot(routes: FetchRoutes = {}) {
  return stubMarket({
    'POST /api/transaction/deal': () => DEAL,
    'POST /api/transaction/in': () => PLACED,
    'POST /api/transaction/out': () => ({ ...PLACED, type: 'out', direction: 'sell' }),
    'POST /api/transaction_in': () => spotList([PENDING]),
    'POST /api/transaction_out': () => spotList(),
    'POST /api/transaction_complete': () => spotList(),
    'POST /api/transaction_del': () => 'revoked',
    ...routes,
  });
}

async function setup(routes: FetchRoutes = {}) {
  window.localStorage.clear();
  const net = stubSpot(routes);
  const socket = fakeSocket();
  const user = userEvent.setup();
  renderPage(<ExchangePage />, { url: '/exchange', title: 'Spot trading' });
  await screen.findByText('Available:', { exact: false });
  await waitFor(() => expect(screen.getByTestId('spot-available')).toHaveTextContent('1000.00 USDT'));
  return { net, socket, user };
}

const form = () => screen.getByRole('form', { name: 'Spot order' });

jest.setTimeout(30000);
beforeEach(() => jest.restoreAllMocks());

describe('ExchangePage (spot)', () => {
  it('defaults to a market buy whose read-only price is the best ask, and follows live depth', async () => {
    const { socket } = await setup();
    const price = within(form()).getByRole('textbox', { name: 'Price' });
    await waitFor(() => expect(price).toHaveValue('65001.00'));
    expect(price).toHaveAttribute('readonly');
    expect(screen.getByText('Best market price')).toBeInTheDocument();
    await socket.subscribed('market_depth', { currency_id: 1 });
    act(() =>
      socket.emit('market_depth', {
        currency_id: 1,
        legal_id: 3,
        symbol: 'BTC/USDT',
        bids: DEPTH.bids,
        asks: [['65010.00', '1']],
      }),
    );
    await waitFor(() => expect(price).toHaveValue('65010.00'));
    // Ten levels at most, only what the server published.
    // (The book mounts in a commit after the form's.)
    const asks = await screen.findByRole('list', { name: 'Asks' });
    expect(within(asks).getAllByRole('listitem')).toHaveLength(1);
  });

  it('warns with the spec message for a missing quantity and opens no dialog', async () => {
    const { user } = await setup();
    await user.click(within(form()).getByRole('button', { name: 'Buy BTC' }));
    expect(await screen.findByText('Please enter the buy quantity')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('limit sell: price required, slider fills 5 truncated decimals of the balance, total = price x quantity', async () => {
    const { user, net } = await setup();
    await user.click(screen.getByRole('button', { name: 'Sell' }));
    // (The order type mounts in a commit after the form's.)
    await user.click(await within(form()).findByRole('combobox', { name: 'Order type' }));
    await user.click(screen.getByRole('option', { name: 'Limit' }));
    await user.click(within(form()).getByRole('button', { name: 'Sell BTC' }));
    expect(await screen.findByText('Please enter the sell price')).toBeInTheDocument();
    await user.type(within(form()).getByRole('textbox', { name: 'Price' }), '70000.5');
    const slider = screen.getByRole('slider', { name: 'Share of balance' });
    // Focusing directly (no user-event helper for it) updates MUI's focus state: inside act.
    act(() => slider.focus());
    await user.keyboard('{End}');
    expect(within(form()).getByRole('textbox', { name: 'Quantity (BTC)' })).toHaveValue('0.50000');
    expect(screen.getByTestId('spot-total')).toHaveTextContent('35000.25 USDT');
    await user.click(within(form()).getByRole('button', { name: 'Sell BTC' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm sell' });
    expect(within(dialog).getByText('70000.50 USDT')).toBeInTheDocument();
    const deals = net.to('POST /api/transaction/deal').length;
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    // Cleared and refreshed after success.
    await waitFor(() => expect(within(form()).getByRole('textbox', { name: 'Price' })).toHaveValue(''));
    expect(net.to('POST /api/transaction/out').map((c) => c.body)).toEqual([
      { legal_id: 3, currency_id: 1, price: '70000.5', num: '0.5', mode: 2, trade_type: 1 },
    ]);
    expect(net.to('POST /api/transaction/in')).toHaveLength(0);
    expect(within(form()).getByRole('textbox', { name: 'Quantity (BTC)' })).toHaveValue('');
    expect(slider).toHaveAttribute('aria-valuenow', '0');
    await waitFor(() => expect(net.to('POST /api/transaction/deal').length).toBeGreaterThan(deals));
  });

  it('tapping a book level fills the limit price', async () => {
    const { user } = await setup();
    await user.click(await screen.findByRole('button', { name: /^Use price 64998.00 / }));
    expect(within(form()).getByRole('textbox', { name: 'Price' })).toHaveValue('64998.00');
    expect(within(form()).getByRole('combobox', { name: 'Order type' })).toHaveTextContent('Limit');
  });

  it('shows a server failure translated by code', async () => {
    const { user } = await setup({
      'POST /api/transaction/in': () => apiFailure('spot.depth_insufficient', 'x'),
    });
    await user.type(within(form()).getByRole('textbox', { name: 'Quantity (BTC)' }), '100');
    await user.click(within(form()).getByRole('button', { name: 'Buy BTC' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirm' }));
    expect(
      await screen.findByText('Not enough depth in the order book for this quantity'),
    ).toBeInTheDocument();
  });

  it('revokes a pending order after confirmation', async () => {
    const { user, net } = await setup();
    await user.click(await screen.findByRole('button', { name: 'Revoke order 7' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revoke this order?' });
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Order revoked')).toBeInTheDocument();
    expect(net.to('POST /api/transaction_del').map((c) => c.body)).toEqual([{ id: 7, type: 'in' }]);
  });

  it('blocks placement outside trading hours of a metal (tab not 0, inTrade 0)', async () => {
    window.localStorage.setItem('currentCurrency', 'XAUUSD');
    window.localStorage.setItem('currentCurrencyID', '101');
    window.localStorage.setItem('hqtab', '1');
    const net = stubSpot();
    const socket = fakeSocket();
    const user = userEvent.setup();
    renderPage(<ExchangePage />, { url: '/exchange' });
    await screen.findByRole('form', { name: 'Spot order' });
    await socket.subscribed('market_schedule_101');
    act(() =>
      socket.emit('market_schedule_101', {
        currency_id: 101,
        symbol: 'XAUUSD',
        inTrade: 0,
        next_change: null,
      }),
    );
    expect(await screen.findByText('Market closed')).toBeInTheDocument();
    await user.type(within(form()).getByRole('textbox', { name: 'Quantity (XAUUSD)' }), '1');
    await user.click(within(form()).getByRole('button', { name: 'Buy XAUUSD' }));
    expect(await screen.findAllByText('Non-trading time: orders cannot be placed now')).not.toHaveLength(0);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(net.to('POST /api/transaction/in')).toHaveLength(0);
  });
});
