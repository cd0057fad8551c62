import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { apiFailure, networkDown, renderPage, stubNetwork, type FetchRoutes } from '@app/shared/testing';
import WithdrawalPage from './WithdrawalPage';
import { WALLETS, resetAppState } from '../testing/fixtures';
import type { Withdrawal, WithdrawalAddress, WithdrawInfo } from '../features/wallet/api/walletApi';

const INFO: WithdrawInfo = {
  currency_id: 3,
  currency_name: 'USDT',
  min: '10',
  max: '100000',
  fee: '1',
  available: '100.129',
  fund_password_set: true,
};

const ADDRESS: WithdrawalAddress = {
  id: 7,
  currency_id: 3,
  currency_name: 'USDT',
  address: 'TXmain000001',
  label: 'Main1',
  remark: 'cold',
  created_time: '2026-01-01T00:00:00.000Z',
};

const WITHDRAWAL: Withdrawal = {
  id: 11,
  currency_id: 3,
  currency_name: 'USDT',
  address: 'TXmain000001',
  label: 'Main1',
  number: '20',
  fee: '1',
  status: 4,
  status_text: 'rejected',
  reason: 'suspicious',
  hash: null,
  created_time: '2026-01-01T00:00:00.000Z',
  audit_time: '2026-01-01T01:00:00.000Z',
  finished_time: '2026-01-01T01:00:00.000Z',
};

// Typing-heavy tests: leave room on a busy machine.
jest.setTimeout(20_000);

beforeEach(() => resetAppState());

/** What the server holds: the coin's limits and the address book (a test changes them). */
interface Server {
  info: WithdrawInfo;
  addresses: WithdrawalAddress[];
}

function setup({ info = INFO, addresses = [ADDRESS] }: Partial<Server> = {}, routes: FetchRoutes = {}) {
  const server: Server = { info, addresses };
  const net = stubNetwork({
    'POST /api/wallet/list': () => WALLETS,
    'GET /api/wallet/withdraw_info': () => server.info,
    'GET /api/wallet/address/list': () => server.addresses,
    'GET /api/wallet/withdrawals': () => [WITHDRAWAL],
    ...routes,
  });
  const user = userEvent.setup();
  renderPage(<WithdrawalPage />, { url: '/withdrawal' });
  return { user, net, server };
}

describe('WithdrawalPage', () => {
  it('shows the available balance, the fee, the address book and recent states', async () => {
    setup();
    expect(await screen.findByTestId('withdraw-available')).toHaveTextContent('Available: 100.12 USDT');
    expect(screen.getByTestId('withdraw-fee')).toHaveTextContent('Fee: 1 USDT');
    expect(screen.getByText('Minimum 10, maximum 100000 USDT')).toBeInTheDocument();
    expect(await screen.findByRole('radio', { name: 'Main1 TXmain000001' })).toBeChecked();
    const recent = screen.getByRole('list', { name: 'Withdrawal records' });
    expect(within(recent).getByText('Rejected')).toBeInTheDocument();
    expect(within(recent).getByText('suspicious')).toBeInTheDocument();
  });

  it('fills All with available minus fee and checks the rules before sending', async () => {
    const { user, net } = setup();
    const amount = await screen.findByRole('textbox', { name: 'Amount' });
    await screen.findByRole('radio', { name: 'Main1 TXmain000001' });
    await user.click(screen.getByRole('button', { name: 'All' }));
    expect(amount).toHaveValue('99.12');
    await user.clear(amount);
    await user.type(amount, '9');
    await user.click(screen.getByRole('button', { name: 'Withdraw' }));
    expect(amount).toHaveAccessibleDescription('The amount is below the minimum withdrawal');
    await user.clear(amount);
    await user.type(amount, '99.2');
    await user.click(screen.getByRole('button', { name: 'Withdraw' }));
    expect(amount).toHaveAccessibleDescription('Amount plus fee exceeds the available balance');
    await user.clear(amount);
    await user.type(amount, '20');
    await user.type(screen.getByLabelText('Fund password'), '12a');
    await user.click(screen.getByRole('button', { name: 'Withdraw' }));
    expect(screen.getByLabelText('Fund password')).toHaveAccessibleDescription(
      'The fund password is 6 digits',
    );
    expect(net.to('POST /api/wallet/withdraw')).toHaveLength(0);
  });

  it('applies with the fund password, toasts, and reloads balance and states', async () => {
    const { user, net } = setup({}, { 'POST /api/wallet/withdraw': () => ({ ...WITHDRAWAL, status: 0 }) });
    await screen.findByRole('radio', { name: 'Main1 TXmain000001' });
    await user.type(await screen.findByRole('textbox', { name: 'Amount' }), '20');
    await user.type(screen.getByLabelText('Fund password'), '123456');
    await user.click(screen.getByRole('button', { name: 'Withdraw' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm withdrawal' });
    expect(dialog).toHaveTextContent('AddressTXmain000001');
    expect(dialog).toHaveTextContent('Amount20 USDT');
    expect(dialog).toHaveTextContent(`Fee${INFO.fee} USDT`);
    expect(dialog).toHaveTextContent('Total deducted21 USDT');
    expect(net.to('POST /api/wallet/withdraw')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Withdrawal applied, awaiting review');
    expect(net.to('POST /api/wallet/withdraw').map((c) => c.body)).toEqual([
      { currency_id: 3, address_id: 7, number: '20', fund_password: '123456' },
    ]);
    await waitFor(() => expect(net.to('GET /api/wallet/withdraw_info')).toHaveLength(2));
    await waitFor(() => expect(net.to('GET /api/wallet/withdrawals')).toHaveLength(2));
    expect(screen.getByRole('textbox', { name: 'Amount' })).toHaveValue('');
  });

  it('shows server failures translated by code', async () => {
    const { user } = setup({}, { 'POST /api/wallet/withdraw': () => apiFailure('fund_password.wrong', 'x') });
    await screen.findByRole('radio', { name: 'Main1 TXmain000001' });
    await user.type(await screen.findByRole('textbox', { name: 'Amount' }), '20');
    await user.type(screen.getByLabelText('Fund password'), '999999');
    await user.click(screen.getByRole('button', { name: 'Withdraw' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Confirm withdrawal' })).getByRole('button', {
        name: 'Confirm',
      }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('Wrong fund password');
  });

  it('asks to set a fund password first, blocks the request, and sets it in place', async () => {
    const { user, net, server } = setup(
      { info: { ...INFO, fund_password_set: false } },
      { 'POST /api/user/fund_password': () => 'fund password set' },
    );
    expect(await screen.findByText('Please set a fund password first')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Withdraw' })).toBeDisabled();
    server.info = INFO;
    await user.click(screen.getByRole('button', { name: 'Set now' }));
    const dialog = await screen.findByRole('dialog', { name: 'Passwords' });
    await user.type(within(dialog).getByLabelText('New fund password'), '246810');
    await user.type(within(dialog).getByLabelText('Repeat fund password'), '246810');
    await user.click(within(dialog).getByRole('button', { name: 'Save fund password' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(net.to('POST /api/user/fund_password').map((c) => c.body)).toEqual([{ password: '246810' }]);
    expect(await screen.findByLabelText('Fund password')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Withdraw' })).toBeEnabled();
    expect(net.to('POST /api/wallet/withdraw')).toHaveLength(0);
  });

  it('adds an address with the rules, selects it, and deletes one after confirmation', async () => {
    const SECOND: WithdrawalAddress = { ...ADDRESS, id: 8, address: 'TXsecond0002', label: '' };
    const { user, net, server } = setup(
      { addresses: [] },
      {
        'POST /api/wallet/address/add': () => {
          server.addresses = [SECOND];
          return SECOND;
        },
        'POST /api/wallet/address/delete': () => {
          server.addresses = [];
          return 'deleted';
        },
      },
    );
    expect(await screen.findByText('No USDT address yet. Add one to withdraw.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add address' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a USDT address' });
    const field = within(dialog).getByRole('textbox', { name: 'Address' });
    await user.type(field, 'TX second');
    await user.click(within(dialog).getByRole('button', { name: 'Save address' }));
    expect(field).toHaveAccessibleDescription('The address must be 6 to 128 characters without spaces');
    await user.clear(field);
    await user.type(field, 'TXsecond0002');
    await user.type(within(dialog).getByRole('textbox', { name: 'Label or memo' }), 'a-b');
    await user.click(within(dialog).getByRole('button', { name: 'Save address' }));
    expect(within(dialog).getByRole('textbox', { name: 'Label or memo' })).toHaveAccessibleDescription(
      'The label may contain letters and digits only',
    );
    expect(net.to('POST /api/wallet/address/add')).toHaveLength(0);
    await user.clear(within(dialog).getByRole('textbox', { name: 'Label or memo' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save address' }));
    const radio = await screen.findByRole('radio', { name: 'TXsecond0002' });
    expect(radio).toBeChecked();
    expect(net.to('POST /api/wallet/address/add').map((c) => c.body)).toEqual([
      { currency_id: 3, address: 'TXsecond0002' },
    ]);

    await user.click(screen.getByRole('button', { name: 'Delete address TXsecond0002' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete this address?' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('No USDT address yet. Add one to withdraw.')).toBeInTheDocument();
    expect(net.to('POST /api/wallet/address/delete').map((c) => c.body)).toEqual([{ id: 8 }]);
  });

  it('shows the address book refusals of the server translated by code', async () => {
    const { user } = setup(
      { addresses: [] },
      { 'POST /api/wallet/address/add': () => apiFailure('withdraw.label_digits', 'x') },
    );
    await user.click(await screen.findByRole('button', { name: 'Add address' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a USDT address' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Address' }), 'TXthird00003');
    await user.click(within(dialog).getByRole('button', { name: 'Save address' }));
    expect(await screen.findByRole('alert', { hidden: true })).toHaveTextContent(
      'For this coin the tag must contain digits only',
    );
    // The dialog's form never submits the withdrawal form around it.
    expect(screen.queryByText('Please choose a withdrawal address')).toBeNull();
  });

  it('shows a translated error with retry when the coin data fails', async () => {
    // No answer (a GET is tried three times before it fails), then the coin's data.
    let up = false;
    const { user } = setup({}, { 'GET /api/wallet/withdraw_info': () => (up ? INFO : networkDown()) });
    const alert = await screen.findByRole('alert', undefined, { timeout: 5000 }); // three tries first
    expect(alert).toHaveTextContent('Network error, please try again');
    up = true;
    await user.click(await within(alert).findByRole('button', { name: 'Retry' }));
    expect(await screen.findByTestId('withdraw-available')).toBeInTheDocument();
  });
});
