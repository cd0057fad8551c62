import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { networkDown, renderPage, stubNetwork, type FetchRoutes } from '@app/shared/testing';
import AccountPage from './AccountPage';
import AssetsPage from './AssetsPage';
import { USER, WALLETS, resetAppState } from '../testing/fixtures';
import type { UserCenterDetail } from '../features/account/api/profileApi';
import type { BuyRecord } from '../features/wallet/api/walletApi';

const CENTER: UserCenterDetail = {
  id: 42,
  account_number: 'ann@example.com',
  review_status: 0,
  review_reason: null,
  is_seller: false,
  kefu_url: { mobile: 'http://x/chat' },
  fund_password_set: true,
};

// Typing-heavy tests: leave room on a busy machine.
jest.setTimeout(20_000);

beforeEach(() => resetAppState());

/** The account's answers, `routes` replacing or adding some. */
function stub(routes: FetchRoutes = {}) {
  return stubNetwork({
    'GET /api/user/info': () => USER,
    'GET /api/user/center': () => CENTER,
    'POST /api/wallet/list': () => WALLETS,
    ...routes,
  });
}

function open() {
  const user = userEvent.setup();
  renderPage(<AccountPage />, { url: '/ucenter' });
  return user;
}

describe('account centre record dialogs', () => {
  it('shows the wallet balances per wallet type', async () => {
    stub();
    const user = open();
    await user.click(await screen.findByRole('button', { name: 'Wallet balances' }));
    const dialog = await screen.findByRole('dialog', { name: 'Wallet balances' });
    const coin = await within(dialog).findByRole('region', { name: 'Coin account' });
    expect(within(coin).getByTestId('total-change')).toHaveTextContent('46123.4567');
    await user.click(within(dialog).getByRole('tab', { name: 'Contract account' }));
    const lever = within(dialog).getByRole('region', { name: 'Contract account' });
    expect(within(lever).getByRole('link', { name: /^USDT/ })).toHaveTextContent('5000.00');
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('shows the deposit/withdraw log', async () => {
    const net = stub({
      'GET /api/charge_mention/log': () => ({
        data: [
          {
            id: 1,
            type: 'withdrawal',
            currency_id: 3,
            currency_name: 'USDT',
            value: '20',
            info: 'withdrawal',
            transaction_info: 'TXmain',
            status: 1,
            status_text: 'waiting_chain',
            created_time: '2026-01-01T00:00:00.000Z',
          },
        ],
      }),
    });
    const user = open();
    await user.click(await screen.findByRole('button', { name: 'Deposit and withdrawal log' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deposit and withdrawal log' });
    const row = await within(dialog).findByTestId('charge-row');
    expect(row).toHaveTextContent('Withdrawal · USDT');
    expect(row).toHaveTextContent('-20.00');
    expect(row).toHaveTextContent('Waiting for chain');
    expect(net.to('GET /api/charge_mention/log')[0]?.query).toEqual({ limit: '1000' });
  });

  it('shows the buy records with their four states, and errors with retry', async () => {
    const records = ([-1, 0, 1, 2] as const).map((status, i): BuyRecord => ({
      id: i + 1,
      usdt_amount: '100.129',
      amount: '720',
      pay_way: 'bank',
      status,
      status_text: String(status),
      rate: '7.2',
      created_at: '2026-01-01T00:00:00.000Z',
      expire_at: '2026-01-01T00:30:00.000Z',
      pay_time: null,
    }));
    // No answer (a GET is tried three times before it fails), then the records.
    let up = false;
    stub({ 'GET /api/legal_buy/log': () => (up ? records : networkDown()) });
    const user = open();
    await user.click(await screen.findByRole('button', { name: 'Buy records' }));
    const dialog = await screen.findByRole('dialog', { name: 'Buy records' });
    // Three tries with ky's backoff (0.3 s, 0.6 s) before the failure shows.
    const retry = await within(dialog).findByRole('button', { name: 'Retry' }, { timeout: 5000 });
    expect(dialog).toHaveTextContent('Network error, please try again');
    up = true;
    await user.click(retry);
    const rows = await within(dialog).findAllByTestId('buy-row');
    expect(
      rows.map((r) => within(r).getByText(/Cancelled|Awaiting payment|Paid|Completed/).textContent),
    ).toEqual(['Cancelled', 'Awaiting payment', 'Paid', 'Completed']);
    expect(rows[0]).toHaveTextContent('100.12 USDT');
    expect(rows[0]).toHaveTextContent('Bank card');
  });

  it('shows the promotion list, dates in the app time policy (not raw ISO)', async () => {
    stub({
      'GET /api/user/extension': () => [
        { account: 'b***@example.com', create_date: '2026-01-02T03:04:05.000Z' },
      ],
    });
    const user = open();
    await user.click(await screen.findByRole('button', { name: 'Promotion list' }));
    const dialog = await screen.findByRole('dialog', { name: 'Promotion list' });
    expect(await within(dialog).findByText('b***@example.com')).toBeInTheDocument();
    expect(within(dialog).getByText('2026-01-02 11:04:05 UTC+8')).toBeInTheDocument();
    expect(within(dialog).queryByText(/T03:04/)).toBeNull();
  });
});

describe('asset centre entries', () => {
  it('lists records, customer service and logout; the shop only for sellers', async () => {
    stub();
    renderPage(<AssetsPage />, { url: '/assets' });
    const links = await screen.findByRole('list', { name: 'Records and services' });
    expect(within(links).getByRole('link', { name: 'Deposit records' })).toHaveAttribute(
      'href',
      '/deposit_record',
    );
    expect(within(links).getByRole('link', { name: 'Withdrawal records' })).toHaveAttribute(
      'href',
      '/withdrawal_record',
    );
    expect(within(links).getByRole('link', { name: 'Customer service' })).toHaveAttribute(
      'href',
      '/onlineServer',
    );
    expect(within(links).queryByRole('link', { name: 'My shop' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Log out' })).toBeInTheDocument();
  });

  it('shows the shop entry to a seller', async () => {
    stub({ 'GET /api/user/center': () => ({ ...CENTER, is_seller: true }) });
    renderPage(<AssetsPage />, { url: '/assets' });
    expect(await screen.findByRole('link', { name: 'My shop' })).toHaveAttribute('href', '/buy');
  });
});
