import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { networkDown, renderPage, stubNetwork } from '@app/shared/testing';
import DepositRecordPage from './DepositRecordPage';
import WithdrawalRecordPage from './WithdrawalRecordPage';
import { resetAppState } from '../testing/fixtures';
import type { ChargeLogEntry, Withdrawal } from '../features/wallet/api/walletApi';

// Typing-heavy tests: leave room on a busy machine.
jest.setTimeout(20_000);

beforeEach(() => resetAppState());

const charge = (id: number, type: 'deposit' | 'withdrawal', value: string): ChargeLogEntry => ({
  id,
  type,
  currency_id: 3,
  currency_name: 'USDT',
  value,
  info: type,
  transaction_info: `DEMO-TX-${id}`,
  status: 2,
  status_text: 'success',
  created_time: '2026-01-01T00:00:00.000Z',
});

const withdrawal = (id: number, status: Withdrawal['status'], hash: string | null): Withdrawal => ({
  id,
  currency_id: 1,
  currency_name: 'BTC',
  address: 'bc1qexample',
  label: '',
  number: '0.0123456789',
  fee: '0.0005',
  status,
  status_text: '',
  reason: null,
  hash,
  created_time: '2026-01-01T00:00:00.000Z',
  audit_time: null,
  finished_time: null,
});

describe('DepositRecordPage', () => {
  it('lists only deposits from the deposit/withdraw log', async () => {
    stubNetwork({
      'GET /api/charge_mention/log': () => ({
        data: [charge(2, 'withdrawal', '10'), charge(1, 'deposit', '250.5')],
      }),
    });
    renderPage(<DepositRecordPage />, { url: '/deposit_record' });
    const list = await screen.findByRole('list', { name: 'Deposit records' });
    const rows = within(list).getAllByTestId('charge-row');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toHaveTextContent('Deposit · USDT');
    expect(rows[0]).toHaveTextContent('+250.50');
    expect(rows[0]).toHaveTextContent('DEMO-TX-1');
  });

  it('shows the empty state, and errors with retry', async () => {
    // No answer (a GET is tried three times before it fails), then an empty log.
    let up = false;
    stubNetwork({ 'GET /api/charge_mention/log': () => (up ? { data: [] } : networkDown()) });
    const user = userEvent.setup();
    renderPage(<DepositRecordPage />, { url: '/deposit_record' });
    const alert = await screen.findByRole('alert', undefined, { timeout: 5000 }); // three tries first
    expect(alert).toHaveTextContent('Network error, please try again');
    up = true;
    await user.click(await within(alert).findByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('No data')).toBeInTheDocument();
  });
});

describe('WithdrawalRecordPage', () => {
  it('lists withdrawals with their states, amounts truncated, and the chain hash', async () => {
    stubNetwork({
      'GET /api/wallet/withdrawals': () => [
        withdrawal(3, 2, 'DEMO-TX-abc'),
        withdrawal(2, 1, null),
        withdrawal(1, 0, null),
      ],
    });
    renderPage(<WithdrawalRecordPage />, { url: '/withdrawal_record' });
    const rows = await screen.findAllByTestId('withdrawal-row');
    expect(rows[0]).toHaveTextContent('0.012345 BTC');
    expect(rows[0]).toHaveTextContent('Success');
    expect(rows[0]).toHaveTextContent('DEMO-TX-abc');
    expect(rows[1]).toHaveTextContent('Waiting for chain');
    expect(rows[2]).toHaveTextContent('Applying');
  });

  it('shows the empty state', async () => {
    stubNetwork({ 'GET /api/wallet/withdrawals': (): Withdrawal[] => [] });
    renderPage(<WithdrawalRecordPage />, { url: '/withdrawal_record' });
    expect(await screen.findByText('No data')).toBeInTheDocument();
  });
});
