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
import TransferPage from './TransferPage';
import { WALLETS, resetAppState } from '../testing/fixtures';
import type { TransferResult } from '../features/wallet/api/walletApi';

// Typing-heavy tests: leave room on a busy machine.
jest.setTimeout(20_000);

beforeEach(() => resetAppState());

const TRANSFERRED: TransferResult = {
  ref: 'tr_1',
  currency_id: 3,
  currency_name: 'USDT',
  number: '12.5',
  from_field: 'lever',
  to_field: 'change',
  from_balance: '4987.5',
  to_balance: '10012.629',
};

function setup(routes: FetchRoutes = {}) {
  const net = stubNetwork({
    'POST /api/wallet/list': () => WALLETS,
    'POST /api/wallet/transfer': () => TRANSFERRED,
    ...routes,
  });
  const user = userEvent.setup();
  renderPage(<TransferPage />, { url: '/transfer' });
  return { user, net };
}

describe('TransferPage', () => {
  it('shows the available balance and fills it with All', async () => {
    const { user } = setup();
    expect(await screen.findByTestId('transfer-available')).toHaveTextContent('Available: 10000.12 USDT');
    await user.click(screen.getByRole('button', { name: 'All' }));
    expect(screen.getByRole('textbox', { name: 'Amount' })).toHaveValue('10000.12');
  });

  it('validates the amount and the accounts before sending', async () => {
    const { user, net } = setup();
    const amount = await screen.findByRole('textbox', { name: 'Amount' });
    await user.click(screen.getByRole('button', { name: 'Confirm transfer' }));
    expect(amount).toHaveAccessibleDescription('Please enter the amount');
    await user.type(amount, '0');
    await user.click(screen.getByRole('button', { name: 'Confirm transfer' }));
    expect(amount).toHaveAccessibleDescription('The amount must be greater than 0');
    await user.clear(amount);
    await user.type(amount, '10000.13');
    await user.click(screen.getByRole('button', { name: 'Confirm transfer' }));
    expect(amount).toHaveAccessibleDescription('The amount exceeds the available balance');
    await user.selectOptions(screen.getByRole('combobox', { name: 'To' }), 'Coin account');
    // The same account is a warning at once, and the transfer cannot be sent.
    expect(screen.getByRole('alert')).toHaveTextContent('Cannot transfer to the same account');
    expect(screen.getByRole('button', { name: 'Confirm transfer' })).toBeDisabled();
    // Typed text is never filtered.
    await user.clear(amount);
    await user.type(amount, '1e3');
    expect(amount).toHaveValue('1e3');
    expect(amount).toHaveAccessibleDescription(/Invalid number/);
    expect(net.to('POST /api/wallet/transfer')).toHaveLength(0);
  });

  it('swaps the accounts, transfers, toasts and reloads the balances', async () => {
    const { user, net } = setup();
    await screen.findByTestId('transfer-available');
    await user.click(screen.getByRole('button', { name: 'Swap accounts' }));
    expect(screen.getByRole('combobox', { name: 'From' })).toHaveValue('lever');
    expect(screen.getByTestId('transfer-available')).toHaveTextContent('Available: 5000.00 USDT');
    await user.type(screen.getByRole('textbox', { name: 'Amount' }), '12.5');
    await user.click(screen.getByRole('button', { name: 'Confirm transfer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm transfer' });
    expect(dialog).toHaveTextContent('FromContract account');
    expect(dialog).toHaveTextContent('ToCoin account');
    expect(dialog).toHaveTextContent('Amount12.5 USDT');
    expect(dialog).toHaveTextContent('Fee0 USDT');
    expect(net.to('POST /api/wallet/transfer')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Transfer successful');
    expect(net.to('POST /api/wallet/transfer').map((c) => c.body)).toEqual([
      { currency_id: 3, number: '12.5', from_field: 'lever', to_field: 'change' },
    ]);
    await waitFor(() => expect(net.to('POST /api/wallet/list')).toHaveLength(2));
  });

  it('shows server failures translated', async () => {
    const { user } = setup({
      'POST /api/wallet/transfer': () =>
        apiFailure('wallet.insufficient_balance', 'Insufficient wallet balance'),
    });
    await user.type(await screen.findByRole('textbox', { name: 'Amount' }), '1');
    await user.click(screen.getByRole('button', { name: 'Confirm transfer' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Confirm transfer' })).getByRole('button', {
        name: 'Confirm',
      }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('Insufficient wallet balance');
  });

  it('a double tap on Confirm sends one transfer', async () => {
    const answer = hold<FetchAnswer<'POST /api/wallet/transfer'>>();
    const { user, net } = setup({ 'POST /api/wallet/transfer': () => answer.promise });
    await user.type(await screen.findByRole('textbox', { name: 'Amount' }), '12.5');
    await user.click(screen.getByRole('button', { name: 'Confirm transfer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm transfer' });
    const confirm = within(dialog).getByRole('button', { name: 'Confirm' });
    act(() => {
      confirm.click();
      confirm.click();
    });
    await act(async () => answer.release({ ...TRANSFERRED, from_field: 'change', to_field: 'lever' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const sent = net.to('POST /api/wallet/transfer');
    expect(sent).toHaveLength(1);
    expect(sent[0]?.body).toMatchObject({ number: '12.5', from_field: 'change', to_field: 'lever' });
  });
});
