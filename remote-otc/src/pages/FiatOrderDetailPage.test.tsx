import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { hold, renderPage, stubNetwork, type FetchAnswer, type FetchRoutes } from '@app/shared/testing';
import FiatOrderDetailPage from './FiatOrderDetailPage';
import { FIAT_ORDER, resetAppState } from '../testing/fixtures';

type Order = typeof FIAT_ORDER;

const T0 = Date.parse(FIAT_ORDER.created_at);

beforeEach(() => {
  resetAppState();
  jest.useFakeTimers({ now: T0 });
});
afterEach(() => jest.useRealTimers());

/** The order as the server holds it (a test changes it), `routes` adding the test's own answers. */
function setup(order: Order = FIAT_ORDER, routes: FetchRoutes = {}) {
  const server = { order };
  const net = stubNetwork({ 'GET /api/legal_buy/detail': () => server.order, ...routes });
  const user = userEvent.setup({ advanceTimers: (ms) => jest.advanceTimersByTime(ms) });
  renderPage(<FiatOrderDetailPage />, { url: `/Detail?id=${order.id}`, path: '/Detail' });
  return { user, net, server };
}

describe('FiatOrderDetailPage', () => {
  it('shows step 1 of 3, the bank details and a countdown updated every 100 ms', async () => {
    setup();
    expect(await screen.findByTestId('fiat-order-usdt')).toHaveTextContent('138.88 USDT');
    expect(screen.getByText('Pay 1000 CNY by Bank card')).toBeInTheDocument();
    const details = screen.getByRole('region', { name: 'Payment details' });
    expect(details).toHaveTextContent('Demo Bank');
    expect(details).toHaveTextContent('6222 0200 1234 5678');
    expect(details).not.toHaveTextContent('teal@otc.example');
    expect(screen.getByTestId('fiat-countdown')).toHaveTextContent('30:00');
    await act(async () => {
      await jest.advanceTimersByTimeAsync(1100);
    });
    expect(screen.getByTestId('fiat-countdown')).toHaveTextContent('29:59');
    // Stepper: the first step (match merchant) is complete, "Buyer pays" is active.
    const progress = screen.getByLabelText('Order progress');
    expect(within(progress).getByText('Match merchant')).toBeInTheDocument();
    expect(progress.querySelectorAll('.Mui-completed').length).toBeGreaterThan(0);
  });

  it('shows the timed-out state at the deadline and reads the order again', async () => {
    // Created 29:59 ago: one second left.
    const created = new Date(T0 - 30 * 60 * 1000 + 1000).toISOString();
    const { net, server } = setup({ ...FIAT_ORDER, created_at: created });
    expect(await screen.findByTestId('fiat-countdown')).toHaveTextContent('00:01');
    await act(async () => {
      await jest.advanceTimersByTimeAsync(1000);
    });
    expect(screen.getByText('The order has timed out')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'I have paid' })).not.toBeInTheDocument();
    const reads = net.to('GET /api/legal_buy/detail').length;
    server.order = { ...FIAT_ORDER, status: -1, cancel_reason: 'timeout' };
    await act(async () => {
      await jest.advanceTimersByTimeAsync(1600);
    });
    expect(screen.getByTestId('fiat-status')).toHaveTextContent('The order timed out and was cancelled');
    expect(net.to('GET /api/legal_buy/detail').length).toBeGreaterThan(reads);
    expect(net.to('GET /api/legal_buy/detail').every((c) => c.query.id === '7')).toBe(true);
  });

  it('needs the screenshot, warns about malicious clicking, then marks the order paid', async () => {
    const { user, net, server } = setup(FIAT_ORDER, {
      'POST /api/upload': () => 'upl_abc',
      'POST /api/legal_buy/payed': () => ({ id: 7, status: 1, pay_time: '2026-01-01T00:05:00.000Z' }),
    });
    await user.click(await screen.findByRole('button', { name: 'I have paid' }));
    expect(await screen.findByText('Please upload the payment screenshot')).toBeInTheDocument();
    expect(net.to('POST /api/legal_buy/payed')).toHaveLength(0);
    const file = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'pay.png', { type: 'image/png' });
    await user.upload(screen.getByLabelText('Upload the payment screenshot', { selector: 'input' }), file);
    expect(await screen.findByText('Uploaded')).toBeInTheDocument();
    server.order = { ...FIAT_ORDER, status: 1, pic: '/api/upload/upl_abc?sig=1' };
    await user.click(screen.getByRole('button', { name: 'I have paid' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm payment' });
    expect(dialog).toHaveTextContent('malicious clicking may freeze your account');
    await user.click(within(dialog).getByRole('button', { name: 'I have paid' }));
    expect(await screen.findByText('Paid, awaiting merchant confirmation')).toBeInTheDocument();
    expect(net.to('POST /api/legal_buy/payed').map((c) => c.body)).toEqual([{ id: 7, pic: 'upl_abc' }]);
    expect(screen.queryByRole('button', { name: 'Cancel order' })).not.toBeInTheDocument();
  });

  it('cancels after confirmation', async () => {
    const { user, net, server } = setup(FIAT_ORDER, {
      'POST /api/legal_buy/cancel': () => ({ id: 7, status: -1 }),
    });
    await user.click(await screen.findByRole('button', { name: 'Cancel order' }));
    server.order = { ...FIAT_ORDER, status: -1, cancel_reason: 'user' };
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this order?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel order' }));
    expect(await screen.findByText('Order cancelled')).toBeInTheDocument();
    expect(net.to('POST /api/legal_buy/cancel').map((c) => c.body)).toEqual([{ id: 7 }]);
    expect(await screen.findByText('Cancelled')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'I have paid' })).not.toBeInTheDocument();
  });
});

describe('FiatOrderDetailPage at the network edge', () => {
  function edge(route: 'POST /api/legal_buy/cancel' | 'POST /api/legal_buy/payed') {
    const answer = hold<FetchAnswer<typeof route>>();
    const net = stubNetwork({
      'GET /api/legal_buy/detail': () => FIAT_ORDER,
      'POST /api/upload': () => 'upl_abc',
      [route]: () => answer.promise,
    });
    const user = userEvent.setup({ advanceTimers: (ms) => jest.advanceTimersByTime(ms) });
    renderPage(<FiatOrderDetailPage />, { url: `/Detail?id=${FIAT_ORDER.id}`, path: '/Detail' });
    return { net, user, answer };
  }

  it('a double tap on the cancel confirmation sends one cancellation', async () => {
    const { net, user, answer } = edge('POST /api/legal_buy/cancel');
    await user.click(await screen.findByRole('button', { name: 'Cancel order' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this order?' });
    const confirm = within(dialog).getByRole('button', { name: 'Cancel order' });
    act(() => {
      confirm.click();
      confirm.click();
    });
    expect(confirm).toBeDisabled();
    // The request leaves once (ky sends it after its hooks, a tick later).
    await waitFor(() => expect(net.to('POST /api/legal_buy/cancel')).toHaveLength(1));
    expect(net.to('POST /api/legal_buy/cancel')[0]?.body).toEqual({ id: 7 });
    await act(async () => answer.release({ id: 7, status: -1 }));
    expect(await screen.findByText('Order cancelled')).toBeInTheDocument();
    expect(net.to('POST /api/legal_buy/cancel')).toHaveLength(1);
  });

  it('a double tap on the payment confirmation marks the order paid once', async () => {
    const { net, user, answer } = edge('POST /api/legal_buy/payed');
    await screen.findByRole('button', { name: 'I have paid' });
    const file = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'pay.png', { type: 'image/png' });
    await user.upload(screen.getByLabelText('Upload the payment screenshot', { selector: 'input' }), file);
    expect(await screen.findByText('Uploaded')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'I have paid' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm payment' });
    const confirm = within(dialog).getByRole('button', { name: 'I have paid' });
    act(() => {
      confirm.click();
      confirm.click();
    });
    expect(confirm).toBeDisabled();
    // The request leaves once (ky sends it after its hooks, a tick later).
    await waitFor(() => expect(net.to('POST /api/legal_buy/payed')).toHaveLength(1));
    expect(net.to('POST /api/legal_buy/payed')[0]?.body).toEqual({ id: 7, pic: 'upl_abc' });
    await act(async () => answer.release({ id: 7, status: 1, pay_time: '2026-01-01T00:05:00.000Z' }));
    expect(await screen.findByText('Payment confirmed, waiting for the merchant')).toBeInTheDocument();
    expect(net.to('POST /api/legal_buy/payed')).toHaveLength(1);
  });
});
