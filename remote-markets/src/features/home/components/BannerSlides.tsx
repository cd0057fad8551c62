// The banner slider, loaded by BannerCarousel beside the banners' request (keen-slider is not
// needed for the home page's first render).
import { useRef, useState } from 'react';
import { useKeenSlider, type KeenSliderPlugin } from 'keen-slider/react';
import { useLingui } from '@lingui/react/macro';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import { useNavigate, type NewsItem } from '@app/shared';
import { BannerImage } from './BannerImage';

/** Banner rotation and animation (doc 1 §2 Home, §9): every 5 s, 600 ms, looping. */
export const BANNER_INTERVAL_MS = 5000;
export const BANNER_SPEED_MS = 600;

/** Moves to the next slide every `interval` ms; a drag restarts the wait. */
export function autoplay(interval: number): KeenSliderPlugin {
  return (slider) => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const stop = () => clearTimeout(timer);
    const wait = () => {
      stop();
      timer = setTimeout(() => slider.next(), interval);
    };
    slider.on('created', wait);
    slider.on('dragStarted', stop);
    slider.on('animationEnded', wait);
    slider.on('updated', wait);
    slider.on('destroyed', stop);
  };
}

/** Where a banner leads: its image page when it has an image, else the article. */
export function bannerHref(item: NewsItem): string {
  return item.thumbnail ? `/imgbn?id=${item.id}` : `/news?id=${item.id}`;
}

/** The banners in a keen-slider: autoplaying and looping; tap opens the banner page. */
export function BannerSlides({ items }: { items: NewsItem[] }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const [current, setCurrent] = useState(0);
  const dragged = useRef(false);
  const [sliderRef] = useKeenSlider<HTMLDivElement>(
    {
      loop: items.length > 1,
      defaultAnimation: { duration: BANNER_SPEED_MS },
      slideChanged: (s) => setCurrent(s.track.details.rel),
      dragStarted: () => {
        dragged.current = false;
      },
      dragged: () => {
        dragged.current = true;
      },
    },
    [autoplay(BANNER_INTERVAL_MS)],
  );
  return (
    <Box sx={{ position: 'relative' }} aria-roledescription="carousel" role="region" aria-label={t`Banners`}>
      <Box
        ref={sliderRef}
        className="keen-slider"
        sx={{
          display: 'flex',
          overflow: 'hidden',
          position: 'relative',
          userSelect: 'none',
          touchAction: 'pan-y',
          WebkitTapHighlightColor: 'transparent',
          borderRadius: 2,
          aspectRatio: '5 / 2',
          bgcolor: 'background.paper',
        }}
      >
        {items.map((item, index) => (
          <ButtonBase
            key={item.id}
            className="keen-slider__slide"
            aria-label={t`${item.title} (${index + 1} of ${items.length})`}
            onClick={() => {
              if (!dragged.current) navigate(bannerHref(item));
            }}
            sx={{ position: 'relative', overflow: 'hidden', width: '100%', minHeight: '100%', flex: 'none' }}
          >
            <BannerImage src={item.thumbnail} />
          </ButtonBase>
        ))}
      </Box>
      {items.length > 1 && (
        <Box
          aria-hidden
          sx={{
            position: 'absolute',
            bottom: 8,
            left: 0,
            right: 0,
            display: 'flex',
            justifyContent: 'center',
            gap: 0.75,
          }}
        >
          {items.map((item, index) => (
            <Box
              key={item.id}
              sx={{
                width: index === current ? 16 : 6,
                height: 6,
                borderRadius: 3,
                bgcolor: index === current ? 'primary.main' : 'rgba(255,255,255,0.5)',
                transition: 'width 200ms',
              }}
            />
          ))}
        </Box>
      )}
    </Box>
  );
}
