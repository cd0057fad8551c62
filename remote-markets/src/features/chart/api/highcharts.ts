// Highcharts Stock and highcharts-react-official load on the chart page only, in one chunk of
// their own, the first time a chart mounts. Nothing else in this remote imports them.
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

export type HighchartsReactComponent = typeof import('highcharts-react-official').default;

let react: Promise<HighchartsReactComponent> | null = null;

/** highcharts-react-official, in the Highcharts chunk (it is of no use before Highcharts). */
export function loadHighchartsReact(): Promise<HighchartsReactComponent> {
  if (!react) {
    react = import(/* webpackChunkName: "highcharts" */ 'highcharts-react-official').then(
      (module) => module.default,
      (error: unknown) => {
        react = null; // a failed chunk may be retried
        throw error;
      },
    );
  }
  return react;
}
