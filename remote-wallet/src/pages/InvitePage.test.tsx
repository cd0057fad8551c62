import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderPage, stubNetwork } from '@app/shared/testing';
import InvitePage from './InvitePage';
import { USER, resetAppState } from '../testing/fixtures';
import type { Invitee } from '../features/account/api/profileApi';

beforeEach(() => resetAppState());

describe('InvitePage', () => {
  it('shows the code and link with copy buttons and the invited users', async () => {
    stubNetwork({
      'GET /api/user/info': () => USER,
      'GET /api/user/extension': () => [{ account: 'b***@example.com', create_date: '2025-01-15' }],
    });
    const user = userEvent.setup();
    // userEvent.setup() installs the clipboard stub: spy on it afterwards.
    const writeText = jest.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);
    renderPage(<InvitePage />, { url: '/share' });
    expect(await screen.findByTestId('invite-code')).toHaveTextContent('ABC123');
    expect(screen.getByTestId('invite-link')).toHaveTextContent(
      `${window.location.origin}/register?code=ABC123`,
    );
    await user.click(screen.getByRole('button', { name: 'Copy invite link' }));
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/register?code=ABC123`);
    expect(await screen.findByRole('alert')).toHaveTextContent('Copied');
    const list = await screen.findByRole('list', { name: 'Invited friends' });
    expect(within(list).getByText('b***@example.com')).toBeInTheDocument();
  });

  it('shows the empty promotion list', async () => {
    stubNetwork({ 'GET /api/user/info': () => USER, 'GET /api/user/extension': (): Invitee[] => [] });
    renderPage(<InvitePage />, { url: '/share' });
    expect(await screen.findByText('No data')).toBeInTheDocument();
  });
});
