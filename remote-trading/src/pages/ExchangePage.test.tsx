import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '@app/shared';
import { renderPage, spyOnSubscribe } from '@app/shared/testing';
import ExchangePage from './ExchangePage';
import { spotApi } from '../features/spot/api/spotApi';
import { DEPTH, spotDeal, spotOrder, stubMarket } from '../testing/fixtures';

const PENDING = spotOrder({
  id: 7,
  type: 'in',
  way: 2,
  direction: 'buy',
  price: '60000.00',
  number: '0.01000',
  create_time: '2026-11-22T08:00:00.000Z',
  currency_name: 'BTC',
  legal_name: 'USDT',
});

function stubSpot() {
  const deal = jest
    .spyOn(spotApi, 'deal')
    .mockResolvedValue(spotDeal({ user_currency: '0.5', user_legal: '1000' }));
  const submit = jest.spyOn(spotApi, 'submit').mockResolvedValue({
    id: 8,
    type: 'in',
    way: 2,
    direction: 'buy',
    mode: 1,
    status: 0,
    currency_id: 1,
    legal_id: 3,
    currency_name: 'BTC',
    legal_name: 'USDT',
    symbol: 'BTC/USDT',
    price: '60000.00',
    number: '0.01',
    total: '600.00',
    fee: '0',
    fee_currency: 'BTC',
    locked: '600.00',
    create_time: '2026-11-22T08:00:00.000Z',
    complete_time: null,
    time: '2026-11-22T08:00:00.000Z',
    fill_seq: null,
    fill_time: null,
  });
  jest.spyOn(spotApi, 'pending').mockImplementation(async (side) => (side === 'buy' ? [PENDING] : []));
  jest.spyOn(spotApi, 'completed').mockResolvedValue([]);
  const revoke = jest.spyOn(spotApi, 'revoke').mockResolvedValue('revoked');
  return { deal, submit, revoke };
}

async function setup() {
  window.localStorage.clear();
  stubMarket();
  const calls = stubSpot();
  const socket = spyOnSubscribe();
  const user = userEvent.setup();
  renderPage(<ExchangePage />, { url: '/exchange', title: 'Spot trading' });
  await screen.findByText('Available:', { exact: false });
  await waitFor(() => expect(screen.getByTestId('spot-available')).toHaveTextContent('1000.00 USDT'));
  return { ...calls, socket, user };
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
    act(() =>
      socket.emit('market_depth', {
        currency_id: 1,
        legal_id: 3,
        bids: DEPTH.bids,
        asks: [['65010.00', '1']],
      }),
    );
    await waitFor(() => expect(price).toHaveValue('65010.00'));
    // Ten levels at most, only what the server published.
    expect(within(screen.getByRole('list', { name: 'Asks' })).getAllByRole('listitem')).toHaveLength(1);
  });

  it('warns with the spec message for a missing quantity and opens no dialog', async () => {
    const { user } = await setup();
    await user.click(within(form()).getByRole('button', { name: 'Buy BTC' }));
    expect(await screen.findByText('Please enter the buy quantity')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('limit sell: price required, slider fills 5 truncated decimals of the balance, total = price x quantity', async () => {
    const { user, submit, deal } = await setup();
    await user.click(screen.getByRole('button', { name: 'Sell' }));
    await user.click(within(form()).getByRole('combobox', { name: 'Order type' }));
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
    deal.mockClear();
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(submit).toHaveBeenCalledWith('sell', {
      legal_id: 3,
      currency_id: 1,
      price: '70000.5',
      num: '0.5',
      mode: 2,
      trade_type: 1,
    });
    // Cleared and refreshed after success.
    await waitFor(() => expect(within(form()).getByRole('textbox', { name: 'Price' })).toHaveValue(''));
    expect(within(form()).getByRole('textbox', { name: 'Quantity (BTC)' })).toHaveValue('');
    expect(slider).toHaveAttribute('aria-valuenow', '0');
    await waitFor(() => expect(deal).toHaveBeenCalled());
  });

  it('tapping a book level fills the limit price', async () => {
    const { user } = await setup();
    await user.click(await screen.findByRole('button', { name: /^Use price 64998.00 / }));
    expect(within(form()).getByRole('textbox', { name: 'Price' })).toHaveValue('64998.00');
    expect(within(form()).getByRole('combobox', { name: 'Order type' })).toHaveTextContent('Limit');
  });

  it('shows a server failure translated by code', async () => {
    const { user, submit } = await setup();
    submit.mockRejectedValue(new ApiError('spot.depth_insufficient', 'x', 400));
    await user.type(within(form()).getByRole('textbox', { name: 'Quantity (BTC)' }), '100');
    await user.click(within(form()).getByRole('button', { name: 'Buy BTC' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirm' }));
    expect(
      await screen.findByText('Not enough depth in the order book for this quantity'),
    ).toBeInTheDocument();
  });

  it('revokes a pending order after confirmation', async () => {
    const { user, revoke } = await setup();
    await user.click(await screen.findByRole('button', { name: 'Revoke order 7' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revoke this order?' });
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(revoke).toHaveBeenCalledWith(7, 'in');
    expect(await screen.findByText('Order revoked')).toBeInTheDocument();
  });

  it('blocks placement outside trading hours of a metal (tab not 0, inTrade 0)', async () => {
    window.localStorage.setItem('currentCurrency', 'XAUUSD');
    window.localStorage.setItem('currentCurrencyID', '101');
    window.localStorage.setItem('hqtab', '1');
    stubMarket();
    const { submit } = stubSpot();
    const socket = spyOnSubscribe();
    const user = userEvent.setup();
    renderPage(<ExchangePage />, { url: '/exchange' });
    await screen.findByRole('form', { name: 'Spot order' });
    await waitFor(() => expect(socket.isSubscribed('market_schedule_101')).toBe(true));
    act(() => socket.emit('market_schedule_101', { currency_id: 101, inTrade: 0 }));
    expect(await screen.findByText('Market closed')).toBeInTheDocument();
    await user.type(within(form()).getByRole('textbox', { name: 'Quantity (XAUUSD)' }), '1');
    await user.click(within(form()).getByRole('button', { name: 'Buy XAUUSD' }));
    expect(await screen.findAllByText('Non-trading time: orders cannot be placed now')).not.toHaveLength(0);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(submit).not.toHaveBeenCalled();
  });
});
