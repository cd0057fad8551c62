import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderPage } from '@app/shared/testing';
import { OrderTypeSelect } from './OrderTypeSelect';

describe('OrderTypeSelect', () => {
  it('shows the chosen type and reports the other one by its API code', async () => {
    const user = userEvent.setup();
    const onChange = jest.fn();
    renderPage(<OrderTypeSelect value={1} market={1} limit={0} onChange={onChange} />);
    const select = screen.getByRole('combobox', { name: 'Order type' });
    expect(select).toHaveTextContent('Market');
    await user.click(select);
    await user.click(await screen.findByRole('option', { name: 'Limit' }));
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(onChange).toHaveBeenCalledWith(0);
  });
});
