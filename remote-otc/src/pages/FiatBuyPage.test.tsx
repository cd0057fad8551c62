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
import { useSearchParams } from '@app/shared';
import FiatBuyPage from './FiatBuyPage';
import { FIAT_INFO, resetAppState } from '../testing/fixtures';

function DetailProbe() {
  const [params] = useSearchParams();
  return <p>detail of {params.get('id')}</p>;
}

beforeEach(() => resetAppState());
afterEach(() => jest.useRealTimers());

/** The merchant's price and no records, `routes` adding the test's own answers. */
function setup(routes: FetchRoutes = {}) {
  const net = stubNetwork({
    'GET /api/legalInfo': () => FIAT_INFO,
    'GET /api/legal_buy/log': () => [],
    ...routes,
  });
  const user = userEvent.setup({ advanceTimers: (ms) => jest.advanceTimersByTime(ms) });
  renderPage(<FiatBuyPage />, { url: '/Recharge', otherRoutes: { '/Detail': <DetailProbe /> } });
  return { user, net };
}

describe('FiatBuyPage', () => {
  it('shows the rate, the limits, quick amounts and bank as the default pay way', async () => {
    setup();
    expect(await screen.findByTestId('fiat-rate')).toHaveTextContent('1 USDT ≈ 7.20 CNY');
    const group = screen.getByRole('group', { name: 'Quick amounts' });
    expect(group).toHaveTextContent('10005000100002000050000');
    expect(screen.getByRole('radio', { name: 'Bank card' })).toBeChecked();
    await userEvent.click(screen.getByRole('button', { name: '5000' }));
    expect(screen.getByRole('textbox', { name: 'Purchase amount' })).toHaveValue('5000');
    expect(screen.getByTestId('fiat-usdt')).toHaveTextContent('You get ≈ 694.44 USDT');
  });

  it('refuses amounts outside min and max and pay ways the merchant lacks', async () => {
    const { net } = setup({ 'POST /api/wallet/buy_legal': () => 42 });
    const amount = await screen.findByRole('textbox', { name: 'Purchase amount' });
    await userEvent.type(amount, '99');
    await userEvent.click(screen.getByRole('button', { name: 'Buy USDT' }));
    expect(amount).toHaveAccessibleDescription('The minimum is 100');
    await userEvent.clear(amount);
    await userEvent.type(amount, '50001');
    await userEvent.click(screen.getByRole('button', { name: 'Buy USDT' }));
    expect(amount).toHaveAccessibleDescription('The maximum is 50000');
    // Typed text is never filtered: a sign stays and is refused.
    await userEvent.clear(amount);
    await userEvent.type(amount, '-1000');
    expect(amount).toHaveValue('-1000');
    expect(amount).toHaveAccessibleDescription('Enter the amount without a sign');
    await userEvent.click(screen.getByRole('button', { name: 'Buy USDT' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '1000' }));
    await userEvent.click(screen.getByRole('radio', { name: 'WeChat Pay' }));
    await userEvent.click(screen.getByRole('button', { name: 'Buy USDT' }));
    expect(await screen.findByText('WeChat payment is not supported')).toBeInTheDocument();
    expect(net.to('POST /api/wallet/buy_legal')).toHaveLength(0);
  });

  it('shows the matching overlay at least 3 s, then 1.5 s matched, then opens the order', async () => {
    jest.useFakeTimers();
    const { user, net } = setup({ 'POST /api/wallet/buy_legal': () => 42 });
    await user.click(await screen.findByRole('button', { name: '10000' }));
    await user.click(screen.getByRole('radio', { name: 'Alipay' }));
    await user.click(screen.getByRole('button', { name: 'Buy USDT' }));
    const confirm = await screen.findByRole('dialog', { name: 'Confirm purchase' });
    expect(confirm).toHaveTextContent('You pay10000 CNY');
    expect(confirm).toHaveTextContent('Price1 USDT ≈ 7.20 CNY');
    expect(confirm).toHaveTextContent('Pay withAlipay');
    expect(confirm).toHaveTextContent('Fee0 CNY');
    expect(confirm).toHaveTextContent('You get (estimated)≈ 1388.88 USDT');
    expect(net.to('POST /api/wallet/buy_legal')).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'Buy USDT' }));
    // The confirmation fades out (300 ms) in front of the overlay.
    await act(async () => {
      await jest.advanceTimersByTimeAsync(300);
    });
    expect(net.to('POST /api/wallet/buy_legal').map((c) => c.body)).toEqual([
      { acc: '10000', rate: '7.20', pay_way: 'alipay' },
    ]);
    expect(screen.getByRole('dialog', { name: 'Matching a merchant' })).toHaveTextContent(
      'Matching a merchant for you…',
    );
    await act(async () => {
      await jest.advanceTimersByTimeAsync(2600);
    });
    expect(screen.getByText('Matching a merchant for you…')).toBeInTheDocument();
    await act(async () => {
      await jest.advanceTimersByTimeAsync(100);
    });
    expect(screen.getByText('Merchant matched, opening your order…')).toBeInTheDocument();
    await act(async () => {
      await jest.advanceTimersByTimeAsync(1400);
    });
    expect(screen.queryByText('detail of 42')).not.toBeInTheDocument();
    await act(async () => {
      await jest.advanceTimersByTimeAsync(100);
    });
    expect(screen.getByText('detail of 42')).toBeInTheDocument();
  });

  it('reads the price again when the server says it changed', async () => {
    const { net } = setup({ 'POST /api/wallet/buy_legal': () => apiFailure('fiat.rate_changed', 'x') });
    await userEvent.click(await screen.findByRole('button', { name: '1000' }));
    await userEvent.click(screen.getByRole('button', { name: 'Buy USDT' }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Confirm purchase' })).getByRole('button', {
        name: 'Buy USDT',
      }),
    );
    expect(await screen.findByText('The price has changed, please check the new price')).toBeInTheDocument();
    await waitFor(() => expect(net.to('GET /api/legalInfo')).toHaveLength(2));
  });

  it('closes the overlay and shows a refusal translated', async () => {
    setup({ 'POST /api/wallet/buy_legal': () => apiFailure('fiat.too_many_unfinished', 'x') });
    await userEvent.click(await screen.findByRole('button', { name: '1000' }));
    await userEvent.click(screen.getByRole('button', { name: 'Buy USDT' }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Confirm purchase' })).getByRole('button', {
        name: 'Buy USDT',
      }),
    );
    expect(
      await screen.findByText(
        'You already have 3 unfinished orders, the most allowed: complete or cancel one first',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Matching a merchant' })).not.toBeInTheDocument();
  });
});

describe('FiatBuyPage at the network edge', () => {
  it('a double tap on the confirmation sends one purchase', async () => {
    const answer = hold<FetchAnswer<'POST /api/wallet/buy_legal'>>();
    const { user, net } = setup({ 'POST /api/wallet/buy_legal': () => answer.promise });
    await user.type(await screen.findByRole('textbox', { name: 'Purchase amount' }), '1000,5');
    expect(screen.getByRole('textbox', { name: 'Purchase amount' })).toHaveValue('1000.5');
    await user.click(screen.getByRole('button', { name: 'Buy USDT' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm purchase' });
    expect(dialog).toHaveTextContent('You pay1000.5 CNY');
    const confirm = within(dialog).getByRole('button', { name: 'Buy USDT' });
    act(() => {
      confirm.click();
      confirm.click();
    });
    // The request leaves once (ky sends it after its hooks, a tick later).
    await waitFor(() => expect(net.to('POST /api/wallet/buy_legal')).toHaveLength(1));
    expect(net.to('POST /api/wallet/buy_legal')[0]?.body).toEqual({
      acc: '1000.5',
      rate: '7.20',
      pay_way: 'bank',
    });
    await act(async () => answer.release(43));
    expect(net.to('POST /api/wallet/buy_legal')).toHaveLength(1);
  });
});
