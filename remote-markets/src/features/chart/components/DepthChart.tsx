import { useEffect, useRef } from 'react';
import { useLingui } from '@lingui/react/macro';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import { useTheme } from '@mui/material/styles';
import { ErrorState, marketColors } from '@app/shared';
import type { HighchartsLib } from '../api/highcharts';
import { curvePoints } from '../model/chartData';
import { depthCurves, type Book } from '../model/depth';
import { CHART_TIMEZONE } from './chartTheme';
import { useHighcharts } from './useHighcharts';

type Chart = ReturnType<HighchartsLib['chart']>;
const HEIGHT = 220;

/** Cumulative bids (green) and asks (red) around the last price. */
export function DepthChart({ book, decimals }: { book: Book; decimals: number }) {
  const { lib, failed, retry } = useHighcharts();
  const { t } = useLingui();
  const theme = useTheme();
  const container = useRef<HTMLDivElement>(null);
  const chart = useRef<Chart | null>(null);
  const latest = useRef(book);
  useEffect(() => {
    latest.current = book;
  }, [book]);

  useEffect(() => {
    if (!lib || !container.current) return;
    const curves = depthCurves(latest.current);
    const text = theme.palette.text.secondary;
    const instance = lib.chart(container.current, {
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
    });
    // The wrapper (role img) names the chart; Highcharts' own svg "img" would be a second, unnamed one.
    container.current.querySelector('svg')?.setAttribute('aria-hidden', 'true');
    chart.current = instance;
    return () => {
      chart.current = null;
      instance.destroy();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [lib, theme, decimals]);

  useEffect(() => {
    const instance = chart.current;
    if (!instance) return;
    const curves = depthCurves(book);
    const series = (id: string) => instance.series.find((s) => s.options.id === id);
    series('bids')?.setData(curvePoints(curves.bids), false, false, false);
    series('asks')?.setData(curvePoints(curves.asks), false, false, false);
    instance.redraw(false);
  }, [book]);

  if (failed) return <ErrorState message={t`The chart could not load.`} onRetry={retry} />;
  return (
    <Box
      sx={{ position: 'relative', height: HEIGHT }}
      role="img"
      aria-label={t`Depth chart`}
      data-testid="depth-chart"
    >
      <Box ref={container} sx={{ height: HEIGHT }} />
      {!lib && <Skeleton variant="rectangular" height={HEIGHT} sx={{ position: 'absolute', inset: 0 }} />}
    </Box>
  );
}
