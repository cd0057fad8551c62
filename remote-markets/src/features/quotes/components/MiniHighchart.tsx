// The Highcharts drawing of a mini chart. Loaded with the Highcharts chunk (see
// ../hooks/useMiniHighcharts), never on a route's first render.
import { useEffect, useRef, useState } from 'react';
import type { HighchartsCore, HighchartsReactComponent } from '../../chart';
import type { MiniTurn } from '../hooks/useMiniHighcharts';
import { lastCloses, MINI_HEIGHT, MINI_PAD, MINI_WIDTH } from '../model/miniChart';
import { toChartNumber } from '../../chart';

type ChartOptions = Parameters<HighchartsCore['chart']>[1];
type Chart = ReturnType<HighchartsCore['chart']>;
type LineOptions = Parameters<Chart['addSeries']>[0];

/** The line of a mini chart (named, so that Highcharts does not format a default name). */
export function miniSeriesOptions(name: string, closes: readonly string[], color: string): LineOptions {
  return { type: 'line', name, color, data: lastCloses(closes).map(toChartNumber) };
}

/**
 * Highcharts options of a mini chart: one line series and nothing else (no axes, tooltip,
 * legend, hover states or animation), so that drawing it costs the main thread little.
 */
export function miniChartOptions(series: LineOptions[]): ChartOptions {
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
    series,
  };
}

/**
 * Highcharts' renderer, started once before the page's first mini chart, in a task of its own: an
 * SVG renderer in a hidden box draws and measures a text (font metrics, bounding box, alignment),
 * a shadowless box and a line, then goes. The first chart runs these code paths of the library
 * for the first time otherwise, in the same task as its axes and series (see
 * ../hooks/useMiniHighcharts): about a fifth of that task under a 4x CPU throttle.
 */
export function startMiniRenderer(lib: HighchartsCore): void {
  const box = document.createElement('div');
  box.setAttribute('aria-hidden', 'true');
  box.style.cssText = `position:absolute;left:-9999px;top:0;width:${MINI_WIDTH}px;height:${MINI_HEIGHT}px;overflow:hidden`;
  document.body.appendChild(box);
  try {
    const renderer = new lib.SVGRenderer(box, MINI_WIDTH, MINI_HEIGHT);
    const text = renderer
      .text('', 0, 0)
      .attr({ align: 'center', zIndex: 4 })
      .css({ textOverflow: 'ellipsis', whiteSpace: 'nowrap' })
      .add();
    text.getBBox();
    renderer.fontMetrics(text);
    text.css({ width: MINI_WIDTH }).getBBox(true);
    text.align({ align: 'center', y: MINI_PAD }, false, {
      x: 0,
      y: 0,
      width: MINI_WIDTH,
      height: MINI_HEIGHT,
    });
    renderer.rect(0, 0, MINI_WIDTH, MINI_HEIGHT, 0).attr({ fill: 'none' }).shadow(false).add();
    renderer
      .path([
        ['M', 0, MINI_HEIGHT],
        ['L', MINI_WIDTH, 0],
      ])
      .attr({ stroke: 'currentColor', 'stroke-width': 1 })
      .add();
    renderer.destroy();
  } finally {
    box.remove();
  }
}

/**
 * One mini chart drawn by highcharts-react-official (options fixed at mount: no re-render work).
 * A `staged` chart (the page's first, see ../hooks/useMiniHighcharts) is created without its
 * line, which is added in the next idle slot: two tasks of about half the length.
 */
export function MiniHighchart({
  lib,
  HighchartsReact,
  name,
  closes,
  color,
  turn,
}: {
  lib: HighchartsCore;
  HighchartsReact: HighchartsReactComponent;
  name: string;
  closes: readonly string[];
  color: string;
  turn: MiniTurn;
}) {
  const [{ options, line }] = useState(() => {
    const series = miniSeriesOptions(name, closes, color);
    return turn.staged
      ? { options: miniChartOptions([]), line: series }
      : { options: miniChartOptions([series]), line: null };
  });
  const cancel = useRef<(() => void) | null>(null);
  useEffect(() => () => cancel.current?.(), []);
  const drawn = (chart: Chart) => {
    if (!line) {
      turn.drawn();
      return;
    }
    cancel.current = turn.nextSlot(() => {
      cancel.current = null;
      chart.addSeries(line, true, false);
      turn.drawn();
    });
  };
  return (
    <HighchartsReact
      highcharts={lib}
      options={options}
      allowChartUpdate={false}
      callback={drawn}
      containerProps={{ style: { width: MINI_WIDTH, height: MINI_HEIGHT } }}
    />
  );
}
