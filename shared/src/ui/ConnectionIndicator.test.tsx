import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { getDefaultStore } from 'jotai';
import { renderPage } from '../testing/render';
import { socketStatusAtom } from '../socket/socket';
import { PageShell } from './PageShell';

afterEach(() => getDefaultStore().set(socketStatusAtom, 'idle'));

function Page() {
  return (
    <PageShell backTo="/home">
      <p>last prices: 65,000.00</p>
    </PageShell>
  );
}

describe('ConnectionIndicator', () => {
  it('is a slim strip in the header flow while reconnecting; back and the page stay usable', async () => {
    const user = userEvent.setup();
    renderPage(<Page />, { url: '/x', otherRoutes: { '/home': <p>home page</p> } });
    const header = screen.getByRole('banner');
    expect(within(header).queryByText('Reconnecting…')).toBeNull();

    act(() => getDefaultStore().set(socketStatusAtom, 'reconnecting'));
    const status = within(header).getByRole('status');
    expect(status).toHaveTextContent('Reconnecting…');
    const strip = within(status).getByTestId('connection-indicator');
    // In the flow of the header (after its toolbar), not laid over the page.
    expect(getComputedStyle(strip).position).not.toBe('fixed');
    expect(getComputedStyle(strip).position).not.toBe('absolute');
    const back = within(header).getByRole('button', { name: 'Back' });
    expect(back.compareDocumentPosition(strip) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    // The page keeps its last data.
    expect(screen.getByText('last prices: 65,000.00')).toBeVisible();

    act(() => getDefaultStore().set(socketStatusAtom, 'connected'));
    expect(within(header).queryByText('Reconnecting…')).toBeNull();

    act(() => getDefaultStore().set(socketStatusAtom, 'reconnecting'));
    await user.click(back);
    expect(await screen.findByText('home page')).toBeInTheDocument();
  });
});
