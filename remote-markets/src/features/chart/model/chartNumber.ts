// The one place where decimal text becomes a JS number: charts (Highcharts and the SVG mini
// chart) need numbers to draw. Nothing computed from these numbers is ever shown as a value.
import { toDecimal, type DecimalInput } from '@app/shared';

export function toChartNumber(value: DecimalInput): number {
  return toDecimal(value).toNumber();
}
