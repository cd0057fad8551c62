import { klineBackTarget } from './backTarget';

const back = (query: string) => klineBackTarget(new URLSearchParams(query));

describe('back from the chart (doc 1 §2)', () => {
  it('goes to /{from}, adding ?mode for trade', () => {
    expect(back('from=exchange')).toBe('/exchange');
    expect(back('from=trade&mode=2')).toBe('/trade?mode=2');
    expect(back('from=trade')).toBe('/trade');
    expect(back('from=quotes&hqtab=1')).toBe('/quotes');
  });

  it('goes home by default and never leaves the app', () => {
    expect(back('')).toBe('/');
    expect(back('from=//evil.example')).toBe('/');
    expect(back('from=https://evil.example')).toBe('/');
    expect(back('from=trade&mode=1%26x')).toBe('/trade');
  });
});
