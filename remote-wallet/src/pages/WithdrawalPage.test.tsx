import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderPage } from '@app/shared/testing';
import { ApiError } from '@app/shared';
import WithdrawalPage from './WithdrawalPage';
import { WALLETS, resetAppState } from '../testing/fixtures';
import { profileApi } from '../features/account/api/profileApi';
import {
  walletApi,
  type Withdrawal,
  type WithdrawalAddress,
  type WithdrawInfo,
} from '../features/wallet/api/walletApi';

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

function setup({
  info = INFO,
  addresses = [ADDRESS],
}: { info?: WithdrawInfo; addresses?: WithdrawalAddress[] } = {}) {
  jest.spyOn(walletApi, 'list').mockResolvedValue(WALLETS);
  const infoSpy = jest.spyOn(walletApi, 'withdrawInfo').mockResolvedValue(info);
  const addressSpy = jest.spyOn(walletApi, 'addresses').mockResolvedValue(addresses);
  const recent = jest.spyOn(walletApi, 'withdrawals').mockResolvedValue([WITHDRAWAL]);
  const user = userEvent.setup();
  renderPage(<WithdrawalPage />, { url: '/withdrawal' });
  return { user, infoSpy, addressSpy, recent };
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
    const withdraw = jest.spyOn(walletApi, 'withdraw');
    const { user } = setup();
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
    expect(withdraw).not.toHaveBeenCalled();
  });

  it('applies with the fund password, toasts, and reloads balance and states', async () => {
    const withdraw = jest.spyOn(walletApi, 'withdraw').mockResolvedValue({ ...WITHDRAWAL, status: 0 });
    const { user, infoSpy, recent } = setup();
    await screen.findByRole('radio', { name: 'Main1 TXmain000001' });
    await user.type(await screen.findByRole('textbox', { name: 'Amount' }), '20');
    await user.type(screen.getByLabelText('Fund password'), '123456');
    await user.click(screen.getByRole('button', { name: 'Withdraw' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm withdrawal' });
    expect(dialog).toHaveTextContent('AddressTXmain000001');
    expect(dialog).toHaveTextContent('Amount20 USDT');
    expect(dialog).toHaveTextContent(`Fee${INFO.fee} USDT`);
    expect(dialog).toHaveTextContent('Total deducted21 USDT');
    expect(withdraw).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(withdraw).toHaveBeenCalledWith({
      currency_id: 3,
      address_id: 7,
      number: '20',
      fund_password: '123456',
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('Withdrawal applied, awaiting review');
    await waitFor(() => expect(infoSpy).toHaveBeenCalledTimes(2));
    expect(recent).toHaveBeenCalledTimes(2);
    expect(screen.getByRole('textbox', { name: 'Amount' })).toHaveValue('');
  });

  it('shows server failures translated by code', async () => {
    jest.spyOn(walletApi, 'withdraw').mockRejectedValue(new ApiError('fund_password.wrong', 'x', 400));
    const { user } = setup();
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
    const withdraw = jest.spyOn(walletApi, 'withdraw');
    const save = jest.spyOn(profileApi, 'fundPassword').mockResolvedValue('fund password set');
    const { user, infoSpy } = setup({ info: { ...INFO, fund_password_set: false } });
    expect(await screen.findByText('Please set a fund password first')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Withdraw' })).toBeDisabled();
    infoSpy.mockResolvedValue(INFO);
    await user.click(screen.getByRole('button', { name: 'Set now' }));
    const dialog = await screen.findByRole('dialog', { name: 'Passwords' });
    await user.type(within(dialog).getByLabelText('New fund password'), '246810');
    await user.type(within(dialog).getByLabelText('Repeat fund password'), '246810');
    await user.click(within(dialog).getByRole('button', { name: 'Save fund password' }));
    expect(save).toHaveBeenCalledWith({ password: '246810' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByLabelText('Fund password')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Withdraw' })).toBeEnabled();
    expect(withdraw).not.toHaveBeenCalled();
  });

  it('adds an address with the rules, selects it, and deletes one after confirmation', async () => {
    const add = jest
      .spyOn(walletApi, 'addAddress')
      .mockResolvedValue({ ...ADDRESS, id: 8, address: 'TXsecond0002', label: '' });
    const remove = jest.spyOn(walletApi, 'deleteAddress').mockResolvedValue('deleted');
    const { user, addressSpy } = setup({ addresses: [] });
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
    expect(add).not.toHaveBeenCalled();
    await user.clear(within(dialog).getByRole('textbox', { name: 'Label or memo' }));
    addressSpy.mockResolvedValue([{ ...ADDRESS, id: 8, address: 'TXsecond0002', label: '' }]);
    await user.click(within(dialog).getByRole('button', { name: 'Save address' }));
    expect(add).toHaveBeenCalledWith({ currency_id: 3, address: 'TXsecond0002' });
    const radio = await screen.findByRole('radio', { name: 'TXsecond0002' });
    expect(radio).toBeChecked();

    await user.click(screen.getByRole('button', { name: 'Delete address TXsecond0002' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete this address?' });
    addressSpy.mockResolvedValue([]);
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(remove).toHaveBeenCalledWith(8);
    expect(await screen.findByText('No USDT address yet. Add one to withdraw.')).toBeInTheDocument();
  });

  it('shows the address book refusals of the server translated by code', async () => {
    jest.spyOn(walletApi, 'addAddress').mockRejectedValue(new ApiError('withdraw.label_digits', 'x', 400));
    const { user } = setup({ addresses: [] });
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
    jest.spyOn(walletApi, 'list').mockResolvedValue(WALLETS);
    jest
      .spyOn(walletApi, 'withdrawInfo')
      .mockRejectedValueOnce(new ApiError('network', 'Network error', 0))
      .mockResolvedValueOnce(INFO);
    jest.spyOn(walletApi, 'addresses').mockResolvedValue([ADDRESS]);
    jest.spyOn(walletApi, 'withdrawals').mockResolvedValue([]);
    const user = userEvent.setup();
    renderPage(<WithdrawalPage />, { url: '/withdrawal' });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Network error, please try again');
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByTestId('withdraw-available')).toBeInTheDocument();
  });
});
