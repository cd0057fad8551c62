// Highcharts options that follow the app theme (both modes) and the market colours.
import type { Theme } from '@mui/material/styles';
import { marketColors } from '@app/shared';
import type { HighchartsLib } from '../api/highcharts';

type Options = Parameters<HighchartsLib['stockChart']>[1];

/** Chart time zone (doc 1 §2 Chart screen). */
export const CHART_TIMEZONE = 'Asia/Shanghai';

export function baseChartOptions(theme: Theme, height: number): Options {
  const text = theme.palette.text.secondary;
  const grid = theme.palette.divider;
  return {
    chart: {
      height,
      backgroundColor: 'transparent',
      animation: false,
      spacing: [8, 4, 4, 4],
      style: { fontFamily: theme.typography.fontFamily ?? 'sans-serif' },
      panning: { enabled: true, type: 'x' },
      zooming: { pinchType: 'x' },
    },
    time: { timezone: CHART_TIMEZONE },
    accessibility: { enabled: false },
    credits: { enabled: false },
    exporting: { enabled: false },
    rangeSelector: { enabled: false },
    navigator: { enabled: false },
    scrollbar: { enabled: false },
    title: { text: undefined },
    legend: {
      enabled: true,
      align: 'left',
      verticalAlign: 'top',
      floating: true,
      x: 0,
      y: -6,
      padding: 2,
      itemDistance: 10,
      symbolWidth: 10,
      itemStyle: { color: text, fontSize: '11px', fontWeight: '400' },
      itemHoverStyle: { color: theme.palette.text.primary },
      itemHiddenStyle: { color: theme.palette.action.disabled },
    },
    tooltip: {
      split: false,
      shared: true,
      backgroundColor: theme.palette.background.paper,
      borderColor: grid,
      style: { color: theme.palette.text.primary, fontSize: '12px' },
      xDateFormat: '%Y-%m-%d %H:%M',
    },
    xAxis: {
      lineColor: grid,
      tickColor: grid,
      gridLineWidth: 0,
      labels: { style: { color: text, fontSize: '10px' } },
      crosshair: { color: text, dashStyle: 'Dash', width: 1 },
      // 24-hour clock, as the chart's time zone reads it.
      dateTimeLabelFormats: {
        second: '%H:%M:%S',
        minute: '%H:%M',
        hour: '%H:%M',
        day: '%m-%d',
        week: '%m-%d',
        month: '%Y-%m',
        year: '%Y',
      },
    },
    plotOptions: {
      series: {
        animation: false,
        dataGrouping: { enabled: false },
        // Always process and draw only the bars in view (plus one each side): the default
        // threshold (300) equals a full load, so every redraw drew all 300 bars of every series.
        cropThreshold: 0,
        states: { inactive: { enabled: false }, hover: { lineWidthPlus: 0 } },
      },
      candlestick: {
        color: marketColors.down,
        lineColor: marketColors.down,
        upColor: marketColors.up,
        upLineColor: marketColors.up,
      },
      column: { borderWidth: 0 },
    },
  };
}

export function priceAxisStyle(theme: Theme) {
  return {
    gridLineColor: theme.palette.divider,
    labels: { style: { color: theme.palette.text.secondary, fontSize: '10px' } },
  };
}
