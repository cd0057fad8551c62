// The mini chart of the home and quotes lists: its line shows at once as SVG; Highcharts (the chart page's chunk) is asked
// for only after the first render, in an idle moment, and then draws one bare line series.
import { act, screen } from '@testing-library/react';
import { rawAnswer, renderPage } from '@app/shared/testing';
import * as highcharts from '../features/chart/api/highcharts';
import type { HighchartsLib } from '../features/chart/api/highcharts';
import { IDLE_FALLBACK_MS, resetMiniHighcharts } from '../features/quotes/hooks/useMiniHighcharts';
import { MiniChart } from '../features/quotes/components/MiniChart';
import { candle, resetMarketsState, stubMarketCalls } from '../testing/fixtures';

interface MadeChart {
  options: {
    chart: { animation: boolean };
    tooltip: { enabled: boolean };
    series: Array<{ type: string; data: number[] }>;
  };
}

/** A stand-in for Highcharts (called by highcharts-react-official as Highcharts is). */
function fakeHighcharts() {
  const made: MadeChart[] = [];
  const chart = jest.fn((container: HTMLElement, options: MadeChart['options']) => {
    const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
    svg.setAttribute('class', 'highcharts-root');
    container.appendChild(svg);
    made.push({ options });
    return { destroy: jest.fn(), update: jest.fn() };
  });
  const load = jest
    .spyOn(highcharts, 'loadHighcharts')
    .mockResolvedValue({ chart } as unknown as HighchartsLib);
  return { made, load };
}

beforeEach(() => {
  resetMarketsState();
  resetMiniHighcharts();
  jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
});
afterEach(() => jest.useRealTimers());

describe('MiniChart', () => {
  it('shows the SVG line first, loads Highcharts only when idle, then draws one bare series', async () => {
    stubMarketCalls({
      'GET /api/currency/new_timeshar': () =>
        rawAnswer(200, { code: 1, data: [candle(1, '1'), candle(2, '3'), candle(3, '2')] }),
    });
    const { made, load } = fakeHighcharts();
    renderPage(<MiniChart symbol="BTC/USDT" />);
    await act(() => jest.advanceTimersByTimeAsync(0));
    const mini = screen.getByTestId('mini-BTC/USDT');
    expect(mini.querySelector('polyline')?.getAttribute('points')).toBe('0,22 26,2 52,12');
    expect(load).not.toHaveBeenCalled();

    // An idle moment after the first render: the library; the next one: this chart's turn.
    await act(() => jest.advanceTimersByTimeAsync(IDLE_FALLBACK_MS));
    expect(load).toHaveBeenCalledTimes(1);
    await act(() => jest.advanceTimersByTimeAsync(IDLE_FALLBACK_MS));
    expect(made).toHaveLength(1);
    expect(mini.querySelector('polyline')).toBeNull();
    expect(mini.querySelector('.highcharts-root')).not.toBeNull();
    const options = made[0]?.options;
    expect(options?.chart.animation).toBe(false);
    expect(options?.tooltip.enabled).toBe(false);
    expect(options?.series).toEqual([expect.objectContaining({ type: 'line', data: [1, 3, 2] })]);
  });

  it('keeps the SVG line when Highcharts cannot load', async () => {
    stubMarketCalls();
    jest.spyOn(highcharts, 'loadHighcharts').mockRejectedValue(new Error('chunk failed'));
    renderPage(<MiniChart symbol="BTC/USDT" />);
    await act(() => jest.advanceTimersByTimeAsync(3 * IDLE_FALLBACK_MS));
    expect(screen.getByTestId('mini-BTC/USDT').querySelector('polyline')).not.toBeNull();
  });
});
