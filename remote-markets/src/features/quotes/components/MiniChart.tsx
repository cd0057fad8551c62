import { memo, useEffect, useMemo, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import { marketColors } from '@app/shared';
import type { HighchartsLib } from '../../chart';
import { loadMiniSeries } from '../api/miniSeries';
import { useMiniHighcharts } from '../hooks/useMiniHighcharts';
import { lastCloses, miniChartPoints, miniTrend } from '../model/miniChart';
import { toChartNumber } from '../../chart';

const WIDTH = 52;
const HEIGHT = 24;
const PAD = 2;

type ChartOptions = Parameters<HighchartsLib['chart']>[1];

/**
 * Highcharts options of a mini chart: one line series and nothing else (no axes, tooltip,
 * legend, hover states or animation), so that drawing it costs the main thread little.
 */
export function miniChartOptions(closes: readonly string[], color: string): ChartOptions {
  return {
    chart: {
      type: 'line',
      width: WIDTH,
      height: HEIGHT,
      margin: [PAD, 1, PAD, 1],
      spacing: [0, 0, 0, 0],
      backgroundColor: 'transparent',
      animation: false,
      reflow: false,
    },
    accessibility: { enabled: false },
    credits: { enabled: false },
    title: { text: undefined },
    legend: { enabled: false },
    tooltip: { enabled: false },
    xAxis: { visible: false },
    yAxis: { visible: false, startOnTick: false, endOnTick: false },
    plotOptions: {
      series: {
        animation: false,
        enableMouseTracking: false,
        marker: { enabled: false },
        states: { hover: { enabled: false }, inactive: { enabled: false } },
        lineWidth: 1.5,
      },
    },
    series: [{ type: 'line', color, data: lastCloses(closes).map(toChartNumber) }],
  };
}

/**
 * The 7-day line of a pair. Its data loads when the row scrolls into view and shows at once as
 * a tiny SVG line; Highcharts (the chart page's instance) draws it once the library has loaded,
 * after the route's first render, in an idle moment (../hooks/useMiniHighcharts).
 */
export const MiniChart = memo(function MiniChart({ symbol }: { symbol: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const [visible, setVisible] = useState(() => typeof IntersectionObserver === 'undefined');
  const [closes, setCloses] = useState<{ symbol: string; values: string[] } | null>(null);

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

  useEffect(() => {
    if (!visible) return;
    let alive = true;
    loadMiniSeries(symbol).then(
      (values) => alive && setCloses({ symbol, values }),
      () => alive && setCloses({ symbol, values: [] }),
    );
    return () => {
      alive = false;
    };
  }, [symbol, visible]);

  const values = closes?.symbol === symbol ? closes.values : null;
  const points = values ? miniChartPoints(values, WIDTH, HEIGHT, PAD) : '';
  const trend = values ? miniTrend(values) : 0;
  const stroke = trend > 0 ? marketColors.up : trend < 0 ? marketColors.down : marketColors.flat;
  const highcharts = useMiniHighcharts(points !== '');
  const options = useMemo(() => (values ? miniChartOptions(values, stroke) : null), [values, stroke]);
  return (
    <Box
      ref={ref}
      aria-hidden
      sx={{ width: WIDTH, height: HEIGHT, flex: 'none', overflow: 'hidden' }}
      data-testid={`mini-${symbol}`}
    >
      {points && highcharts && options ? (
        <highcharts.HighchartsReact
          highcharts={highcharts.lib}
          options={options}
          containerProps={{ style: { width: WIDTH, height: HEIGHT } }}
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
