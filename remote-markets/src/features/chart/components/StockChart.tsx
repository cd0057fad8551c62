import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import { useTheme } from '@mui/material/styles';
import { ErrorState, intlLocale } from '@app/shared';
import type { HighchartsLib } from '../api/highcharts';
import { MA_LENGTHS, type Candle } from '../model/candles';
import {
  chartSeriesData,
  liveChange,
  priceDecimals,
  type CandlePoints,
  type XYPoint,
} from '../model/chartData';
import { toChartNumber } from '../model/chartNumber';
import { periodMs, type ChartPeriod } from '../model/periods';
import { baseChartOptions, priceAxisStyle } from './chartTheme';
import { useHighcharts } from './useHighcharts';

type Chart = ReturnType<HighchartsLib['stockChart']>;
type SeriesOptions = Parameters<Chart['addSeries']>[0];
type PointData = CandlePoints['ohlc'] | CandlePoints['line'] | CandlePoints['volume'];

export const CHART_HEIGHT = 320;
/** Bars in view at first (the rest is a pan away). */
const VISIBLE_BARS = 36;
const REALTIME_VISIBLE_MINUTES = 120;
const MA_COLORS: Record<(typeof MA_LENGTHS)[number], string> = { 5: '#f0b90b', 10: '#c86bf7', 30: '#3d9df5' };

export interface StockChartProps {
  candles: readonly Candle[];
  /** A new value means a new dataset (pair or period changed, or reloaded): the chart is rebuilt. */
  loadId: number;
  /** The period of `candles`. */
  period: ChartPeriod;
  /** Another dataset is on its way (the current one stays, dimmed). */
  loading?: boolean;
  /** Accessible description, e.g. "BTC/USDT 15 min candles". */
  label: string;
}

/**
 * Highcharts Stock candles with volume and MA5/MA10/MA30 (a price line in realtime), in the
 * Asia/Shanghai time zone, following the theme, rendered by highcharts-react-official. Live
 * candles update the drawn series in place through the chart instance.
 */
export function StockChart({ candles, loadId, period, loading, label }: StockChartProps) {
  const { lib, HighchartsReact, failed, retry } = useHighcharts();
  const { t, i18n } = useLingui();
  const theme = useTheme();
  const chart = useRef<Chart | null>(null);
  /** The candles the chart was built with or last given. */
  const drawn = useRef<readonly Candle[] | null>(null);
  const latest = useRef(candles);
  /** Series are still being added to a new chart (live changes wait for them). */
  const building = useRef(false);
  useEffect(() => {
    latest.current = candles;
  }, [candles]);
  const realtime = period === 'realtime';

  // A new chart for a new dataset, period, theme or language: HighchartsReact (keyed by the
  // build) creates it from these options; live candles never re-render it with new options,
  // they go to the chart instance (below).
  const build = useMemo((): Build | null => {
    if (!lib || loadId === 0) return null;
    lib.setOptions({ lang: { locale: intlLocale(i18n.locale), thousandsSep: ',', decimalPoint: '.' } });
    // The candles of this render (the effect keeping `latest` runs after it).
    const built = candles;
    const data = chartSeriesData(built);
    const base = baseChartOptions(theme, CHART_HEIGHT);
    const last = data.line[data.line.length - 1]?.[0];
    const span = realtime ? REALTIME_VISIBLE_MINUTES * 60_000 : VISIBLE_BARS * periodMs(period);
    const decimals = priceDecimals(built);
    const options: ChartOptions = {
      ...base,
      tooltip: { ...base.tooltip, valueDecimals: decimals },
      xAxis: {
        ...(base.xAxis as object),
        ...(last !== undefined && data.line.length > VISIBLE_BARS ? { min: last - span, max: last } : {}),
      },
      yAxis: [
        {
          ...priceAxisStyle(theme),
          height: '76%',
          opposite: true,
          labels: { ...priceAxisStyle(theme).labels, align: 'left', x: 4 },
          crosshair: { color: theme.palette.text.secondary, dashStyle: 'Dash', width: 1 },
        },
        {
          ...priceAxisStyle(theme),
          top: '80%',
          height: '20%',
          opposite: true,
          gridLineWidth: 0,
          labels: { enabled: false },
        },
      ],
      series: [],
    };
    // The chart is created with its axes only; the price, then the volume, then each moving
    // average, are added in the following tasks, one a task: one first render of every series
    // was the longest task of the chart page. They take the bars then on the chart.
    const later = (shown: ReturnType<typeof chartSeriesData>): SeriesOptions[] => [
      realtime
        ? {
            type: 'area',
            id: 'price',
            name: t`Price`,
            data: shown.line,
            color: theme.palette.primary.main,
            lineWidth: 1.5,
            fillColor: {
              linearGradient: { x1: 0, y1: 0, x2: 0, y2: 1 },
              stops: [
                [0, `${theme.palette.primary.main}55`],
                [1, `${theme.palette.primary.main}00`],
              ],
            },
            threshold: null,
          }
        : { type: 'candlestick', id: 'price', name: t`Price`, data: shown.ohlc, showInLegend: false },
      { type: 'column', id: 'volume', name: t`Volume`, yAxis: 1, data: shown.volume, showInLegend: false },
      ...(realtime
        ? []
        : MA_LENGTHS.map((length) => ({
            type: 'line' as const,
            id: `ma${length}`,
            name: `MA${length}`,
            data: shown.ma[length],
            color: MA_COLORS[length],
            lineWidth: 1,
            marker: { enabled: false },
            enableMouseTracking: false,
          }))),
    ];
    return { id: nextBuildId(), options, candles: built, later: later(data), laterOf: later };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [lib, loadId, period, theme, i18n.locale]);
  // The chart of a build is created one task after the render that computed the build: the
  // render (the page with its data, the series' arrays) and Highcharts' first render of the chart
  // were one long task of the chart page under a phone's CPU. `chartOf`: the build whose chart
  // is shown.
  const [chartOf, setChartOf] = useState<number | null>(null);
  useEffect(() => {
    if (!build) return;
    const timer = setTimeout(() => setChartOf(build.id), 0);
    return () => clearTimeout(timer);
  }, [build]);
  /** The next series to add to the newest chart (see `later`). */
  const pending = useRef<ReturnType<typeof setTimeout> | null>(null);
  const stopAdding = () => {
    if (pending.current !== null) clearTimeout(pending.current);
    pending.current = null;
    building.current = false;
  };
  // Called by Highcharts when the chart of a build is created.
  const created = useCallback(
    (instance: Chart) => {
      if (!build) return;
      stopAdding();
      // The wrapper (role img) names the chart; Highcharts' own svg "img" would be a second, unnamed one.
      instance.container?.querySelector('svg')?.setAttribute('aria-hidden', 'true');
      chart.current = instance;
      drawn.current = build.candles;
      // The reader panned or zoomed: the fixed y extremes follow the bars now in view.
      const axis = instance.xAxis[0];
      if (axis && lib)
        lib.addEvent(axis, 'afterSetExtremes', (e: { trigger?: string; min?: number; max?: number }) => {
          if (chart.current !== instance || !e.trigger || e.min === undefined || e.max === undefined) return;
          if (fitAxes(instance, drawn.current ?? [], e.min, e.max))
            setTimeout(() => {
              if (chart.current === instance) instance.redraw(false);
            }, 0);
        });
      let step = 0;
      building.current = true;
      let shown = { of: build.candles as readonly Candle[] | null, later: build.later };
      const addNext = () => {
        pending.current = null;
        if (chart.current !== instance) return;
        if (shown.of !== drawn.current)
          shown = { of: drawn.current, later: build.laterOf(chartSeriesData(drawn.current ?? [])) };
        const next = shown.later[step];
        if (!next) {
          building.current = false;
          return;
        }
        instance.addSeries(next, true, false);
        step += 1;
        pending.current = setTimeout(addNext, 0);
      };
      pending.current = setTimeout(addNext, 0);
    },
    [build, lib],
  );
  useEffect(() => {
    if (build) return;
    stopAdding();
    chart.current = null;
  }, [build]);
  useEffect(
    () => () => {
      stopAdding();
      chart.current = null;
    },
    [],
  );

  // Live changes, ONE redraw every LIVE_REDRAW_MS at most: the changed last bars of every series
  // are updated in place and new bars appended, without animation, and the axes keep fixed
  // extremes (see fitAxes) so a redraw re-renders only the series, not the axes, labels and grid;
  // the whole data is set again only when the series changed elsewhere (or the bar to update is
  // panned out of view).
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const lastDraw = useRef(0);
  useEffect(() => {
    if (!chart.current || drawn.current === candles || timer.current !== null) return;
    const wait = Math.max(0, lastDraw.current + LIVE_REDRAW_MS - Date.now());
    const run = () => {
      const instance = chart.current;
      const from = drawn.current;
      const to = latest.current;
      if (!instance || from === null || from === to) {
        timer.current = null;
        return;
      }
      if (building.current) {
        timer.current = setTimeout(run, 50);
        return;
      }
      applyLive(instance, { from, to, change: liveChange(from, to), realtime });
      drawn.current = to;
      lastDraw.current = Date.now();
      timer.current = null;
    };
    timer.current = setTimeout(run, wait);
  }, [candles, realtime]);
  useEffect(
    () => () => {
      if (timer.current !== null) clearTimeout(timer.current);
      timer.current = null;
    },
    [build],
  );

  if (failed) return <ErrorState message={t`The chart could not load.`} onRetry={retry} />;
  return (
    <Box
      aria-busy={loading ? true : undefined}
      sx={{ position: 'relative', height: CHART_HEIGHT }}
      role="img"
      aria-label={label}
      data-testid="stock-chart"
      data-load={loadId}
      data-period={period}
    >
      {lib && HighchartsReact && build && chartOf === build.id ? (
        <HighchartsReact
          key={build.id}
          highcharts={lib}
          constructorType="stockChart"
          options={build.options}
          allowChartUpdate={false}
          callback={created}
          containerProps={CONTAINER_PROPS}
        />
      ) : (
        <div style={CONTAINER_PROPS.style} />
      )}
      {lib && loading && loadId > 0 && (
        <Box
          aria-hidden
          sx={{
            position: 'absolute',
            inset: 0,
            bgcolor: 'background.default',
            opacity: 0.5,
            pointerEvents: 'none',
          }}
        />
      )}
      {(!lib || (loading && loadId === 0)) && (
        <Skeleton variant="rectangular" height={CHART_HEIGHT} sx={{ position: 'absolute', inset: 0 }} />
      )}
    </Box>
  );
}

const CONTAINER_PROPS = { style: { height: CHART_HEIGHT, touchAction: 'pan-y' } } as const;

type ChartOptions = Parameters<HighchartsLib['stockChart']>[1];

/** One chart build: its options, the candles drawn, and the series added after it. */
interface Build {
  id: number;
  options: ChartOptions;
  candles: readonly Candle[];
  later: SeriesOptions[];
  laterOf: (data: ReturnType<typeof chartSeriesData>) => SeriesOptions[];
}

let builds = 0;
/** A new key for HighchartsReact: a new build is a new chart. */
function nextBuildId(): number {
  builds += 1;
  return builds;
}

/** Live candles are redrawn once in this time at most (one redraw a second at least, even when
 * the redraw waits a little for a busy main thread). */
export const LIVE_REDRAW_MS = 900;

interface LiveStep {
  from: readonly Candle[];
  to: readonly Candle[];
  change: ReturnType<typeof liveChange>;
  realtime: boolean;
}

const SERIES_OF: Array<{ id: string; of: (p: CandlePoints, realtime: boolean) => PointData | null }> = [
  { id: 'price', of: (p, realtime) => (realtime ? p.line : p.ohlc) },
  { id: 'volume', of: (p) => p.volume },
  ...MA_LENGTHS.map((length) => ({ id: `ma${length}`, of: (p: CandlePoints) => p.ma[length] })),
];

function applyLive(instance: Chart, { from, to, change, realtime }: LiveStep): void {
  const series = (id: string) => instance.series.find((s) => s.options.id === id);
  const axis = instance.xAxis[0];
  const before = axis?.getExtremes();
  const previousLast = from[from.length - 1]?.time;
  const targets = SERIES_OF.filter((target) => series(target.id));
  let full = change.kind === 'full';
  if (change.kind === 'points') {
    // Points to replace must be on the chart (drawn points only exist in view).
    for (const p of change.replace) {
      for (const target of targets) {
        if (target.of(p, realtime) !== null && !series(target.id)?.points?.some((point) => point.x === p.x))
          full = true;
      }
    }
    if (!full) {
      for (const target of targets) {
        const s = series(target.id);
        if (!s) continue;
        for (const p of change.replace) {
          const value = target.of(p, realtime);
          if (value !== null) s.points?.find((point) => point.x === p.x)?.update(value, false, false);
        }
        for (const p of change.append) {
          const value = target.of(p, realtime);
          if (value !== null) s.addPoint(value, false, false, false);
        }
      }
    }
  }
  if (full) {
    const data = chartSeriesData(to);
    const all: Record<string, PointData[] | XYPoint[]> = {
      price: realtime ? data.line : data.ohlc,
      volume: data.volume,
      ...Object.fromEntries(MA_LENGTHS.map((length) => [`ma${length}`, data.ma[length]])),
    };
    for (const target of targets) series(target.id)?.setData(all[target.id] ?? [], false, false, true);
  }
  // Following the newest bar, unless the reader has panned back in time.
  const newLast = to[to.length - 1]?.time;
  let view = before;
  let moved = full || change.kind === 'full' || change.append.length > 0;
  if (axis && before && previousLast !== undefined && newLast !== undefined && newLast > previousLast) {
    if (before.max >= previousLast) {
      view = { ...before, min: before.min + (newLast - previousLast), max: newLast };
      axis.setExtremes(view.min, view.max, false, false);
      moved = true;
    }
  }
  if (view && fitAxes(instance, to, view.min, view.max)) moved = true;
  if (moved) {
    instance.redraw(false);
    return;
  }
  // Only the last bars changed, within the fixed extremes: the changed series alone are drawn
  // again. A chart redraw would also rescale and re-render both axes (Highcharts marks them
  // dirty on any data change) and force a style recalculation (it reads the root font size).
  for (const target of targets) {
    const s = series(target.id) as unknown as { redraw?: () => void } | undefined;
    if (typeof s?.redraw !== 'function') {
      instance.redraw(false);
      return;
    }
  }
  for (const target of targets) (series(target.id) as unknown as { redraw: () => void }).redraw();
}

/** The y extremes in use: fixed, so that a live redraw does not rescale and re-render the axes. */
interface Band {
  min: number;
  max: number;
}

const bands = new WeakMap<Chart, { price?: Band; volume?: Band }>();

/**
 * Fixes the y extremes of the price and volume axes to the bars between `from` and `to` with a
 * margin; they change only when a bar leaves the band, or when the band is far wider than the
 * bars in view (after a pan). Returns whether an extreme changed.
 */
function fitAxes(instance: Chart, candles: readonly Candle[], from: number, to: number): boolean {
  let low = Infinity;
  let high = -Infinity;
  let volume = 0;
  for (let i = candles.length - 1; i >= 0; i -= 1) {
    const c = candles[i] as Candle;
    if (c.time > to) continue;
    if (c.time < from) break;
    low = Math.min(low, toChartNumber(c.low));
    high = Math.max(high, toChartNumber(c.high));
    volume = Math.max(volume, toChartNumber(c.volume));
  }
  if (!Number.isFinite(low) || !Number.isFinite(high)) return false;
  const state = bands.get(instance) ?? {};
  bands.set(instance, state);
  let changed = false;
  const range = Math.max(high - low, Math.abs(high) * 0.002);
  const price = state.price;
  if (!price || low < price.min || high > price.max || price.max - price.min > range * 3) {
    const pad = range * 0.2;
    state.price = { min: low - pad, max: high + pad };
    instance.yAxis[0]?.setExtremes(state.price.min, state.price.max, false, false);
    changed = true;
  }
  const vol = state.volume;
  if (volume > 0 && (!vol || volume > vol.max || vol.max > volume * 3)) {
    state.volume = { min: 0, max: volume * 1.5 };
    instance.yAxis[1]?.setExtremes(0, state.volume.max, false, false);
    changed = true;
  }
  return changed;
}
