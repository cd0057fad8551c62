// Period button labels (doc 1 §2 Chart screen).
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { ChartPeriod } from './periods';

export const periodLabels: Record<ChartPeriod, MessageDescriptor> = {
  realtime: msg({ id: 'kline.period.realtime', message: 'Realtime' }),
  '1min': msg({ id: 'kline.period.1min', message: '1m' }),
  '5min': msg({ id: 'kline.period.5min', message: '5m' }),
  '15min': msg({ id: 'kline.period.15min', message: '15m' }),
  '30min': msg({ id: 'kline.period.30min', message: '30m' }),
  '60min': msg({ id: 'kline.period.60min', message: '1H' }),
  '1day': msg({ id: 'kline.period.1day', message: '1D' }),
  '1week': msg({ id: 'kline.period.1week', message: '1W' }),
  '1mon': msg({ id: 'kline.period.1mon', message: '1M' }),
};

/** Spoken names, for the buttons' accessible names and the chart's description. */
export const periodNames: Record<ChartPeriod, MessageDescriptor> = {
  realtime: msg({ id: 'kline.period.realtime.name', message: 'Realtime' }),
  '1min': msg({ id: 'kline.period.1min.name', message: '1 minute' }),
  '5min': msg({ id: 'kline.period.5min.name', message: '5 minutes' }),
  '15min': msg({ id: 'kline.period.15min.name', message: '15 minutes' }),
  '30min': msg({ id: 'kline.period.30min.name', message: '30 minutes' }),
  '60min': msg({ id: 'kline.period.60min.name', message: '60 minutes' }),
  '1day': msg({ id: 'kline.period.1day.name', message: '1 day' }),
  '1week': msg({ id: 'kline.period.1week.name', message: '1 week' }),
  '1mon': msg({ id: 'kline.period.1mon.name', message: '1 month' }),
};
