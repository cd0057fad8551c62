import { findInstrument } from './instruments';

function escapeXml(value: string): string {
  return value.replace(/[<>&"']/g, (ch) =>
    ch === '<' ? '&lt;' : ch === '>' ? '&gt;' : ch === '&' ? '&amp;' : ch === '"' ? '&quot;' : '&apos;',
  );
}

/**
 * A small round logo (64x64 SVG) for an instrument: its colour, a light ring and its code
 * (BTC, XAU, USOIL...), or undefined for an unknown name.
 */
export function coinLogoSvg(name: string): string | undefined {
  const instrument = findInstrument(name);
  if (!instrument || instrument.name.toUpperCase() !== name.toUpperCase()) return undefined;
  const label = instrument.kind === 'metal' ? instrument.name.replace(/USD$/, '') : instrument.name;
  const size = label.length <= 3 ? 20 : label.length === 4 ? 16 : label.length === 5 ? 13 : 11;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64" role="img" aria-label="${escapeXml(instrument.title)}">
<circle cx="32" cy="32" r="31" fill="${instrument.color}"/>
<circle cx="32" cy="32" r="26" fill="none" stroke="#ffffff" stroke-opacity="0.35" stroke-width="2"/>
<text x="32" y="${32 + size * 0.35}" fill="#ffffff" font-family="-apple-system, 'Segoe UI', Roboto, sans-serif" font-size="${size}" font-weight="700" text-anchor="middle">${escapeXml(label)}</text>
</svg>
`;
}
