import { formatChange, formatPrice, formatVolume } from './format';

describe('formatting', () => {
  it('keeps the decimals a price came with and groups thousands, never rounding', () => {
    expect(formatPrice('65000.10')).toBe('65,000.10');
    expect(formatPrice('0.09706')).toBe('0.09706');
    expect(formatPrice('1234.5678', 2)).toBe('1,234.56');
    expect(formatPrice(undefined)).toBe('--');
  });

  it('shows volume in compact units (K, M, B), truncated, so it never runs out of its box', () => {
    expect(formatVolume('2361.27328', 'en')).toBe('2.36K');
    expect(formatVolume('4712451.9', 'en')).toBe('4.71M');
    expect(formatVolume('72000000.5', 'en')).toBe('72M');
    expect(formatVolume('4712451.9', 'zh')).toBe('471.24万');
    expect(formatVolume(undefined, 'en')).toBe('--');
  });

  it('signs the change', () => {
    expect(formatChange('1.5')).toBe('+1.50%');
    expect(formatChange('-0.40')).toBe('-0.40%');
    expect(formatChange('0')).toBe('0.00%');
  });
});
