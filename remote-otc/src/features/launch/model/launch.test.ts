import { payAmount, validateSubscription } from './launch';

describe('launch figures', () => {
  it('pay amount = buymoney × amount to 8 decimals, truncated', () => {
    expect(payAmount('0.05', '100')).toBe('5.00000000');
    expect(payAmount('0.00000077', '123.45')).toBe('0.00009505');
    expect(payAmount('0.00001666', '1000.123')).toBe('0.01666204');
    expect(payAmount('0.05', '')).toBe('0.00000000');
    expect(payAmount('', '5')).toBe('0.00000000');
  });
  it('validates the quantity', () => {
    expect(validateSubscription('', '100', '100000')).toBe('amount');
    expect(validateSubscription('0', '100', '100000')).toBe('amount');
    expect(validateSubscription('-1')).toBe('amount');
    expect(validateSubscription('99.9', '100', '100000')).toBe('belowMin');
    expect(validateSubscription('100000.1', '100', '100000')).toBe('aboveMax');
    expect(validateSubscription('100', '100', '100000')).toBeNull();
    expect(validateSubscription('5')).toBeNull();
  });
});
