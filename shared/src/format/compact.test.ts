import { formatCompact } from './compact';
import { formatCompact as formatCompactIntl } from './format';

// The examples hold for both: the table here and the Intl formatter of the start-up module.
describe.each([
  ['the table', formatCompact],
  ['Intl', formatCompactIntl],
])('formatCompact (%s)', (_, formatCompact) => {
  it('uses K, M and B in English, truncated', () => {
    expect(formatCompact('999', 'en')).toBe('999');
    expect(formatCompact('71933', 'en')).toBe('71.93K');
    expect(formatCompact('4712451.999', 'en')).toBe('4.71M');
    expect(formatCompact('999999.99', 'en')).toBe('999.99K');
    expect(formatCompact('4712451999.9', 'en')).toBe('4.71B');
  });
  it('uses the reader’s units in Chinese (万, 亿)', () => {
    expect(formatCompact('4712451.999', 'zh')).toBe('471.24万');
    expect(formatCompact('4712451999.9', 'zh')).toBe('47.12亿');
  });
  it('shows -- for junk', () => {
    expect(formatCompact('', 'en')).toBe('--');
    expect(formatCompact('-0', 'en')).toBe('0');
    expect(formatCompact('71933', 'xx')).toBe('71.93K');
  });
  it('writes the German and Spanish units after a space, with a decimal comma', () => {
    expect(formatCompact('4712451.999', 'de')).toBe('4,71\u00a0Mio.');
    expect(formatCompact('71933', 'de')).toBe('71.933');
    expect(formatCompact('4712451999.9', 'es')).toBe('4712,45\u00a0M');
  });
});

describe('formatCompact', () => {
  // The same text as the Intl formatter it stands in for (`formatCompact` of the start-up
  // module: Intl's compact notation), in every locale and for an unknown one.
  const values = ['0', '-0', '0.001', '-0.001', '0.5', '7', '12.345', '999.999', '-999.999', '', 'x'];
  for (let e = 0; e <= 22; e += 1)
    for (const lead of ['1', '2', '9', '99', '1234', '99999', '1000', '10009']) {
      const digits = `${lead}${'7'.repeat(e)}`;
      values.push(digits, `${digits}.987`, `-${digits}`, `1${'0'.repeat(e)}`, `${'9'.repeat(e + 1)}.999`);
    }
  // Pseudo-random decimals of every length, some negative.
  let seed = 7;
  for (let i = 0; i < 300; i += 1) {
    seed = (seed * 48271) % 2147483647;
    const int = String(seed).slice(0, 1 + (seed % 10)) + '3'.repeat(seed % 7);
    values.push(`${seed % 3 === 0 ? '-' : ''}${int}.${String(seed).slice(-4)}`);
  }
  it.each(['en', 'zh', 'hk', 'jp', 'kr', 'de', 'es', 'xx'])(
    'is the Intl formatter’s text in %s',
    (locale) => {
      for (const v of values)
        expect([v, formatCompact(v, locale)]).toEqual([v, formatCompactIntl(v, locale)]);
    },
  );
});
