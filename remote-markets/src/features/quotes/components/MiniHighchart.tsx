// The Highcharts drawing of a mini chart. Loaded with the Highcharts chunk (see
// ../hooks/useMiniHighcharts), never on a route's first render.
import type { HighchartsLib, HighchartsReactComponent } from '../../chart';
import { lastCloses, MINI_HEIGHT, MINI_PAD, MINI_WIDTH } from '../model/miniChart';
import { toChartNumber } from '../../chart';

type ChartOptions = Parameters<HighchartsLib['chart']>[1];

/**
 * Highcharts options of a mini chart: one line series and nothing else (no axes, tooltip,
 * legend, hover states or animation), so that drawing it costs the main thread little.
 */
export function miniChartOptions(closes: readonly string[], color: string): ChartOptions {
  return {
    chart: {
      type: 'line',
      width: MINI_WIDTH,
      height: MINI_HEIGHT,
      margin: [MINI_PAD, 1, MINI_PAD, 1],
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

/** One mini chart drawn by highcharts-react-official (options fixed at mount: no re-render work). */
export function MiniHighchart({
  lib,
  HighchartsReact,
  closes,
  color,
}: {
  lib: HighchartsLib;
  HighchartsReact: HighchartsReactComponent;
  closes: readonly string[];
  color: string;
}) {
  return (
    <HighchartsReact
      highcharts={lib}
      options={miniChartOptions(closes, color)}
      allowChartUpdate={false}
      containerProps={{ style: { width: MINI_WIDTH, height: MINI_HEIGHT } }}
    />
  );
}
