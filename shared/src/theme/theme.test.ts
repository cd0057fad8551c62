import { THEME_MODES, appTheme } from './theme';

// WCAG 2.2 relative luminance and contrast ratio of two #rrggbb colours.
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const v = parseInt(hex.slice(i, i + 2), 16) / 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}
function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

describe.each(THEME_MODES)('theme %s meets WCAG AA contrast (4.5:1 for text)', (mode) => {
  const { palette } = appTheme(mode);
  const backgrounds = [palette.background.default, palette.background.paper];
  const intents = ['primary', 'secondary', 'success', 'error', 'warning', 'info'] as const;

  it.each(intents)('%s: its contrast text on it (buttons, "+%" pills)', (intent) => {
    expect(contrast(palette[intent].contrastText, palette[intent].main)).toBeGreaterThanOrEqual(4.5);
  });
  it.each(intents)('%s: as text on the page and paper backgrounds', (intent) => {
    for (const bg of backgrounds) expect(contrast(palette[intent].main, bg)).toBeGreaterThanOrEqual(4.5);
  });
  it('primary and secondary text on both backgrounds', () => {
    for (const bg of backgrounds) {
      expect(contrast(palette.text.primary, bg)).toBeGreaterThanOrEqual(4.5);
      expect(contrast(palette.text.secondary, bg)).toBeGreaterThanOrEqual(4.5);
    }
  });
});
