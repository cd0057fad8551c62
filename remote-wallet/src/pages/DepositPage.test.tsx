import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderPage, stubNetwork } from '@app/shared/testing';
import DepositPage from './DepositPage';
import { WALLETS, resetAppState } from '../testing/fixtures';

beforeEach(() => resetAppState());

describe('DepositPage', () => {
  it('shows the demo address of the picked coin and copies it', async () => {
    const net = stubNetwork({
      'POST /api/wallet/list': () => WALLETS,
      'GET /api/wallet/deposit_address': (_, { query: { currency_id: id } }) => ({
        currency_id: Number(id),
        currency_name: id === '1' ? 'BTC' : 'USDT',
        address: `DEMO-${id}-abc`,
        demo: true,
      }),
    });
    const user = userEvent.setup();
    const writeText = jest.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);
    renderPage(<DepositPage />, { url: '/recharge' });
    expect(await screen.findByTestId('deposit-address')).toHaveTextContent('DEMO-3-abc');
    expect(screen.getByText(/Demo address/)).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'QR code of the deposit address' })).toBeInTheDocument();
    expect(screen.getByText(/1 network confirmation .* 6 confirmations/)).toBeInTheDocument();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Coin' }), 'BTC');
    expect(await screen.findByText('DEMO-1-abc')).toBeInTheDocument();
    expect(net.to('GET /api/wallet/deposit_address').map((c) => c.query.currency_id)).toEqual(['3', '1']);
    await user.click(screen.getByRole('button', { name: 'Copy address' }));
    expect(writeText).toHaveBeenCalledWith('DEMO-1-abc');
    expect(await screen.findByRole('alert')).toHaveTextContent('Copied');
  });

  it('shows a failure toast when copying fails', async () => {
    stubNetwork({
      'POST /api/wallet/list': () => WALLETS,
      'GET /api/wallet/deposit_address': () => ({
        currency_id: 3,
        currency_name: 'USDT',
        address: 'DEMO-3-abc',
        demo: true,
      }),
    });
    const user = userEvent.setup();
    jest.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('denied'));
    renderPage(<DepositPage />, { url: '/recharge' });
    await screen.findByTestId('deposit-address');
    await user.click(screen.getByRole('button', { name: 'Copy address' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Copy failed');
  });
});
