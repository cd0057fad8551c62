// Chart periods (doc 1 §2 Chart screen; architecture.md): realtime, 1, 5, 15, 30, 60 minutes,
// 1 day, 1 week, 1 month. Realtime is the 1-minute series drawn as a line.
export type Period = '1min' | '5min' | '15min' | '30min' | '60min' | '1day' | '1week' | '1mon';
export type ChartPeriod = 'realtime' | Period;

export const CHART_PERIODS: readonly ChartPeriod[] = [
  'realtime',
  '1min',
  '5min',
  '15min',
  '30min',
  '60min',
  '1day',
  '1week',
  '1mon',
];

/** The server period behind a chart period. */
export function serverPeriod(period: ChartPeriod): Period {
  return period === 'realtime' ? '1min' : period;
}

export function isChartPeriod(value: unknown): value is ChartPeriod {
  return typeof value === 'string' && (CHART_PERIODS as readonly string[]).includes(value);
}

const MINUTE = 60_000;
const PERIOD_MS: Record<Period, number> = {
  '1min': MINUTE,
  '5min': 5 * MINUTE,
  '15min': 15 * MINUTE,
  '30min': 30 * MINUTE,
  '60min': 60 * MINUTE,
  '1day': 1440 * MINUTE,
  '1week': 7 * 1440 * MINUTE,
  '1mon': 30 * 1440 * MINUTE,
};

/** Nominal length of a bar (a month counts 30 days): sizes the visible window. */
export function periodMs(period: ChartPeriod): number {
  return PERIOD_MS[serverPeriod(period)];
}
