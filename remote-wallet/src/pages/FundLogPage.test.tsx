import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { apiFailure, renderPage, stubNetwork } from '@app/shared/testing';
import FundLogPage from './FundLogPage';
import { WALLETS, resetAppState } from '../testing/fixtures';
import type { FundLogEntry } from '../features/wallet/api/walletApi';

// Typing-heavy tests: leave room on a busy machine.
jest.setTimeout(20_000);

beforeEach(() => resetAppState());

const entry = (
  id: number,
  info: FundLogEntry['info'],
  value: string,
  field: 'available' | 'locked' = 'available',
): FundLogEntry => ({
  id,
  created_time: '2026-01-01T00:00:00.000Z',
  value,
  info,
  field,
  balance_after: '100.129',
  currency_id: 3,
  currency_name: 'USDT',
  type: 'change',
});

describe('FundLogPage', () => {
  it('lists the ledger of the wallet and coin of the query, with translated reasons and signs', async () => {
    const net = stubNetwork({
      'POST /api/wallet/list': () => WALLETS,
      'POST /api/wallet/legal_log': () => ({
        list: [
          entry(3, 'deposit', '50.129'),
          entry(2, 'withdrawal_lock', '-11', 'locked'),
          entry(1, 'spot_buy', '1'),
        ],
        page: 1,
        limit: 20,
        total: 3,
      }),
    });
    renderPage(<FundLogPage />, { url: '/logs?currency=3&type=lever', path: '/logs' });
    const list = await screen.findByRole('list', { name: 'Fund log' });
    expect(net.to('POST /api/wallet/legal_log').map((c) => c.body)).toEqual([
      { page: 1, type: 'lever', currency: 3 },
    ]);
    const rows = within(list).getAllByTestId('fundlog-row');
    expect(rows[0]).toHaveTextContent('Deposit');
    expect(rows[0]).toHaveTextContent('+50.12');
    expect(rows[1]).toHaveTextContent('Withdrawal frozen');
    expect(rows[1]).toHaveTextContent('-11.00');
    expect(rows[1]).toHaveTextContent('Locked balance: 100.12');
    expect(rows[2]).toHaveTextContent('Spot buy');
    expect(screen.getByRole('tab', { name: 'Contract account' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('switches wallet type and loads more pages', async () => {
    const net = stubNetwork({
      'POST /api/wallet/list': () => WALLETS,
      'POST /api/wallet/legal_log': ({ page, type }) => ({
        list: [entry(Number(page) * 10, type === 'micro' ? 'seconds_stake' : 'transfer_in', '5')],
        page: Number(page),
        limit: 1,
        total: 2,
      }),
    });
    const user = userEvent.setup();
    renderPage(<FundLogPage />, { url: '/logs?currency=3&type=change', path: '/logs' });
    expect(await screen.findByText('Transfer in')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findAllByTestId('fundlog-row')).toHaveLength(2);
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Seconds contract account' }));
    expect(await screen.findByText('Seconds contract stake')).toBeInTheDocument();
    expect(net.to('POST /api/wallet/legal_log').map((c) => c.body)).toEqual([
      { page: 1, type: 'change', currency: 3 },
      { page: 2, type: 'change', currency: 3 },
      { page: 1, type: 'micro', currency: 3 },
    ]);
  });

  it('shows the empty state, and a translated error with retry', async () => {
    let tries = 0;
    stubNetwork({
      'POST /api/wallet/list': () => WALLETS,
      'POST /api/wallet/legal_log': () =>
        ++tries === 1
          ? apiFailure('wallet.currency_not_found', 'x')
          : { list: [], page: 1, limit: 20, total: 0 },
    });
    const user = userEvent.setup();
    renderPage(<FundLogPage />, { url: '/logs?currency=999&type=change', path: '/logs' });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Unknown currency');
    await user.click(await within(alert).findByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('No data')).toBeInTheDocument();
  });
});
