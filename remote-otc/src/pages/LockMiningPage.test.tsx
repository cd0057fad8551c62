import type { AnswerOf } from '@app/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { apiFailure, renderPage, stubNetwork } from '@app/shared/testing';
import LockMiningPage from './LockMiningPage';
import LockMiningOrdersPage from './LockMiningOrdersPage';
import type { LockOrder } from '../features/lockup/api/lockupApi';
import { resetAppState } from '../testing/fixtures';

/** The products and orders as the server answers them (the contract's shapes). */
const PRODUCTS: AnswerOf<'GET /api/zhiya/list'> = {
  list: [
    { id: 1, currency: 3, currency_name: 'USDT', min: '100', lixi: '1.5', qixian: 7, income: '1.5' },
    { id: 3, currency: 1, currency_name: 'BTC', min: '0.01', lixi: '2', qixian: 15, income: '0.0002' },
  ],
  zhiya_qxsxf: '5',
};

const order = (
  id: number,
  status: LockOrder['status'] = 1,
): AnswerOf<'GET /api/zhiya/myorder'>[number] & LockOrder => ({
  id,
  product_id: 1,
  currency: 3,
  currency_name: 'USDT',
  buy_num: '100',
  lixi: '1.5',
  qixian: 7,
  fan_lixi: '1.5',
  create_time: '2026-01-01T00:00:00.000Z',
  end_time: '2026-01-08T00:00:00.000Z',
  status,
  status_text: '',
  fee: '0',
  refund: '0',
  finish_time: null,
});

beforeEach(() => resetAppState());

describe('LockMiningPage', () => {
  it('lists products with expected income = interest rate (lixi) × min / 100 and buys after confirmation', async () => {
    const net = stubNetwork({
      'GET /api/zhiya/list': () => PRODUCTS,
      'POST /api/zhiya/buy': () => ({ id: 9, status: 1, buy_num: '0.01', fan_lixi: '0', end_time: '' }),
    });
    const user = userEvent.setup();
    renderPage(<LockMiningPage />, { url: '/zhiya', otherRoutes: { '/zhiyaOrder': <p>orders page</p> } });
    expect(await screen.findByTestId('lock-income-1')).toHaveTextContent('1.5 USDT');
    expect(screen.getByTestId('lock-income-3')).toHaveTextContent('0.0002 BTC');
    const btc = screen.getByRole('listitem', { name: 'BTC · 15 days' });
    await user.click(within(btc).getByRole('button', { name: 'Lock now' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm lock-up' });
    expect(dialog).toHaveTextContent('Lock 0.01 BTC from your coin account for 15 days');
    expect(dialog).toHaveTextContent('Expected income: 0.0002 BTC');
    await user.click(within(dialog).getByRole('button', { name: 'Lock now' }));
    expect(await screen.findByText('orders page')).toBeInTheDocument();
    expect(net.to('POST /api/zhiya/buy').map((c) => c.body)).toEqual([{ id: 3 }]);
  });

  it('shows a refused buy translated', async () => {
    stubNetwork({
      'GET /api/zhiya/list': () => PRODUCTS,
      'POST /api/zhiya/buy': () => apiFailure('wallet.insufficient_balance', 'x'),
    });
    const user = userEvent.setup();
    renderPage(<LockMiningPage />, { url: '/zhiya' });
    await user.click((await screen.findAllByRole('button', { name: 'Lock now' }))[0]!);
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Lock now' }));
    expect(await screen.findByText('Insufficient wallet balance')).toBeInTheDocument();
  });
});

describe('LockMiningOrdersPage', () => {
  it('pages the orders and cancels one showing the fee first', async () => {
    const first = Array.from({ length: 10 }, (_, i) => order(20 - i, i === 0 ? 1 : 2));
    // The server's orders: the cancel changes order 20 there too (the list is asked again after it).
    const net = stubNetwork({
      'GET /api/zhiya/list': () => PRODUCTS,
      'GET /api/zhiya/myorder': (_, { query }) => (query.page === '1' ? first : [order(5, 3)]),
      'POST /api/zhiya/quxiao': () => {
        first[0] = { ...order(20, 3), fee: '5', refund: '95' };
        return { id: 20, status: 3, fee: '5', refund: '95' };
      },
    });
    const user = userEvent.setup();
    renderPage(<LockMiningOrdersPage />, { url: '/zhiyaOrder' });
    const row = await screen.findByRole('listitem', { name: 'Order 20' });
    expect(within(row).getByText('In progress')).toBeInTheDocument();
    expect(
      within(screen.getByRole('listitem', { name: 'Order 19' })).queryByRole('button', { name: 'Cancel' }),
    ).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('listitem', { name: 'Order 5' })).toBeInTheDocument();
    expect(net.to('GET /api/zhiya/myorder').map((c) => c.query)).toEqual([
      { limit: '10', page: '1' },
      { limit: '10', page: '2' },
    ]);
    expect(screen.getByText('No more')).toBeInTheDocument();

    await user.click(within(row).getByRole('button', { name: 'Cancel' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this lock-up?' });
    expect(within(dialog).getByTestId('lock-cancel-fee')).toHaveTextContent(
      'Cancelling early costs a fee of 5%: 5 USDT. You get back 95 USDT and no interest.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Cancel lock-up' }));
    expect(await within(row).findByText('Fee 5 USDT, returned 95 USDT')).toBeInTheDocument();
    expect(net.to('POST /api/zhiya/quxiao').map((c) => c.body)).toEqual([{ id: 20 }]);
    expect(within(row).queryByRole('button', { name: 'Cancel' })).toBeNull();
  });

  it('shows interest on running and finished lock-ups, never on a cancelled one', async () => {
    stubNetwork({
      'GET /api/zhiya/list': () => PRODUCTS,
      'GET /api/zhiya/myorder': () => [order(2, 2), { ...order(3, 3), fee: '5', refund: '95' }],
    });
    renderPage(<LockMiningOrdersPage />, { url: '/zhiyaOrder' });
    const ended = await screen.findByRole('listitem', { name: 'Order 2' });
    expect(within(ended).getByText('Interest 1.5 USDT')).toBeInTheDocument();
    expect(within(ended).getByText('Start 2026-01-01 08:00 UTC+8')).toBeInTheDocument();
    const cancelled = screen.getByRole('listitem', { name: 'Order 3' });
    expect(within(cancelled).queryByText(/Interest/)).toBeNull();
    expect(within(cancelled).getByText('Fee 5 USDT, returned 95 USDT')).toBeInTheDocument();
  });
});
