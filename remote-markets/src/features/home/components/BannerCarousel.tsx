import { Suspense, lazy, useEffect } from 'react';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import { NewsCategory, useNewsList, type NewsItem } from '@app/shared';
import { BannerImage } from './BannerImage';

// The slider (keen-slider and its slides, ~7 KiB gzip) is not needed for the home page's first
// render: it loads while the banners are fetched, and until it is there the first banner shows
// as a still image, so the largest paint does not wait for it.
const loadSlides = () => import('./BannerSlides');
const BannerSlides = lazy(() => loadSlides().then((m) => ({ default: m.BannerSlides })));

const BANNER_BOX = { width: '100%', aspectRatio: '5 / 2', borderRadius: 2 } as const;

function FirstBanner({ item }: { item: NewsItem }) {
  return (
    <Box sx={{ ...BANNER_BOX, overflow: 'hidden', bgcolor: 'background.paper' }}>
      <BannerImage src={item.thumbnail} />
    </Box>
  );
}

const BANNERS = [NewsCategory.banner];

/** Banners (news category 5), autoplaying and looping; tap opens the banner page. */
export function BannerCarousel() {
  useEffect(() => void loadSlides().catch(() => undefined), []);
  const state = useNewsList(BANNERS);
  const items = state.items.filter((item) => item.thumbnail);
  if (state.status === 'loading' && items.length === 0) {
    return <Skeleton variant="rounded" sx={{ width: '100%', height: 'auto', aspectRatio: '5 / 2' }} />;
  }
  // Without banners (or when they fail) the home screen simply starts with the ticker.
  const first = items[0];
  if (!first) return null;
  // A different set of slides (another language may have another set) starts a new slider.
  return (
    <Suspense fallback={<FirstBanner item={first} />}>
      <BannerSlides key={items.map((item) => item.id).join(',')} items={items} />
    </Suspense>
  );
}
