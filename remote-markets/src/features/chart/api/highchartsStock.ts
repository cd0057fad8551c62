// The stock module of the chart page, in its own chunk ("highcharts-stock", with the page's
// Highcharts start), fetched beside the core's chunk: the module is in this chunk (an eager
// import makes no chunk of its own) but evaluated only when applied, once the core has been.

/** Applies Highcharts' stock module to the core instance its evaluation left (`window._Highcharts`). */
export function applyStockModule(): Promise<unknown> {
  return import(/* webpackMode: "eager" */ 'highcharts/modules/stock');
}
