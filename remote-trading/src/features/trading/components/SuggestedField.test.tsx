// The stand-in field is swapped for the Autocomplete a frame after the first commit: a user who is
// already in the field keeps typing where they were, and the field keeps exactly what was typed.
import { useState } from 'react';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderPage } from '@app/shared/testing';
import { DecimalField } from '@app/shared/DecimalField';
import { SuggestedField } from './SuggestedField';

const OPTIONS = ['1', '5', '10', '50'];

function Hands() {
  const [hands, setHands] = useState('');
  return (
    <SuggestedField
      options={OPTIONS}
      suggest={(typed, all) => all.filter((o) => o.startsWith(typed))}
      value={hands}
      onChange={setHands}
      field={(params) => (
        <DecimalField
          {...params}
          size="small"
          label="Hands"
          value={hands}
          rules={{ decimals: 2 }}
          onChange={(text) => setHands(text)}
        />
      )}
    />
  );
}

describe('SuggestedField', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  /** The frame and the task after it: the Autocomplete takes the stand-in's place. */
  const swap = () => act(() => void jest.advanceTimersByTime(20));

  it('keeps focus, caret and text when the suggestions replace the stand-in', async () => {
    const user = userEvent.setup({ advanceTimers: (ms) => jest.advanceTimersByTime(ms) });
    renderPage(<Hands />);
    const standIn = screen.getByRole<HTMLInputElement>('textbox', { name: 'Hands' });
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
    await user.click(standIn);
    await user.keyboard('123{ArrowLeft}');
    expect(standIn).toHaveValue('123');
    expect(standIn).toHaveFocus();

    await swap();
    const field = screen.getByRole<HTMLInputElement>('combobox', { name: 'Hands' });
    expect(standIn).not.toBeInTheDocument();
    expect(field).toHaveFocus();
    expect(field).toHaveValue('123');
    expect([field.selectionStart, field.selectionEnd]).toEqual([2, 2]);

    await user.keyboard('.5');
    expect(field).toHaveValue('12.53');
  });

  it('keeps a selection across the swap: typing replaces what was selected', async () => {
    const user = userEvent.setup({ advanceTimers: (ms) => jest.advanceTimersByTime(ms) });
    renderPage(<Hands />);
    const standIn = screen.getByRole<HTMLInputElement>('textbox', { name: 'Hands' });
    await user.click(standIn);
    await user.keyboard('4567');
    // Drags over the last two digits.
    await user.pointer([
      { target: standIn, offset: 2, keys: '[MouseLeft>]' },
      { offset: 4 },
      { keys: '[/MouseLeft]' },
    ]);
    expect([standIn.selectionStart, standIn.selectionEnd]).toEqual([2, 4]);
    await swap();
    const field = screen.getByRole<HTMLInputElement>('combobox', { name: 'Hands' });
    expect(field).toHaveFocus();
    await user.keyboard('8');
    expect(field).toHaveValue('458');
  });

  it('leaves focus alone when the user was not in the field', async () => {
    const user = userEvent.setup({ advanceTimers: (ms) => jest.advanceTimersByTime(ms) });
    renderPage(
      <>
        <button type="button">Elsewhere</button>
        <Hands />
      </>,
    );
    await user.click(screen.getByRole('button', { name: 'Elsewhere' }));
    await swap();
    expect(screen.getByRole('combobox', { name: 'Hands' })).not.toHaveFocus();
    expect(screen.getByRole('button', { name: 'Elsewhere' })).toHaveFocus();
  });
});
