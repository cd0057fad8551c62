// Highcharts loads only where a chart mounts, never on a route's first render, in chunks of its
// own: the core (the mini charts of the home and quotes lists) and, on the chart page, the stock
// module on top of it. Nothing else in this remote imports them.
import type * as HighchartsCoreNamespace from 'highcharts';
import type * as HighstockNamespace from 'highcharts/highstock';

/** Highcharts' core: `chart`, the renderer, line series (the mini charts). */
export type HighchartsCore = typeof HighchartsCoreNamespace;
/** The core with the stock module applied (`stockChart`, candlesticks, navigator): the chart page. */
export type HighchartsLib = typeof HighstockNamespace;

let core: Promise<HighchartsCore> | null = null;
let stock: Promise<HighchartsLib> | null = null;

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

const moduleValue = <T>(module: unknown): T => ((module as { default?: T }).default ?? module) as T;

/**
 * Highcharts' core alone (276 KB minified against Highcharts Stock's 378: a quarter less to parse
 * and evaluate on the home and quotes routes, whose mini charts use none of the stock module).
 */
export function loadHighchartsCore(): Promise<HighchartsCore> {
  if (!core) {
    startIntlBeforeHighcharts();
    core = import(/* webpackChunkName: "highcharts" */ 'highcharts').then(
      moduleValue<HighchartsCore>,
      (error: unknown) => {
        core = null; // a failed chunk may be retried
        throw error;
      },
    );
  }
  return core;
}

/** A task of its own for what follows (the core's evaluation and the stock module's are two). */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * Highcharts Stock: the core (shared with the mini charts, so a page that drew them fetches only
 * the stock chunk) with the stock module applied to that same instance; `highcharts/highstock`
 * is exactly these two. Both chunks are fetched at once; the module, which finds the core through
 * the global the core's evaluation left (Highcharts 12's UMD), is evaluated after it, in a task
 * of its own.
 */
export function loadHighcharts(): Promise<HighchartsLib> {
  if (!stock) {
    stock = Promise.all([
      loadHighchartsCore(),
      import(/* webpackChunkName: "highcharts-stock" */ './highchartsStock'),
    ])
      .then(async ([lib, { applyStockModule }]) => {
        await nextTask();
        await applyStockModule();
        // The same object, now with the stock module's members (its types are Highstock's).
        return lib as unknown as HighchartsLib;
      })
      .catch((error: unknown) => {
        stock = null; // a failed chunk may be retried
        throw error;
      });
  }
  return stock;
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
