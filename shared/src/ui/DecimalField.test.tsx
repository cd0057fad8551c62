import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nProvider } from '@lingui/react';
import { i18n } from '../i18n/i18n';
import { DecimalField } from './DecimalField';
import type { AmountRules } from '../decimal/amountInput';

i18n.load('en', {});
i18n.activate('en');

function Harness({ rules, onValue }: { rules: AmountRules; onValue: (v: string | null) => void }) {
  const [text, setText] = useState('');
  return (
    <I18nProvider i18n={i18n}>
      <DecimalField
        label="Quantity"
        value={text}
        rules={rules}
        onChange={(t, v) => {
          setText(t);
          onValue(v);
        }}
      />
    </I18nProvider>
  );
}

async function typeInto(text: string, rules: AmountRules) {
  const values: Array<string | null> = [];
  render(<Harness rules={rules} onValue={(v) => values.push(v)} />);
  const box = screen.getByRole('textbox', { name: 'Quantity' });
  await userEvent.type(box, text);
  return { box, last: values.at(-1) };
}

describe('DecimalField', () => {
  it('keeps 1.5 hands as typed, says it must be whole and hands the form nothing', async () => {
    const { box, last } = await typeInto('1.5', { decimals: 0 });
    expect(box).toHaveValue('1.5');
    expect(box).toHaveAttribute('inputmode', 'numeric');
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Enter a whole number')).toBeInTheDocument();
    expect(last).toBeNull();
  });

  it('keeps 0.5e-3 and 1e30 and explains the number is invalid', async () => {
    const { box, last } = await typeInto('0.5e-3', { decimals: 8 });
    expect(box).toHaveValue('0.5e-3');
    expect(box).toHaveAttribute('inputmode', 'decimal');
    expect(screen.getByText(/Invalid number/)).toBeInTheDocument();
    expect(last).toBeNull();
  });

  it('keeps -1 and too many decimals visible with their errors', async () => {
    const { box } = await typeInto('-1', { decimals: 5 });
    expect(box).toHaveValue('-1');
    expect(screen.getByText('Enter the amount without a sign')).toBeInTheDocument();
    await userEvent.clear(box);
    await userEvent.type(box, '0.123456');
    expect(box).toHaveValue('0.123456');
    expect(screen.getByText('At most 5 decimal places')).toBeInTheDocument();
  });

  it('turns a decimal comma into a point and hands the form the decimal string', async () => {
    const { box, last } = await typeInto('1,5', { decimals: 5 });
    expect(box).toHaveValue('1.5');
    expect(box).toHaveAttribute('aria-invalid', 'false');
    expect(last).toBe('1.5');
  });
});
