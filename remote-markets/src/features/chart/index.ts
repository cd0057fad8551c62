// The public entry of the chart feature: what other features of this remote may use.
export { chartApi } from './api/chartApi';
export { cleanCandles } from './model/candles';
export { toChartNumber } from './model/chartNumber';
export {
  loadHighcharts,
  loadHighchartsCore,
  loadHighchartsReact,
  type HighchartsCore,
  type HighchartsLib,
  type HighchartsReactComponent,
} from './api/highcharts';
