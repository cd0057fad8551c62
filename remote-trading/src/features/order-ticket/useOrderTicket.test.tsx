// The order ticket through a minimal form: what the user sees (toasts, the dialog) and what is sent.
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { msg } from '@lingui/core/macro';
import { ConfirmDialog } from '@app/shared';
import { hold, renderPage } from '@app/shared/testing';
import { useOrderTicket, type TicketCheck } from './useOrderTicket';

const problem = msg({ id: 'lever.phand', message: 'Please enter the number of hands' });

function Ticket({
  check,
  place,
  onPlaced,
  blocked = false,
}: {
  check: () => TicketCheck<string>;
  place: (order: string) => Promise<unknown>;
  onPlaced: () => void;
  blocked?: boolean;
}) {
  const ticket = useOrderTicket({
    blocked,
    place,
    placed: () => ({ message: msg({ id: 'trade.submitted', message: 'Order submitted' }) }),
    onPlaced,
  });
  return (
    <>
      <button onClick={() => ticket.request(check)}>Submit</button>
      <ConfirmDialog {...ticket.dialog} title="Confirm order">
        {ticket.order}
      </ConfirmDialog>
    </>
  );
}

describe('useOrderTicket', () => {
  it('outside trading hours warns and checks nothing', async () => {
    const check = jest.fn(() => ({ order: '1 BTC' }));
    const place = jest.fn(async () => ({}));
    renderPage(<Ticket check={check} place={place} onPlaced={jest.fn()} blocked />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Non-trading time: orders cannot be placed now')).toBeInTheDocument();
    expect(check).not.toHaveBeenCalled();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('a broken rule is shown translated and opens no dialog; a field error says nothing more', async () => {
    const user = userEvent.setup();
    const check = jest
      .fn<TicketCheck<string>, []>()
      .mockReturnValueOnce({ problem })
      .mockReturnValueOnce(null);
    const place = jest.fn(async () => ({}));
    renderPage(<Ticket check={check} place={place} onPlaced={jest.fn()} />);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Please enter the number of hands')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(check).toHaveBeenCalledTimes(2);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(place).not.toHaveBeenCalled();
  });

  it('confirms the order it checked, places it once on a double tap, then notifies and refreshes', async () => {
    const answer = hold();
    const place = jest.fn(() => answer.promise);
    const onPlaced = jest.fn();
    const user = userEvent.setup();
    renderPage(<Ticket check={() => ({ order: '1 BTC' })} place={place} onPlaced={onPlaced} />);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm order' });
    expect(dialog).toHaveTextContent('1 BTC');
    const confirm = within(dialog).getByRole('button', { name: 'Confirm' });
    act(() => {
      confirm.click();
      confirm.click();
    });
    expect(place).toHaveBeenCalledTimes(1);
    expect(place).toHaveBeenCalledWith('1 BTC');
    await act(async () => answer.release({}));
    expect(await screen.findByText('Order submitted')).toBeInTheDocument();
    expect(onPlaced).toHaveBeenCalledTimes(1);
  });

  it('a failed call is shown translated and nothing is refreshed', async () => {
    const onPlaced = jest.fn();
    const user = userEvent.setup();
    renderPage(
      <Ticket
        check={() => ({ order: '1 BTC' })}
        place={() => Promise.reject(new TypeError('Failed to fetch'))}
        onPlaced={onPlaced}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm order' });
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Network error, please try again')).toBeInTheDocument();
    expect(onPlaced).not.toHaveBeenCalled();
  });
});
