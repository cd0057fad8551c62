import { useEffect } from 'react';
import { useNavigate } from '@app/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  hold,
  networkDown,
  renderPage,
  stubNetwork,
  type FetchAnswer,
  type FetchRoutes,
} from '@app/shared/testing';
import { setNavigator, setThemeMode, startSession } from '@app/shared';
import AccountPage from './AccountPage';
import { USER, WALLETS, resetAppState } from '../testing/fixtures';
import { accounts } from '@app/contract';
import type { PayoutProfile, UserCenterDetail } from '../features/account/api/profileApi';

const CENTER: UserCenterDetail = {
  id: 42,
  account_number: 'ann@example.com',
  review_status: 0,
  review_reason: null,
  is_seller: false,
  kefu_url: { mobile: 'http://x/chat' },
  fund_password_set: false,
};

/** What the host does: non-React code (endSession) navigates through the router. */
function NavigatorBridge({ children }: { children: React.ReactNode }) {
  const navigate = useNavigate();
  useEffect(() => setNavigator((path, options) => navigate(path, options)), [navigate]);
  return <>{children}</>;
}

/** The account's answers, `routes` replacing or adding some. */
function stub(routes: FetchRoutes = {}) {
  return stubNetwork({
    'GET /api/user/info': () => USER,
    'GET /api/user/center': () => CENTER,
    'POST /api/wallet/list': () => WALLETS,
    ...routes,
  });
}

/** A logged-in user, as after a real login. */
async function logIn() {
  await startSession('tok-1', USER.account_number);
}

/** The account centre with the host's navigator wired to the test router (render synchronously). */
function renderWithNavigator() {
  const user = userEvent.setup();
  renderPage(
    <NavigatorBridge>
      <AccountPage />
    </NavigatorBridge>,
    { url: '/ucenter', title: 'Account', otherRoutes: { '/login': <p>Login screen</p> } },
  );
  return user;
}

// Typing-heavy tests: leave room on a busy machine.
jest.setTimeout(20_000);

beforeEach(() => {
  resetAppState();
  setThemeMode('teal_night');
});

describe('AccountPage', () => {
  it('shows a skeleton, then the account number and display ID', async () => {
    const answer = hold<FetchAnswer<'GET /api/user/info'>>();
    stub({ 'GET /api/user/info': () => answer.promise });
    renderPage(<AccountPage />, { url: '/ucenter' });
    expect(await screen.findByTestId('profile-skeleton')).toBeInTheDocument();
    await act(async () => answer.release(USER));
    expect(await screen.findByText('ann@example.com')).toBeInTheDocument();
    expect(screen.getByText('ID: 10000042')).toBeInTheDocument();
    expect(screen.queryByTestId('profile-skeleton')).not.toBeInTheDocument();
  });

  it('shows an error with retry when the info call fails', async () => {
    // No answer (a GET is tried three times before it fails), then the account.
    let up = false;
    const net = stub({ 'GET /api/user/info': () => (up ? USER : networkDown()) });
    const user = userEvent.setup();
    renderPage(<AccountPage />, { url: '/ucenter' });
    const alert = await screen.findByRole('alert', undefined, { timeout: 5000 }); // three tries first
    expect(alert).toHaveTextContent('Network error, please try again');
    // Settings and logout stay usable while the profile failed.
    expect(screen.getByRole('button', { name: 'Log out' })).toBeEnabled();
    const tries = net.to('GET /api/user/info').length;
    up = true;
    await user.click(await within(alert).findByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('ID: 10000042')).toBeInTheDocument();
    expect(net.to('GET /api/user/info')).toHaveLength(tries + 1);
  });

  it('opens the language dialog and switches night mode off', async () => {
    stub();
    const user = userEvent.setup();
    renderPage(<AccountPage />, { url: '/ucenter' });
    await user.click(await screen.findByRole('button', { name: /Language/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Language' });
    expect(within(dialog).getByRole('button', { name: '日本語' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    const night = screen.getByRole('switch', { name: 'Night mode' });
    expect(night).toBeChecked();
    await user.click(night);
    expect(night).not.toBeChecked();
    expect(window.localStorage.getItem('mode')).toBe('teal_day');
  });

  it('asks for confirmation before logging out', async () => {
    const net = stub({ 'POST /api/user/logout': () => 'logged out' });
    await logIn();
    const user = renderWithNavigator();
    const logout = () => net.to('POST /api/user/logout');
    await screen.findByText('ID: 10000042');
    expect(window.localStorage.getItem('token')).toBe('tok-1');

    await user.click(screen.getByRole('button', { name: 'Log out' }));
    const dialog = await screen.findByRole('dialog', { name: 'Are you sure you want to log out?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(logout()).toHaveLength(0);
    expect(window.localStorage.getItem('token')).toBe('tok-1');

    await user.click(screen.getByRole('button', { name: 'Log out' }));
    const again = await screen.findByRole('dialog', { name: 'Are you sure you want to log out?' });
    await user.click(within(again).getByRole('button', { name: 'Log out' }));

    expect(await screen.findByText('Login screen')).toBeInTheDocument();
    expect(logout()).toHaveLength(1);
    expect(logout()[0]?.headers.get('Authorization')).toBe('Bearer tok-1');
    expect(window.localStorage.getItem('token')).toBeNull();
    expect(window.localStorage.getItem('user_id')).toBeNull();
    expect(window.localStorage.getItem('accountNum')).toBeNull();
    expect(await screen.findByRole('alert')).toHaveTextContent('Logged out');
  });

  it('shows total assets in USD (2 decimals, truncated) and the shortcut tiles', async () => {
    stub();
    renderPage(<AccountPage />, { url: '/ucenter' });
    expect(await screen.findByTestId('total-assets')).toHaveTextContent('51123.45');
    const nav = screen.getByRole('navigation', { name: 'Shortcuts' });
    expect(within(nav).getByRole('link', { name: 'Deposit' })).toHaveAttribute('href', '/recharge');
    expect(within(nav).getByRole('link', { name: 'Withdraw' })).toHaveAttribute('href', '/withdrawal');
    expect(within(nav).getByRole('link', { name: 'Transfer' })).toHaveAttribute('href', '/transfer');
    expect(within(nav).getByRole('link', { name: 'Asset centre' })).toHaveAttribute('href', '/assets');
    expect(screen.getByRole('link', { name: 'Invite friends' })).toHaveAttribute('href', '/share');
    expect(screen.getByRole('link', { name: 'Customer service' })).toHaveAttribute('href', '/onlineServer');
  });

  it('shows the review state: under review is a message, not the form', async () => {
    stub({ 'GET /api/user/center': () => ({ ...CENTER, review_status: 1 }) });
    const user = userEvent.setup();
    renderPage(<AccountPage />, { url: '/ucenter' });
    const entry = await screen.findByRole('button', { name: /Real-name verification Under review/ });
    await user.click(entry);
    expect(await screen.findByRole('alert')).toHaveTextContent('Your identity is under review');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows the reject reason and checks the KYC form before submitting', async () => {
    const net = stub({
      'GET /api/user/center': () => ({ ...CENTER, review_reason: 'Blurry photo' }),
      'POST /api/user/real_name': () => 'submitted',
    });
    const user = userEvent.setup();
    renderPage(<AccountPage />, { url: '/ucenter' });
    await user.click(await screen.findByRole('button', { name: /Rejected: Blurry photo/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Real-name verification' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Ann Lee');
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    // The toast host sits behind the modal dialog (aria-hidden).
    expect(await screen.findByRole('alert', { hidden: true })).toHaveTextContent(
      'please fill in complete information',
    );
    expect(within(dialog).getByRole('textbox', { name: 'ID number' })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    expect(net.to('POST /api/user/real_name')).toHaveLength(0);
  });

  it('enables saving the payout profile only with a bank account', async () => {
    const blank = Object.fromEntries(accounts.PAYOUT_FIELDS.map((f) => [f, ''])) as PayoutProfile;
    const net = stub({
      'POST /api/user/cash_info': () => ({}),
      'POST /api/user/cash_save': (body) => ({ ...blank, ...body }),
    });
    const user = userEvent.setup();
    renderPage(<AccountPage />, { url: '/ucenter' });
    await user.click(await screen.findByRole('button', { name: 'Payment methods' }));
    const dialog = await screen.findByRole('dialog', { name: 'Payment methods' });
    const button = await within(dialog).findByRole('button', { name: 'Save' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Bank name' }), 'Demo Bank');
    expect(button).toBeDisabled();
    await user.type(within(dialog).getByRole('textbox', { name: /Bank account/ }), '6222000011112222');
    expect(button).toBeEnabled();
    await user.click(button);
    expect(await screen.findByRole('alert')).toHaveTextContent('Saved');
    expect(net.to('POST /api/user/cash_save').map((c) => c.body)).toEqual([
      { bank_name: 'Demo Bank', bank_account: '6222000011112222' },
    ]);
  });
});
