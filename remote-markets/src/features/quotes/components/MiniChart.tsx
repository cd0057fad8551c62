import { memo, useEffect, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import { marketColors, useQuery } from '@app/shared';
import { loadMiniSeries, MINI_SERIES_STALE_MS, miniSeriesKey } from '../api/miniSeries';
import { useMiniHighcharts } from '../hooks/useMiniHighcharts';
import { miniChartPoints, miniTrend } from '../model/miniChart';

import { MINI_HEIGHT as HEIGHT, MINI_PAD as PAD, MINI_WIDTH as WIDTH } from '../model/miniChart';

/**
 * The 7-day line of a pair. Its data loads when the row scrolls into view and shows at once as
 * a tiny SVG line; Highcharts (the chart page's instance) draws it once the library has loaded,
 * after the route's first render, in an idle moment (../hooks/useMiniHighcharts).
 */
export const MiniChart = memo(function MiniChart({ symbol }: { symbol: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const [visible, setVisible] = useState(() => typeof IntersectionObserver === 'undefined');

  useEffect(() => {
    const node = ref.current;
    if (visible || !node) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          setVisible(true);
          observer.disconnect();
        }
      },
      { rootMargin: '120px' },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [visible]);

  const series = useQuery({
    queryKey: miniSeriesKey(symbol),
    queryFn: ({ signal }) => loadMiniSeries(symbol, signal),
    enabled: visible,
    staleTime: MINI_SERIES_STALE_MS,
    refetchOnWindowFocus: false,
  });

  // A failed load leaves the box empty.
  const values = series.data ?? null;
  const points = values ? miniChartPoints(values, WIDTH, HEIGHT, PAD) : '';
  const trend = values ? miniTrend(values) : 0;
  const stroke = trend > 0 ? marketColors.up : trend < 0 ? marketColors.down : marketColors.flat;
  const highcharts = useMiniHighcharts(points !== '');
  return (
    <Box
      ref={ref}
      aria-hidden
      sx={{ width: WIDTH, height: HEIGHT, flex: 'none', overflow: 'hidden' }}
      data-testid={`mini-${symbol}`}
    >
      {values && points && highcharts ? (
        <highcharts.MiniHighchart
          key={points}
          lib={highcharts.lib}
          HighchartsReact={highcharts.HighchartsReact}
          name={symbol}
          closes={values}
          color={stroke}
          turn={highcharts}
        />
      ) : (
        points && (
          <svg width={WIDTH} height={HEIGHT} viewBox={`0 0 ${WIDTH} ${HEIGHT}`} data-points={points}>
            <polyline
              points={points}
              fill="none"
              stroke={stroke}
              strokeWidth={1.5}
              strokeLinejoin="round"
              strokeLinecap="round"
            />
          </svg>
        )
      )}
    </Box>
  );
});
