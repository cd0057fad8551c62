import type { AnswerOf } from '@app/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  apiFailure,
  hold,
  renderPage,
  stubNetwork,
  type FetchAnswer,
  type FetchRoutes,
} from '@app/shared/testing';
import LaunchProjectPage from './LaunchProjectPage';
import LaunchListPage from './LaunchListPage';
import type { Subscription } from '../features/launch/api/launchApi';
import { resetAppState } from '../testing/fixtures';

const PROJECT: AnswerOf<'GET /api/user/upstart'> = {
  id: 1,
  keyword: 'Bridge token',
  abstract: 'A token for the demo launch.',
  content: '<p>Details of <b>BEF</b></p>',
  bname: 'BEF',
  c_id: 18,
  buymoney: '0.05',
  c_name: 'USDT',
  total: '10000000',
  left: '9999000',
  right: '1000',
  min: '100',
  max: '100000',
  iepn_scz: 7,
  baipishuurl: 'https://example.com/bef.pdf',
  phase: 'subscription',
  warmup_at: '2026-01-01T00:00:00.000Z',
  start_at: '2026-01-02T00:00:00.000Z',
  end_at: '2027-01-01T00:00:00.000Z',
  publish_at: '2027-01-02T00:00:00.000Z',
  pay_currencies: [
    { c_id: 3, name: 'USDT', price: '0.05' },
    { c_id: 1, name: 'BTC', price: '0.00000077' },
  ],
  detail: {
    balance: '1234.5678',
    balances: [
      { c_id: 3, name: 'USDT', balance: '1234.5678' },
      { c_id: 1, name: 'BTC', balance: '0.123456789' },
    ],
  },
};

beforeEach(() => resetAppState());
afterEach(() => jest.useRealTimers());

const ORDER: AnswerOf<'POST /api/user/up_order'> = {
  id: 1,
  amount: '990',
  price: '0.05',
  pay_amount: '49.5',
  currency_name: 'USDT',
  endtime_at: '2027-01-01T00:00:00.000Z',
  status: 1,
};

/** The project at a USDT price of 0.05, `routes` replacing or adding answers. */
function stubProject(routes: FetchRoutes = {}) {
  return stubNetwork({
    'GET /api/user/upstart': () => PROJECT,
    'POST /api/bi/price': () => ({ c_id: 3, name: 'USDT', price: '0.05' }),
    'POST /api/user/up_order': () => ORDER,
    ...routes,
  });
}

describe('LaunchProjectPage', () => {
  it('polls the price every second and shows the live pay amount', async () => {
    jest.useFakeTimers();
    let btcPrice = '0.00000077';
    const net = stubProject({
      'POST /api/bi/price': ({ c_id }) => ({
        c_id: Number(c_id),
        name: '',
        price: c_id === 3 ? '0.05' : btcPrice,
      }),
    });
    const priceCalls = () => net.to('POST /api/bi/price').filter((c) => c.body.c_id === 1).length;
    const user = userEvent.setup({ advanceTimers: (ms) => jest.advanceTimersByTime(ms) });
    renderPage(<LaunchProjectPage />, { url: '/UpStart' });
    expect(await screen.findByRole('link', { name: 'White paper' })).toHaveAttribute(
      'href',
      'https://example.com/bef.pdf',
    );
    expect(screen.getByTestId('launch-balance')).toHaveTextContent('Available: 1234.56 USDT');
    await user.type(screen.getByRole('textbox', { name: 'Quantity (BEF)' }), '123.45');
    expect(screen.getByTestId('launch-pay')).toHaveTextContent('Pay amount: 6.17250000 USDT');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Pay with' }), 'BTC');
    await act(async () => {
      await jest.advanceTimersByTimeAsync(0);
    });
    expect(screen.getByTestId('launch-balance')).toHaveTextContent('Available: 0.123456 BTC');
    expect(screen.getByTestId('launch-pay')).toHaveTextContent('Pay amount: 0.00009505 BTC');
    const calls = priceCalls();
    btcPrice = '0.00000080';
    await act(async () => {
      await jest.advanceTimersByTimeAsync(1000);
    });
    expect(priceCalls()).toBe(calls + 1);
    await waitFor(() =>
      expect(screen.getByTestId('launch-pay')).toHaveTextContent('Pay amount: 0.00009876 BTC'),
    );
    expect(priceCalls()).toBe(calls + 1);
  });

  it('validates the quantity, subscribes with the shown price and reloads', async () => {
    const net = stubProject();
    const orders = () => net.to('POST /api/user/up_order');
    const user = userEvent.setup();
    renderPage(<LaunchProjectPage />, { url: '/UpStart' });
    const qty = await screen.findByRole('textbox', { name: 'Quantity (BEF)' });
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(qty).toHaveAccessibleDescription('Please enter a subscription quantity');
    await user.type(qty, '99');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(qty).toHaveAccessibleDescription('Below the minimum purchase');
    expect(orders()).toHaveLength(0);
    await user.type(qty, '0');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm subscription' });
    expect(dialog).toHaveTextContent('Quantity990 BEF');
    expect(dialog).toHaveTextContent('Price0.05 USDT');
    expect(dialog).toHaveTextContent('Fee0 USDT');
    expect(dialog).toHaveTextContent('Pay amount49.5');
    expect(orders()).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Subscribe' }));
    expect(await screen.findByText('Subscription successful')).toBeInTheDocument();
    expect(orders().map((c) => c.body)).toEqual([{ amount: '990', buymoney: '0.05', c_id: 3 }]);
    await waitFor(() => expect(net.to('GET /api/user/upstart')).toHaveLength(2));
  });

  it('takes no order outside the subscription phase', async () => {
    stubProject({ 'GET /api/user/upstart': () => ({ ...PROJECT, phase: 'ended' }) });
    renderPage(<LaunchProjectPage />, { url: '/UpStart' });
    expect(await screen.findByText('The subscription is not open')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Subscribe' })).toBeDisabled();
    expect(screen.getByText('Ended')).toBeInTheDocument();
  });

  it('shows a refusal translated', async () => {
    stubProject({ 'POST /api/user/up_order': () => apiFailure('wallet.insufficient_balance', 'x') });
    const user = userEvent.setup();
    renderPage(<LaunchProjectPage />, { url: '/UpStart' });
    await user.type(await screen.findByRole('textbox', { name: 'Quantity (BEF)' }), '100');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm subscription' });
    await user.click(within(dialog).getByRole('button', { name: 'Subscribe' }));
    expect(await screen.findByText('Insufficient wallet balance')).toBeInTheDocument();
  });
});

/** A subscription as the server answers it (the contract's shape). */
const sub = (
  id: number,
  status: Subscription['status'],
): AnswerOf<'POST /api/user/uplists'>[number] & Subscription => ({
  id,
  price: '0.05',
  amount: '100',
  pay_amount: '5',
  currency_name: 'USDT',
  token_name: 'BEF',
  created_at: '2026-01-01T00:00:00.000Z',
  endtime_at: '2026-01-08T00:00:00.000Z',
  status,
  status_text: '',
});

describe('LaunchListPage', () => {
  it('pages by 10 (a shorter page means no more) and unlocks an unlockable subscription', async () => {
    const net = stubNetwork({
      'POST /api/user/uplists': ({ page }) =>
        page === 1 ? Array.from({ length: 10 }, (_, i) => sub(30 - i, i === 0 ? 2 : 1)) : [sub(3, 3)],
      'POST /api/user/unlock': () => ({ id: 30, status: 3 }),
    });
    const user = userEvent.setup();
    renderPage(<LaunchListPage />, { url: '/Uplist' });
    const row = await screen.findByRole('listitem', { name: 'Subscription 30' });
    expect(
      within(screen.getByRole('listitem', { name: 'Subscription 29' })).queryByRole('button'),
    ).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('listitem', { name: 'Subscription 3' })).toBeInTheDocument();
    expect(net.to('POST /api/user/uplists').map((c) => c.body.page)).toEqual([1, 2]);
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    await user.click(within(row).getByRole('button', { name: 'Unlock' }));
    expect(await within(row).findByText('Unlocked')).toBeInTheDocument();
    expect(net.to('POST /api/user/unlock').map((c) => c.body)).toEqual([{ id: 30 }]);
    expect(within(row).queryByRole('button', { name: 'Unlock' })).toBeNull();
  });

  it('shows the unlock-failed message when the server refuses', async () => {
    stubNetwork({
      'POST /api/user/uplists': () => [sub(1, 2)],
      'POST /api/user/unlock': () => apiFailure('launch.not_unlockable', 'x'),
    });
    const user = userEvent.setup();
    renderPage(<LaunchListPage />, { url: '/Uplist' });
    await user.click(await screen.findByRole('button', { name: 'Unlock' }));
    expect(await screen.findByText('Unlock failed')).toBeInTheDocument();
  });
});

describe('LaunchProjectPage at the network edge', () => {
  it('keeps a typed exponent, refuses it, and a double tap on Subscribe sends one order', async () => {
    const answer = hold<FetchAnswer<'POST /api/user/up_order'>>();
    const net = stubProject({ 'POST /api/user/up_order': () => answer.promise });
    const user = userEvent.setup();
    renderPage(<LaunchProjectPage />, { url: '/UpStart' });
    const qty = await screen.findByRole('textbox', { name: 'Quantity (BEF)' });
    await user.type(qty, '1e3');
    expect(qty).toHaveValue('1e3');
    expect(qty).toHaveAccessibleDescription(/Invalid number/);
    expect(screen.getByTestId('launch-pay')).toHaveTextContent('Pay amount: -- USDT');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.clear(qty);
    await user.type(qty, '1000');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm subscription' });
    const confirm = within(dialog).getByRole('button', { name: 'Subscribe' });
    act(() => {
      confirm.click();
      confirm.click();
    });
    const order = { id: 1, amount: '1000', price: '0.05', pay_amount: '50', currency_name: 'USDT' };
    await act(async () => answer.release({ ...order, endtime_at: '2027-01-01T00:00:00.000Z', status: 1 }));
    expect(await screen.findByText('Subscription successful')).toBeInTheDocument();
    expect(net.to('POST /api/user/up_order')).toHaveLength(1);
    expect(net.to('POST /api/user/up_order')[0]?.body).toEqual({ amount: '1000', buymoney: '0.05', c_id: 3 });
  });
});
