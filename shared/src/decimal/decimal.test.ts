import BigNumber from 'bignumber.js';
import {
  addDecimals,
  compareDecimals,
  decimalPlacesOf,
  formatAssetTotal,
  formatBalance,
  formatChangePercent,
  formatTotal,
  formatUserDisplayId,
  formatVolumeK,
  isFiniteDecimal,
  isPositiveDecimal,
  mulDivTruncated,
  plainDecimal,
  subtractDecimals,
  truncate,
} from './decimal';
import { sumDecimals } from './bignumber';

describe('truncate', () => {
  it('cuts toward zero instead of rounding', () => {
    expect(truncate('1.239', 2)).toBe('1.23');
    expect(truncate('1.999999999', 6)).toBe('1.999999');
    expect(truncate('-1.239', 2)).toBe('-1.23');
  });
  it('pads to the requested places and keeps big values exact', () => {
    expect(truncate('5', 4)).toBe('5.0000');
    expect(truncate('123456789012345678.987654321', 6)).toBe('123456789012345678.987654');
  });
  it('avoids the float trap 0.1 + 0.2', () => {
    expect(sumDecimals(['0.1', '0.2']).toString()).toBe('0.3');
  });
  it('shows zero for invalid input and never -0', () => {
    expect(truncate('abc', 2)).toBe('0.00');
    expect(truncate('-0.001', 2)).toBe('0.00');
  });
});

describe('display rules of the spec', () => {
  it('uses 2 decimals for USDT balances and 6 for coins', () => {
    expect(formatBalance('1234.5678', 'USDT')).toBe('1234.56');
    expect(formatBalance('0.123456789', 'BTC')).toBe('0.123456');
  });
  it('uses 2 decimals for totals and 4 for asset totals', () => {
    expect(formatTotal('99.999')).toBe('99.99');
    expect(formatAssetTotal('10.123456')).toBe('10.1234');
  });
  it('shows volume in thousands', () => {
    expect(formatVolumeK('123456.789')).toBe('123.45K');
  });
  it('signs change percent', () => {
    expect(formatChangePercent('1.239')).toBe('+1.23%');
    expect(formatChangePercent('-0.5')).toBe('-0.50%');
    expect(formatChangePercent('0')).toBe('0.00%');
  });
  it('builds the display id from the user id', () => {
    expect(formatUserDisplayId(42)).toBe('10000042');
    expect(formatUserDisplayId('1234567')).toBe('11234567');
  });
  it('checks positive amounts with an exclusive minimum', () => {
    expect(isPositiveDecimal('0.00000001', '1e-8')).toBe(false);
    expect(isPositiveDecimal('0.00000002', '1e-8')).toBe(true);
    expect(isPositiveDecimal('', '0')).toBe(false);
  });
});

describe('exact decimal work without bignumber.js', () => {
  it('compares decimals of any scale, signs and notations', () => {
    expect(compareDecimals('65000.10', '65000.1')).toBe(0);
    expect(compareDecimals('0.00000001', '1e-8')).toBe(0);
    expect(compareDecimals('-1.5', '-1.49')).toBe(-1);
    expect(compareDecimals('123456789012345678.000000001', '123456789012345678')).toBe(1);
    expect(compareDecimals(' +2 ', 2)).toBe(0);
    expect(compareDecimals('abc', '1')).toBeNull();
    expect(compareDecimals('1', Number.NaN)).toBeNull();
  });
  it('reads numbers and BigNumbers by their exact value', () => {
    expect(plainDecimal(1e21)).toBe('1000000000000000000000');
    expect(plainDecimal(1e-7)).toBe('0.0000001');
    expect(plainDecimal(new BigNumber('0.1').plus('0.2'))).toBe('0.3');
    expect(plainDecimal('-0.000')).toBe('0');
    expect(decimalPlacesOf('1.50')).toBe(1);
    expect(isFiniteDecimal('.5')).toBe(true);
    expect(isFiniteDecimal('.')).toBe(false);
    expect(isFiniteDecimal('Infinity')).toBe(false);
  });
  it('adds and subtracts exactly', () => {
    expect(addDecimals('0.1', '0.2')).toBe('0.3');
    expect(subtractDecimals('65100', '65000.001')).toBe('99.999');
    expect(subtractDecimals('1', '')).toBeNull();
  });
  it('multiplies and divides, truncating toward zero', () => {
    expect(mulDivTruncated('100', '100', '65000', 2)).toBe('0.15');
    expect(mulDivTruncated('-100', '100', '65000', 2)).toBe('-0.15');
    expect(mulDivTruncated('-0.001', '1', '1', 2)).toBe('0.00');
    expect(mulDivTruncated('2', '1', '3', 20)).toBe('0.66666666666666666666');
    expect(mulDivTruncated('1', '1', '0', 2)).toBeNull();
  });
  it('truncates what a form computed with bignumber.js', () => {
    expect(truncate(new BigNumber('1').div(3), 4)).toBe('0.3333');
    expect(truncate(1.999, 2)).toBe('1.99');
  });
});
