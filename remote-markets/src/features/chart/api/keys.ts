// Query keys of the chart feature: the candles of a pair (symbol and tab) and period.
import type { ChartPeriod } from '../model/periods';

export const chartKeys = {
  all: ['chart'] as const,
  candles: (symbol: string, tab: number, period: ChartPeriod) =>
    [...chartKeys.all, 'candles', symbol, tab, period] as const,
};
