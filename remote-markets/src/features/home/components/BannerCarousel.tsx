import { Suspense, lazy, startTransition, useEffect, useState } from 'react';
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

/**
 * True from the task after the frame that follows `ready`: the slider is created (and measures
 * the page) after the page's first commit has been laid out and painted, not inside it, where
 * keen-slider's measuring forced the layout of the whole new page (a long task under a 4x CPU).
 */
function useAfterPaint(ready: boolean): boolean {
  const [after, setAfter] = useState(false);
  useEffect(() => {
    if (!ready) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => startTransition(() => setAfter(true)), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [ready]);
  return after;
}

/** Banners (news category 5), autoplaying and looping; tap opens the banner page. */
export function BannerCarousel() {
  useEffect(() => void loadSlides().catch(() => undefined), []);
  const state = useNewsList(BANNERS);
  const items = state.items.filter((item) => item.thumbnail);
  const slide = useAfterPaint(items.length > 0);
  if (state.status === 'loading' && items.length === 0) {
    return <Skeleton variant="rounded" sx={{ width: '100%', height: 'auto', aspectRatio: '5 / 2' }} />;
  }
  // Without banners (or when they fail) the home screen simply starts with the ticker.
  const first = items[0];
  if (!first) return null;
  // The first banner, still, until the slider may start (same box: nothing moves).
  if (!slide) return <FirstBanner item={first} />;
  // A different set of slides (another language may have another set) starts a new slider.
  return (
    <Suspense fallback={<FirstBanner item={first} />}>
      <BannerSlides key={items.map((item) => item.id).join(',')} items={items} />
    </Suspense>
  );
}
