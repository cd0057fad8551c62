import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { hold, mockFetch, renderPage } from '@app/shared/testing';
import { ApiError } from '@app/shared';
import TransferPage from './TransferPage';
import { WALLETS, resetAppState } from '../testing/fixtures';
import { walletApi, type TransferResult } from '../features/wallet/api/walletApi';

// Typing-heavy tests: leave room on a busy machine.
jest.setTimeout(20_000);

beforeEach(() => resetAppState());

function setup() {
  const list = jest.spyOn(walletApi, 'list').mockResolvedValue(WALLETS);
  const user = userEvent.setup();
  renderPage(<TransferPage />, { url: '/transfer' });
  return { user, list };
}

describe('TransferPage', () => {
  it('shows the available balance and fills it with All', async () => {
    const { user } = setup();
    expect(await screen.findByTestId('transfer-available')).toHaveTextContent('Available: 10000.12 USDT');
    await user.click(screen.getByRole('button', { name: 'All' }));
    expect(screen.getByRole('textbox', { name: 'Amount' })).toHaveValue('10000.12');
  });

  it('validates the amount and the accounts before sending', async () => {
    const transfer = jest.spyOn(walletApi, 'transfer');
    const { user } = setup();
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
    expect(transfer).not.toHaveBeenCalled();
  });

  it('swaps the accounts, transfers, toasts and reloads the balances', async () => {
    const transfer = jest.spyOn(walletApi, 'transfer').mockResolvedValue({} as TransferResult);
    const { user, list } = setup();
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
    expect(transfer).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(transfer).toHaveBeenCalledWith({
      currency_id: 3,
      number: '12.5',
      from_field: 'lever',
      to_field: 'change',
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('Transfer successful');
    expect(list).toHaveBeenCalledTimes(2);
  });

  it('shows server failures translated', async () => {
    jest
      .spyOn(walletApi, 'transfer')
      .mockRejectedValue(new ApiError('wallet.insufficient_balance', 'Insufficient wallet balance', 400));
    const { user } = setup();
    await user.type(await screen.findByRole('textbox', { name: 'Amount' }), '1');
    await user.click(screen.getByRole('button', { name: 'Confirm transfer' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Confirm transfer' })).getByRole('button', {
        name: 'Confirm',
      }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('Insufficient wallet balance');
  });
});

describe('TransferPage at the network edge', () => {
  it('a double tap on Confirm sends one transfer', async () => {
    const answer = hold();
    const net = mockFetch({
      '/api/wallet/list': () => WALLETS,
      '/api/wallet/transfer': () => answer.promise,
    });
    try {
      const user = userEvent.setup();
      renderPage(<TransferPage />, { url: '/transfer' });
      await user.type(await screen.findByRole('textbox', { name: 'Amount' }), '12.5');
      await user.click(screen.getByRole('button', { name: 'Confirm transfer' }));
      const dialog = await screen.findByRole('dialog', { name: 'Confirm transfer' });
      const confirm = within(dialog).getByRole('button', { name: 'Confirm' });
      act(() => {
        confirm.click();
        confirm.click();
      });
      await act(async () => answer.release({}));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      const sent = net.calls.filter((c) => c.path !== '/api/wallet/list');
      expect(sent).toHaveLength(1);
      expect(sent[0]?.body).toMatchObject({ number: '12.5', from_field: 'change', to_field: 'lever' });
    } finally {
      net.restore();
    }
  });
});
