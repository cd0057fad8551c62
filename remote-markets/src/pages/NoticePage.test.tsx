import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { networkDown, renderPage } from '@app/shared/testing';
import NoticePage from './NoticePage';
import { NOTICES, resetMarketsState, stubMarketCalls } from '../testing/fixtures';

declare global {
  interface Window {
    __xss?: number;
  }
}

beforeEach(() => {
  resetMarketsState();
  delete window.__xss;
});

describe('NoticePage', () => {
  it('lists announcements (category 4) and opens one full screen, sanitized', async () => {
    const net = stubMarketCalls();
    const user = userEvent.setup();
    renderPage(<NoticePage />, { url: '/notice', title: 'Announcements' });
    const items = await screen.findByRole('list', { name: 'Announcements' });
    expect(net.to('POST /api/news/list').map((c) => c.body)).toEqual([{ c_id: 4, lang: 'en', limit: 100 }]);
    expect(
      within(items)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual([expect.stringContaining('Security reminder'), expect.stringContaining('New trading pairs')]);

    await user.click(within(items).getByRole('button', { name: /Security reminder/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Announcement' });
    expect(await within(dialog).findByText('Never share codes.')).toBeInTheDocument();
    // The list's copy is shown: no second request.
    expect(net.to('POST /api/news/detail')).toHaveLength(0);
    expect(dialog.querySelector('script')).toBeNull();
    expect(dialog.querySelector('[onerror]')).toBeNull();
    expect(within(dialog).getByText('report')).not.toHaveAttribute('href');
    await waitFor(() => expect(window.__xss).toBeUndefined());

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('shows an empty state and an error with retry', async () => {
    let tries = 0;
    stubMarketCalls({ 'POST /api/news/list': () => (++tries === 1 ? networkDown() : { list: [] }) });
    const user = userEvent.setup();
    renderPage(<NoticePage />, { url: '/notice' });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Network error, please try again');
    await user.click(await within(alert).findByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('No data')).toBeInTheDocument();
  });

  it('keeps the notices of the fixtures hostile (the test above means something)', () => {
    expect(NOTICES[0]?.content).toContain('onerror');
  });
});
