// Highcharts Stock and highcharts-react-official load on the chart page only, in one chunk of
// their own, the first time a chart mounts. Nothing else in this remote imports them.
import type * as HighchartsNamespace from 'highcharts/highstock';

export type HighchartsLib = typeof HighchartsNamespace;

let lib: Promise<HighchartsLib> | null = null;

/**
 * The first Intl formatter a page creates initialises ICU: one native call of 80-170 ms under a
 * 4x CPU throttle. Highcharts creates Intl.DateTimeFormats when its module is evaluated (its Time
 * formats the month and weekday names); on the home page nothing used Intl before (the lists'
 * compact volumes come from a table), so the chunk's evaluation and ICU's start were one task of
 * ~140 ms. The formatter Highcharts asks for first, created in a task of its own, posted before
 * the chunk is requested (its evaluation is a later task): that task starts ICU, the evaluation
 * then finds it started. Where Intl already runs (the chart page's times) it costs about 1 ms.
 */
export function startIntlBeforeHighcharts(): void {
  setTimeout(() => {
    try {
      new Intl.DateTimeFormat(undefined, { timeZone: 'UTC', month: 'long' }).format(0);
    } catch {
      // Highcharts meets the same failure and handles it.
    }
  }, 0);
}

export function loadHighcharts(): Promise<HighchartsLib> {
  if (!lib) {
    startIntlBeforeHighcharts();
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
