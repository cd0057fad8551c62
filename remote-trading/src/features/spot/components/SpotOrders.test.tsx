// Revoking a pending spot order, answered at the network edge (fetch).
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { hold, mockFetch, renderPage, type FetchAnswer } from '@app/shared/testing';
import type { SpotOrderRow } from '../api/spotApi';
import { spotOrder } from '../../../testing/fixtures';
import { SpotOrders } from './SpotOrders';

const PENDING: SpotOrderRow = spotOrder({ id: 5, price: '64000.00', number: '0.25', direction: 'sell' });

beforeEach(() => jest.restoreAllMocks());

describe('SpotOrders at the network edge', () => {
  it('a double tap on the revoke confirmation revokes the order once', async () => {
    const answer = hold<FetchAnswer<'POST /api/transaction_del'>>();
    const net = mockFetch({ 'POST /api/transaction_del': () => answer.promise });
    const onChanged = jest.fn();
    try {
      const user = userEvent.setup();
      renderPage(
        <SpotOrders
          pending={{ status: 'ready', data: [PENDING] }}
          completed={{ status: 'ready', data: [] }}
          onChanged={onChanged}
        />,
      );
      await user.click(screen.getByRole('button', { name: 'Revoke order 5' }));
      const dialog = await screen.findByRole('dialog', { name: 'Revoke this order?' });
      expect(dialog).toHaveTextContent('Sell 0.25 @ 64000.00');
      const confirm = within(dialog).getByRole('button', { name: 'Confirm' });
      // Two taps in the same frame, before a re-render could disable the button.
      act(() => {
        confirm.click();
        confirm.click();
      });
      expect(confirm).toBeDisabled();
      // The request leaves once (ky sends it after its hooks, a tick later).
      await waitFor(() => expect(net.to('POST /api/transaction_del')).toHaveLength(1));
      expect(net.to('POST /api/transaction_del')[0]?.body).toEqual({ id: 5, type: 'out' });
      await act(async () => answer.release('revoked'));
      expect(await screen.findByText('Order revoked')).toBeInTheDocument();
      expect(onChanged).toHaveBeenCalledTimes(1);
      expect(net.to('POST /api/transaction_del')).toHaveLength(1);
    } finally {
      net.restore();
    }
  });
});
