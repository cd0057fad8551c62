import { amountValue, checkAmount, normalizeAmountText, type AmountRules } from './amountInput';

const coin: AmountRules = { decimals: 5 };
const hands: AmountRules = { decimals: 0 };

const problem = (text: string, rules: AmountRules) => {
  const c = checkAmount(text, rules);
  return c.ok ? null : c.problem;
};

describe('checkAmount', () => {
  it('accepts plain amounts and returns their decimal string', () => {
    expect(checkAmount('1.5', coin)).toEqual({ ok: true, value: '1.5' });
    expect(checkAmount('0.00001', coin)).toEqual({ ok: true, value: '0.00001' });
    expect(checkAmount('12', hands)).toEqual({ ok: true, value: '12' });
    expect(checkAmount('1.', coin)).toEqual({ ok: true, value: '1' });
    expect(checkAmount('.5', coin)).toEqual({ ok: true, value: '0.5' });
    expect(checkAmount('007.10', coin)).toEqual({ ok: true, value: '7.1' });
  });

  it('refuses a fraction of a hand instead of reading 1.5 as 15', () => {
    expect(problem('1.5', hands)).toBe('whole');
    expect(problem('1.', hands)).toBe('whole');
    expect(amountValue('1.5', hands)).toBeNull();
  });

  it('refuses exponents (0.5e-3, 1e30) instead of dropping the e', () => {
    expect(problem('0.5e-3', coin)).toBe('exponent');
    expect(problem('1e30', coin)).toBe('exponent');
    expect(problem('1E5', coin)).toBe('exponent');
  });

  it('refuses a sign instead of dropping it', () => {
    expect(problem('-1', coin)).toBe('sign');
    expect(problem('+1', coin)).toBe('sign');
  });

  it('refuses more decimals than the precision instead of cutting them', () => {
    const c = checkAmount('0.123456', coin);
    expect(c).toEqual({ ok: false, problem: 'decimals', empty: false, limit: '5' });
  });

  it('refuses letters, two points, spaces and a lone point', () => {
    for (const text of ['abc', '1.2.3', '1 000', '.', '12a', '1,000.5']) {
      expect(problem(text, coin)).toBe('notNumber');
    }
  });

  it('refuses too many digits, empty when required, zero when positive, beyond min and max', () => {
    expect(problem('1000000000000000000000000000000', coin)).toBe('tooLong');
    expect(problem('1234567', { decimals: 2, maxIntegerDigits: 6 })).toBe('tooLong');
    expect(problem('', coin)).toBe('empty');
    expect(checkAmount('', { ...coin, required: false })).toEqual({ ok: true, value: '' });
    expect(problem('0', coin)).toBe('zero');
    expect(problem('0.000', coin)).toBe('zero');
    expect(checkAmount('0', { ...coin, positive: false })).toEqual({ ok: true, value: '0' });
    expect(problem('9', { ...coin, min: '10' })).toBe('belowMin');
    expect(problem('10.00001', { ...coin, max: '10' })).toBe('aboveMax');
    expect(checkAmount('10', { ...coin, max: '10', min: '10' })).toEqual({ ok: true, value: '10' });
  });
});

describe('normalizeAmountText', () => {
  it('turns a decimal comma into a point and changes nothing else', () => {
    expect(normalizeAmountText('1,5')).toBe('1.5');
    expect(checkAmount(normalizeAmountText('1,5'), coin)).toEqual({ ok: true, value: '1.5' });
    expect(normalizeAmountText('1,000.5')).toBe('1,000.5');
    expect(normalizeAmountText('1,2,3')).toBe('1,2,3');
    expect(normalizeAmountText('0.5e-3')).toBe('0.5e-3');
    expect(normalizeAmountText('-1')).toBe('-1');
  });
});
