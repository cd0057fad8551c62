// Figures (prices, amounts, volumes) are never cut with an ellipsis: "98,765,…" reads as another
// number. Where a row has no room for a long one, its font shrinks to the room instead.

/**
 * The width of `text` in em, estimated high for the app's sans-serif in tabular numerals (bold
 * digits measure 0.58 em, separators 0.27): digits 0.6, separators and spaces 0.3, other Latin
 * 0.62, CJK and Hangul 1.
 */
export function figureEms(text: string): number {
  let ems = 0;
  for (const ch of text) {
    if (ch >= '0' && ch <= '9') ems += 0.6;
    else if (ch === ',' || ch === '.' || ch === ' ' || ch === '\u00a0') ems += 0.3;
    else ems += (ch.codePointAt(0) ?? 0) >= 0x2e80 ? 1 : 0.62;
  }
  return ems;
}

/**
 * A CSS font size at which `text` fits `room` (a CSS length, by default the width of the nearest
 * box with `container-type: inline-size`), never above `maxPx`: `min(17px, calc((100cqi) / 6.9))`.
 */
export function fitFigureSize(text: string, maxPx: number, room = '100cqi'): string {
  const ems = Math.max(figureEms(text), 1);
  return `min(${maxPx}px, calc((${room}) / ${Math.round(ems * 100) / 100}))`;
}
