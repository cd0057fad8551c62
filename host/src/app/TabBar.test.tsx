import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderPage } from '@app/shared/testing';
import { TabBar } from './TabBar';

describe('TabBar', () => {
  it('is the main navigation: one button per tab, the current one marked, 44 px or more high', () => {
    renderPage(<TabBar active="quotes" />, { url: '/quotes' });
    const nav = screen.getByRole('navigation', { name: 'Main' });
    const buttons = within(nav).getAllByRole('button');
    expect(buttons.map((b) => b.textContent)).toEqual(['Home', 'Markets', 'Trade', 'Mining', 'Mine']);
    expect(within(nav).getByRole('button', { name: 'Markets' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('button', { name: 'Home' })).not.toHaveAttribute('aria-current');
    // The bar (and so each tab, which fills its height) is 60 px high.
    expect(getComputedStyle(buttons[0]!.parentElement!).height).toBe('60px');
  });

  it('opens a tab’s page, and does nothing on the current one', async () => {
    const user = userEvent.setup();
    renderPage(<TabBar active="home" />, {
      url: '/',
      otherRoutes: { '/zhiya': <p>mining page</p> },
    });
    await user.click(screen.getByRole('button', { name: 'Home' }));
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Mining' }));
    expect(await screen.findByText('mining page')).toBeInTheDocument();
  });
});
