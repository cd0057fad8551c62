import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { networkDown, renderPage, stubNetwork } from '@app/shared/testing';
import AssetsPage from './AssetsPage';
import { WALLETS, resetAppState } from '../testing/fixtures';

beforeEach(() => resetAppState());

describe('AssetsPage', () => {
  it('shows the four wallets with truncated totals and balances, linking to the fund log', async () => {
    stubNetwork({ 'POST /api/wallet/list': () => WALLETS });
    renderPage(<AssetsPage />, { url: '/assets' });
    const coin = await screen.findByRole('region', { name: 'Coin account' });
    expect(screen.getByTestId('total-change')).toHaveTextContent('46123.4567');
    expect(screen.getByTestId('total-micro')).toHaveTextContent('0.0000');
    expect(screen.getByRole('region', { name: 'Contract account' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Fiat account' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Seconds contract account' })).toBeInTheDocument();
    const usdt = within(coin).getByRole('link', { name: /^USDT/ });
    expect(usdt).toHaveTextContent('10000.12');
    expect(usdt).toHaveTextContent('20.50');
    expect(usdt).toHaveAttribute('href', '/logs?currency=3&type=change');
    expect(within(coin).getByRole('link', { name: /^BTC/ })).toHaveTextContent('0.123456');
  });

  it('hides small balances on request and remembers the choice', async () => {
    const list = JSON.parse(JSON.stringify(WALLETS)) as typeof WALLETS;
    list.change_wallet!.balance.push(
      {
        currency: 4,
        currency_name: 'DOGE',
        usdt_price: '0.1',
        change_balance: '0',
        lock_change_balance: '0',
      },
      {
        currency: 5,
        currency_name: 'LTC',
        usdt_price: '80',
        change_balance: '0.0000004',
        lock_change_balance: '0',
      },
    );
    stubNetwork({ 'POST /api/wallet/list': () => list });
    const user = userEvent.setup();
    const { unmount } = renderPage(<AssetsPage />, { url: '/assets' });
    const coin = await screen.findByRole('region', { name: 'Coin account' });
    expect(within(coin).getByRole('link', { name: /^DOGE / })).toBeInTheDocument();
    const toggle = screen.getByRole('switch', { name: 'Hide small balances' });
    expect(toggle).not.toBeChecked();
    await user.click(toggle);
    expect(within(coin).queryByRole('link', { name: /^DOGE / })).not.toBeInTheDocument();
    expect(within(coin).queryByRole('link', { name: /^LTC / })).not.toBeInTheDocument();
    expect(within(coin).getByRole('link', { name: /^BTC / })).toBeInTheDocument();
    expect(within(coin).getByRole('link', { name: /^USDT / })).toBeInTheDocument();
    unmount();
    renderPage(<AssetsPage />, { url: '/assets' });
    expect(await screen.findByRole('switch', { name: 'Hide small balances' })).toBeChecked();
    const again = await screen.findByRole('region', { name: 'Coin account' });
    expect(within(again).queryByRole('link', { name: /^DOGE / })).not.toBeInTheDocument();
  });

  it('shows a translated error with retry', async () => {
    let up = false;
    const net = stubNetwork({ 'POST /api/wallet/list': () => (up ? WALLETS : networkDown()) });
    const user = userEvent.setup();
    renderPage(<AssetsPage />, { url: '/assets' });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Network error, please try again');
    up = true;
    await user.click(await within(alert).findByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('region', { name: 'Coin account' })).toBeInTheDocument();
    expect(net.to('POST /api/wallet/list')).toHaveLength(2);
  });
});
