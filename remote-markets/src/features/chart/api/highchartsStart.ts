// The chart page's start of Highcharts, in the Highcharts chunk (loaded with the library, never
// on a route's first render): see startChartHighcharts.
import type { HighchartsLib } from './highcharts';

let started = false;

/**
 * Highcharts' one-time start for the chart page, run in a task of its own between the library's
 * evaluation and the chart's creation (../components/useHighcharts). The chart's creation and its
 * first series ran these code paths for the first time, inside their own tasks, each over 100 ms
 * under a 4x CPU throttle:
 * - the chart's time zone: its first Intl formatters (ICU's zone data) and Highcharts' time code;
 * - the SVG renderer's text: an axis label is drawn and measured (markup, font metrics, bounding
 *   box, alignment) in a hidden box, with a shadowless box and a line, then the box goes.
 * Once a page; a failure leaves the work to the chart, which does it anyway.
 */
export function startChartHighcharts(lib: HighchartsLib, timezone: string, fontFamily: string): void {
  if (started) return;
  started = true;
  const now = Date.now();
  const time = new lib.Time({ timezone });
  time.dateFormat('%Y-%m-%d %H:%M', now);
  const box = document.createElement('div');
  box.setAttribute('aria-hidden', 'true');
  box.style.cssText = 'position:absolute;left:-9999px;top:0;width:120px;height:40px;overflow:hidden';
  document.body.appendChild(box);
  try {
    const renderer = new lib.SVGRenderer(box, 120, 40, { fontFamily });
    const label = renderer
      .text(time.dateFormat('%H:%M', now), 0, 0)
      .attr({ align: 'center', zIndex: 7 })
      .css({ fontSize: '10px', whiteSpace: 'nowrap', textOverflow: 'ellipsis' })
      .add();
    label.getBBox();
    renderer.fontMetrics(label);
    label.align({ align: 'center', y: 10 }, false, { x: 0, y: 0, width: 120, height: 40 });
    renderer.rect(0, 0, 120, 40, 0).attr({ fill: 'none' }).shadow(false).add();
    renderer
      .path([
        ['M', 0, 40],
        ['L', 120, 0],
      ])
      .attr({ stroke: 'currentColor', 'stroke-width': 1 })
      .add();
    renderer.destroy();
  } finally {
    box.remove();
  }
}
