// Stops at the instrument's price precision, saved at the network edge (fetch).
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockFetch, renderPage } from '@app/shared/testing';
import { StopDialog } from './StopDialog';
import { leverOrder } from '../../../testing/fixtures';

// A 4-decimal instrument (its tape price carries 4 decimals).
const ROW = leverOrder({
  id: 21,
  type: 1,
  status: 1,
  symbol: 'EUR/USD',
  multiple: 100,
  share: 1,
  origin_price: '1.0800',
  price: '1.0800',
  update_price: '1.0812',
  origin_caution_money: '10.80',
  trade_fee: '0.10',
  target_profit_price: null,
  stop_loss_price: null,
});

beforeEach(() => jest.restoreAllMocks());

describe('StopDialog', () => {
  it("keeps the instrument's 4 decimals and refuses a fifth", async () => {
    const net = mockFetch({ 'POST /api/lever/islocked': () => 0, 'POST /api/lever/setstop': () => ROW });
    try {
      const user = userEvent.setup();
      renderPage(
        <StopDialog row={ROW} currentPrice="1.0812" onClose={() => undefined} onSaved={() => undefined} />,
      );
      const profit = await screen.findByRole('textbox', { name: 'Take-profit price' });
      const loss = screen.getByRole('textbox', { name: 'Stop-loss price' });
      expect(profit).toHaveValue('1.0812');
      expect(loss).toHaveValue('1.0812');
      await user.clear(profit);
      await user.type(profit, '1.09125');
      expect(profit).toHaveValue('1.09125');
      expect(profit).toHaveAccessibleDescription('At most 4 decimal places');
      expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
      await user.type(profit, '{Backspace}');
      await user.clear(loss);
      await user.type(loss, '1.0701');
      await user.click(screen.getByRole('button', { name: 'Save' }));
      expect(await screen.findByText('Take-profit and stop-loss saved')).toBeInTheDocument();
      expect(net.to('POST /api/lever/setstop')).toHaveLength(1);
      expect(net.to('POST /api/lever/setstop')[0]?.body).toEqual({
        id: 21,
        target_profit_price: '1.0912',
        stop_loss_price: '1.0701',
      });
    } finally {
      net.restore();
    }
  });
});
