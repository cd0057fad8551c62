import fs from 'node:fs';
import path from 'node:path';
import { bannerSvg } from './banners';

// The host's static first frame (scripts/index.html, the page of /) inlines the first home
// banner so that it paints before any request: it must stay the image the API serves for it
// (and the carousel shows in its place), not a stale copy.
test('the static first frame inlines the first banner exactly as the API serves it (en)', () => {
  const template = fs.readFileSync(path.join(__dirname, '../../../scripts/index.html'), 'utf8');
  const match = /class="ff-banner"[^>]*src="data:image\/svg\+xml;base64,([A-Za-z0-9+/=]+)"/.exec(template);
  expect(match).not.toBeNull();
  const inlined = Buffer.from(match?.[1] ?? '', 'base64').toString('utf8');
  expect(inlined).toBe(bannerSvg(1, 'en'));
});
