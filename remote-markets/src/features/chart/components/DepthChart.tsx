import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useLingui } from '@lingui/react/macro';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import { useTheme } from '@mui/material/styles';
import { ErrorState, marketColors, useLiveSelect } from '@app/shared';
import { depthCurves, type Book, type DepthLive } from '@app/shared/market-book';
import type { HighchartsLib } from '../api/highcharts';
import { curvePoints } from '../model/chartData';
import { CHART_TIMEZONE } from './chartTheme';
import { useHighcharts } from './useHighcharts';

type Chart = ReturnType<HighchartsLib['chart']>;
type ChartOptions = Parameters<HighchartsLib['chart']>[1];
const HEIGHT = 220;
const CONTAINER_PROPS = { style: { height: HEIGHT } } as const;
let builds = 0;
/** A new key for HighchartsReact: a new build is a new chart. */
function nextBuildId(): number {
  builds += 1;
  return builds;
}

/** Draws a book on the chart: both sides' data, one redraw, no animation. */
function drawBook(instance: Chart, book: Book): void {
  const curves = depthCurves(book);
  const series = (id: string) => instance.series.find((s) => s.options.id === id);
  series('bids')?.setData(curvePoints(curves.bids), false, false, false);
  series('asks')?.setData(curvePoints(curves.asks), false, false, false);
  instance.redraw(false);
}

/**
 * Cumulative bids (green) and asks (red) around the last price, rendered by
 * highcharts-react-official. The live book (one value a frame at most) goes to the chart
 * instance: no React render, no new options on a tick.
 */
export function DepthChart({ depth, decimals }: { depth: DepthLive; decimals: number }) {
  const { lib, HighchartsReact, failed, retry } = useHighcharts();
  const { t } = useLingui();
  const theme = useTheme();
  const chart = useRef<Chart | null>(null);
  const status = useLiveSelect(depth.live, (s) => s.status);

  // New options (a new chart) only for another library load, theme, precision or language.
  const build = useMemo(() => {
    if (!lib) return null;
    const curves = depthCurves(depth.live.get().book);
    const text = theme.palette.text.secondary;
    const options: ChartOptions = {
      chart: {
        type: 'area',
        height: HEIGHT,
        backgroundColor: 'transparent',
        animation: false,
        spacing: [8, 4, 4, 4],
      },
      time: { timezone: CHART_TIMEZONE },
      accessibility: { enabled: false },
      credits: { enabled: false },
      title: { text: undefined },
      legend: { enabled: false },
      tooltip: {
        backgroundColor: theme.palette.background.paper,
        style: { color: theme.palette.text.primary, fontSize: '12px' },
        headerFormat: `<span>${t`Price`}: {point.x:.${decimals}f}</span><br/>`,
        pointFormat: `${t`Total`}: <b>{point.y}</b>`,
      },
      xAxis: {
        lineColor: theme.palette.divider,
        tickColor: theme.palette.divider,
        labels: { style: { color: text, fontSize: '10px' } },
      },
      yAxis: {
        title: { text: undefined },
        opposite: true,
        gridLineColor: theme.palette.divider,
        labels: { style: { color: text, fontSize: '10px' } },
      },
      plotOptions: {
        area: {
          step: 'center',
          lineWidth: 1.5,
          marker: { enabled: false },
          animation: false,
          fillOpacity: 0.25,
        },
        series: { states: { inactive: { enabled: false } } },
      },
      series: [
        { type: 'area', id: 'bids', name: t`Bids`, data: curvePoints(curves.bids), color: marketColors.up },
        { type: 'area', id: 'asks', name: t`Asks`, data: curvePoints(curves.asks), color: marketColors.down },
      ],
    };
    return { id: nextBuildId(), options };
    // The book is read when the chart is built; ticks go to the instance (below).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [lib, theme, decimals, t]);
  // Called by Highcharts when the chart of a build is created.
  const created = useCallback(
    (instance: Chart) => {
      // The wrapper (role img) names the chart; Highcharts' own svg "img" would be a second, unnamed one.
      instance.container?.querySelector('svg')?.setAttribute('aria-hidden', 'true');
      chart.current = instance;
      // A book that arrived between the options and the chart.
      drawBook(instance, depth.live.get().book);
    },
    [depth.live],
  );
  useEffect(
    () => () => {
      chart.current = null;
    },
    [],
  );

  useEffect(
    () =>
      depth.live.subscribe(() => {
        if (chart.current) drawBook(chart.current, depth.live.get().book);
      }),
    [depth.live],
  );

  if (failed) return <ErrorState message={t`The chart could not load.`} onRetry={retry} />;
  if (status === 'error') return <ErrorState onRetry={depth.retry} />;
  return (
    <Box
      sx={{ position: 'relative', height: HEIGHT }}
      role="img"
      aria-label={t`Depth chart`}
      data-testid="depth-chart"
    >
      {lib && HighchartsReact && build ? (
        <HighchartsReact
          highcharts={lib}
          options={build.options}
          allowChartUpdate={false}
          key={build.id}
          callback={created}
          containerProps={CONTAINER_PROPS}
        />
      ) : (
        <div style={CONTAINER_PROPS.style} />
      )}
      {!lib && <Skeleton variant="rectangular" height={HEIGHT} sx={{ position: 'absolute', inset: 0 }} />}
    </Box>
  );
}
