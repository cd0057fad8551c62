// The one place where decimal text becomes a JS number: charts (Highcharts and the SVG mini
// chart) need numbers to draw. Nothing computed from these numbers is ever shown as a value.
import { plainDecimal, type DecimalInput } from '@app/shared';

export function toChartNumber(value: DecimalInput): number {
  const text = plainDecimal(value);
  return text === null ? Number.NaN : Number(text);
}
