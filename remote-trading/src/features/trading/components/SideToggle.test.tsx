import { fireEvent, render, screen } from '@testing-library/react';
import { SideToggle } from './SideToggle';

describe('SideToggle', () => {
  it('shows both sides, the chosen one pressed, and reports a change once', () => {
    const onChange = jest.fn();
    render(
      <SideToggle
        label="Direction"
        value={1}
        up={{ value: 1, label: 'Long' }}
        down={{ value: 2, label: 'Short' }}
        onChange={onChange}
      />,
    );
    expect(screen.getByRole('group', { name: 'Direction' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Long' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Short' })).toHaveAttribute('aria-pressed', 'false');
    fireEvent.click(screen.getByRole('button', { name: 'Short' }));
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(onChange).toHaveBeenCalledWith(2);
    // Pressing the selected side again does not unselect it.
    fireEvent.click(screen.getByRole('button', { name: 'Long' }));
    expect(onChange).toHaveBeenCalledTimes(1);
  });
});
