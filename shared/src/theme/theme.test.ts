import { createElement } from 'react';
import { render } from '@testing-library/react';
import CssBaseline from '@mui/material/CssBaseline';
import TextField from '@mui/material/TextField';
import { ThemeProvider } from '@mui/material/styles';
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

describe('auto-fill keyframes', () => {
  it('are put in once by the baseline, not by each input, and the inputs still run them', () => {
    // Emotion puts its rules in with insertRule (jsdom's CSSOM drops the animation properties).
    const inserted: string[] = [];
    const insertRule = CSSStyleSheet.prototype.insertRule;
    jest.spyOn(CSSStyleSheet.prototype, 'insertRule').mockImplementation(function (
      this: CSSStyleSheet,
      rule: string,
      index?: number,
    ) {
      inserted.push(rule);
      return insertRule.call(this, rule, index);
    });
    render(
      createElement(
        ThemeProvider,
        { theme: appTheme('teal_night') },
        createElement(CssBaseline),
        createElement(TextField, { label: 'a' }),
        createElement(TextField, { label: 'b', size: 'small' }),
        createElement(TextField, { label: 'c', select: true, value: '' }),
      ),
    );
    // Each once, and its -webkit- copy (stylis's prefixer) once.
    const keyframes = inserted.filter((r) => /^@(-webkit-)?keyframes mui-auto-fill/.test(r));
    expect(keyframes.map((r) => r.slice(0, r.indexOf('{'))).sort()).toEqual([
      '@-webkit-keyframes mui-auto-fill',
      '@-webkit-keyframes mui-auto-fill-cancel',
      '@keyframes mui-auto-fill',
      '@keyframes mui-auto-fill-cancel',
    ]);
    // Every input's class: the cancel animation, and the fill one while the browser fills it.
    const inputs = document.querySelectorAll('.MuiInputBase-input');
    expect(inputs).toHaveLength(3);
    for (const input of inputs) {
      const own = [...input.classList].filter((c) => c.startsWith('css-'));
      const rulesOf = (suffix: string) =>
        inserted.filter((r) => own.some((c) => r.startsWith(`.${c}${suffix}{`)));
      expect(rulesOf('').join('')).toContain('animation-name:mui-auto-fill-cancel;');
      expect(rulesOf(':-webkit-autofill').join('')).toContain('animation-name:mui-auto-fill;');
    }
  });
});
