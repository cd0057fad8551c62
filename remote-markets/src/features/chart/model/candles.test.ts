import { candleFromPayload, cleanCandles, isValidCandle, mergeCandle, movingAverage } from './candles';
import { candle } from '../../../testing/fixtures';
import { chartSeriesData, liveChange } from './chartData';

describe('candle rule (doc 1 §5): a candle whose low is 1e-6 or below is ignored', () => {
  it('filters bad candles out of a loaded series, sorted, one per time', () => {
    const list = [
      candle(3, '3'),
      candle(1, '1'),
      candle(2, '2', { low: '0.000001' }),
      candle(4, '4', { low: '0' }),
      candle(5, '5', { low: '0.0000011' }),
      candle(1, '1.5'),
    ];
    expect(cleanCandles(list).map((c) => [c.time, c.close])).toEqual([
      [1, '1.5'],
      [3, '3'],
      [5, '5'],
    ]);
    expect(isValidCandle(candle(1, '1', { low: '1e-6' }))).toBe(false);
    expect(isValidCandle(candle(1, '1', { low: 'abc' }))).toBe(false);
  });

  it('ignores such a candle when it comes live', () => {
    const series = [candle(1, '1'), candle(2, '2')];
    expect(mergeCandle(series, candle(2, '9', { low: '0.0000001' }))).toBe(series);
    expect(mergeCandle(series, candle(3, '9', { low: '0.000001' }))).toBe(series);
  });
});

describe('live candles', () => {
  const series = [candle(1, '1'), candle(2, '2')];
  it('replace the bar with the same time and extend with newer ones', () => {
    expect(mergeCandle(series, candle(2, '2.5')).map((c) => c.close)).toEqual(['1', '2.5']);
    expect(mergeCandle(series, candle(3, '3')).map((c) => c.time)).toEqual([1, 2, 3]);
    expect(mergeCandle(series, candle(1, '0.5')).map((c) => c.close)).toEqual(['0.5', '2']);
    expect(mergeCandle(series, candle(0, '0.5'))).toBe(series);
  });

  it('are read from kline payloads', () => {
    expect(
      candleFromPayload({
        symbol: 'BTC/USDT',
        period: '1min',
        time: 60_000,
        open: '1',
        high: '2',
        low: '0.5',
        close: '1.5',
        volume: '3',
        currency_id: 1,
      }),
    ).toEqual({ time: 60_000, open: '1', high: '2', low: '0.5', close: '1.5', volume: '3' });
    expect(candleFromPayload({ time: 'x' })).toBeNull();
    expect(candleFromPayload(null)).toBeNull();
  });
});

describe('moving averages', () => {
  it('average the closes of the last n candles, exactly', () => {
    const list = ['1', '2', '3', '4', '5', '6'].map((c, i) => candle(i, c));
    expect(movingAverage(list, 5)).toEqual([
      [4, '3'],
      [5, '4'],
    ]);
    expect(movingAverage([candle(0, '0.1'), candle(1, '0.2')], 2)).toEqual([[1, '0.15']]);
    expect(movingAverage(list.slice(0, 2), 5)).toEqual([]);
  });
});

describe('liveChange', () => {
  const c = (time: number, close: string) => ({
    time,
    open: close,
    high: close,
    low: close,
    close,
    volume: '2',
  });
  const base = [c(1, '1'), c(2, '2'), c(3, '3'), c(4, '4'), c(5, '5')];

  it('replaces the changed last bar and appends new ones, with their moving averages', () => {
    const next = [...base.slice(0, -1), c(5, '10'), c(6, '6')];
    const change = liveChange(base, next);
    expect(change.kind).toBe('points');
    if (change.kind !== 'points') return;
    expect(change.replace.map((p) => p.ohlc)).toEqual([[5, 10, 10, 10, 10]]);
    // MA5 of 1,2,3,4,10 = 4; of 2,3,4,10,6 = 5; MA10 not yet.
    expect(change.replace[0]!.ma[5]).toEqual([5, 4]);
    expect(change.append.map((p) => p.line)).toEqual([[6, 6]]);
    expect(change.append[0]!.ma[5]).toEqual([6, 5]);
    expect(change.append[0]!.ma[10]).toBeNull();
    expect(change.append[0]!.volume).toMatchObject({ x: 6, y: 2 });
  });

  it('asks for a full redraw when the series changed elsewhere', () => {
    expect(liveChange(base, base.slice(1)).kind).toBe('full');
    expect(liveChange(base, [c(0, '1'), ...base.slice(1)]).kind).toBe('full');
    expect(liveChange(base, [...base, c(6, '1'), c(7, '1'), c(8, '1'), c(9, '1'), c(10, '1')]).kind).toBe(
      'full',
    );
  });

  it('matches the moving average of the whole series', () => {
    const next = [...base, c(6, '7.5')];
    const change = liveChange(base, next);
    if (change.kind !== 'points') throw new Error('expected points');
    const whole = chartSeriesData(next).ma[5];
    expect(change.append[0]!.ma[5]).toEqual(whole[whole.length - 1]);
  });
});
