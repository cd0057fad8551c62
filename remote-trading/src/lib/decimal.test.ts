import { dec, show } from './decimal';

describe('show (truncate, never round)', () => {
  it('truncates plain text exactly, pads, and drops the sign of a zero', () => {
    expect(show('65000.129', 2)).toBe('65000.12');
    expect(show('65000', 2)).toBe('65000.00');
    expect(show('-1.999', 2)).toBe('-1.99');
    expect(show('-0.001', 2)).toBe('0.00');
    expect(show('0.1234569', 6)).toBe('0.123456');
    expect(show('12.9', 0)).toBe('12');
    expect(show('1e-7', 8)).toBe('0.00000010');
    expect(show(dec('2.5').div(3), 4)).toBe('0.8333');
    expect(show('', 2)).toBe('--');
    expect(show(null, 2)).toBe('--');
  });
});
