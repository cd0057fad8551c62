import { act, screen, within } from '@testing-library/react';
import { getDefaultStore } from 'jotai';
import Dialog from '@mui/material/Dialog';
import DialogTitle from '@mui/material/DialogTitle';
import { renderPage } from '../testing/render';
import { notify, toastQueueAtom } from './toast';

afterEach(() => getDefaultStore().set(toastQueueAtom, []));

describe('ToastHost', () => {
  it('a toast raised while a full-screen dialog is open is announced (not under aria-hidden)', async () => {
    renderPage(
      <Dialog open fullScreen aria-labelledby="t">
        <DialogTitle id="t">Withdraw</DialogTitle>
      </Dialog>,
    );
    expect(screen.getByRole('dialog', { name: 'Withdraw' })).toBeInTheDocument();
    act(() => notify('Address saved', 'success'));
    // Queries by role skip aria-hidden subtrees, as screen readers do.
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Address saved');
    expect(alert.closest('[aria-hidden="true"]')).toBeNull();
  });

  it('a toast without a dialog is announced too', async () => {
    renderPage(<p>page</p>);
    act(() => notify('Copied'));
    expect(within(await screen.findByRole('alert')).getByText('Copied')).toBeInTheDocument();
  });
});
