// Highcharts Stock loads on the chart page only, in its own chunk, the first time a chart
// mounts. Nothing else in this remote imports 'highcharts'.
import type * as HighchartsNamespace from 'highcharts/highstock';

export type HighchartsLib = typeof HighchartsNamespace;

let lib: Promise<HighchartsLib> | null = null;

export function loadHighcharts(): Promise<HighchartsLib> {
  if (!lib) {
    lib = import(/* webpackChunkName: "highcharts" */ 'highcharts/highstock').then(
      (module) =>
        (module as unknown as { default?: HighchartsLib }).default ?? (module as unknown as HighchartsLib),
      (error: unknown) => {
        lib = null; // a failed chunk may be retried
        throw error;
      },
    );
  }
  return lib;
}
