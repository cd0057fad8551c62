import { figureEms, fitFigureSize } from './fitFigure';

describe('fitFigureSize', () => {
  it('estimates a long price at least as wide as the bold font draws it (117 px at 17 px)', () => {
    // Measured in Chromium at 360 px: "98,765,432.10" needs 117 px at 17 px bold, 193 px at 28 px.
    expect(figureEms('98,765,432.10') * 17).toBeGreaterThanOrEqual(117);
    expect(figureEms('98,765,432.10') * 28).toBeGreaterThanOrEqual(193);
  });

  it('counts CJK characters a full em and Latin letters wider than digits', () => {
    expect(figureEms('量 2488.65')).toBeCloseTo(1 + 0.3 + 6 * 0.6 + 0.3, 5);
    expect(figureEms('Vol')).toBeCloseTo(3 * 0.62, 5);
  });

  it('caps the size and divides the room by the estimate', () => {
    expect(fitFigureSize('98,765,432.10', 17)).toBe('min(17px, calc((100cqi) / 6.9))');
    expect(fitFigureSize('2,586.01', 28, '100cqi - 8px')).toBe('min(28px, calc((100cqi - 8px) / 4.2))');
  });

  it('never divides by less than one em (an empty or one-digit figure keeps the cap)', () => {
    expect(fitFigureSize('', 15)).toBe('min(15px, calc((100cqi) / 1))');
  });
});
