import { cancelFee, cancelRefund, expectedIncome, formatAmount } from './lockup';

describe('lock-up figures', () => {
  it('expected income = interest rate (lixi) × min / 100, exact', () => {
    expect(expectedIncome('1.5', '100')).toBe('1.5');
    expect(expectedIncome('4', '1000')).toBe('40');
    expect(expectedIncome('2', '0.01')).toBe('0.0002');
    expect(expectedIncome('0.1', '0.3')).toBe('0.0003');
  });
  it('cancel fee = buy_num × cancel fee rate (zhiya_qxsxf) / 100 and the refund is the rest', () => {
    expect(cancelFee('100', '5')).toBe('5');
    expect(cancelRefund('100', '5')).toBe('95');
    expect(cancelFee('0.5', '5')).toBe('0.025');
    expect(cancelFee('0.00000003', '5')).toBe('0');
    expect(cancelRefund('0.00000003', '5')).toBe('0.00000003');
  });
  it('truncates to 8 decimals', () => {
    expect(formatAmount('1.123456789')).toBe('1.12345678');
    expect(formatAmount('abc')).toBe('0');
  });
});
