// The mini chart of the home and quotes lists: its line shows at once as SVG; Highcharts (the chart page's chunk) is asked
// for only after the first render, in an idle moment, and then draws one bare line series.
import { act, screen } from '@testing-library/react';
import { rawAnswer, renderPage } from '@app/shared/testing';
import * as highcharts from '../features/chart/api/highcharts';
import type { HighchartsCore } from '../features/chart/api/highcharts';
import { IDLE_FALLBACK_MS, resetMiniHighcharts } from '../features/quotes/hooks/useMiniHighcharts';
import { MiniChart } from '../features/quotes/components/MiniChart';
import { startMiniRenderer } from '../features/quotes/components/MiniHighchart';
import { candle, resetMarketsState, stubMarketCalls } from '../testing/fixtures';

interface Line {
  type: string;
  name: string;
  data: number[];
}
interface MadeChart {
  options: {
    chart: { animation: boolean };
    tooltip: { enabled: boolean };
    series: Line[];
  };
  added: Line[];
}

/** A stand-in for Highcharts (called by highcharts-react-official as Highcharts is). */
function fakeHighcharts() {
  const made: MadeChart[] = [];
  const chart = jest.fn(
    (container: HTMLElement, options: MadeChart['options'], callback?: (chart: unknown) => void) => {
      const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
      svg.setAttribute('class', 'highcharts-root');
      container.appendChild(svg);
      const record: MadeChart = { options, added: [] };
      made.push(record);
      const instance = {
        destroy: jest.fn(),
        update: jest.fn(),
        addSeries: jest.fn((line: Line) => record.added.push(line)),
      };
      callback?.(instance);
      return instance;
    },
  );
  const load = jest
    .spyOn(highcharts, 'loadHighchartsCore')
    .mockResolvedValue({ chart } as unknown as HighchartsCore);
  // The stock module is the chart page's: a list never asks for it.
  const stock = jest.spyOn(highcharts, 'loadHighcharts');
  return { made, load, stock };
}

beforeEach(() => {
  resetMarketsState();
  resetMiniHighcharts();
  jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
});
afterEach(() => jest.useRealTimers());

describe('MiniChart', () => {
  it('shows the SVG line first, loads Highcharts only when idle, then draws one bare series in two idle slots', async () => {
    stubMarketCalls({
      'GET /api/currency/new_timeshar': () =>
        rawAnswer(200, { code: 1, data: [candle(1, '1'), candle(2, '3'), candle(3, '2')] }),
    });
    const { made, load, stock } = fakeHighcharts();
    renderPage(<MiniChart symbol="BTC/USDT" />);
    await act(() => jest.advanceTimersByTimeAsync(0));
    const mini = screen.getByTestId('mini-BTC/USDT');
    expect(mini.querySelector('polyline')?.getAttribute('points')).toBe('0,22 26,2 52,12');
    expect(load).not.toHaveBeenCalled();

    // An idle moment after the first render: the library; the next one: the renderer's start
    // (the stand-in has none); the next: this chart's turn.
    await act(() => jest.advanceTimersByTimeAsync(IDLE_FALLBACK_MS));
    expect(load).toHaveBeenCalledTimes(1);
    await act(() => jest.advanceTimersByTimeAsync(IDLE_FALLBACK_MS));
    expect(made).toHaveLength(0);
    await act(() => jest.advanceTimersByTimeAsync(IDLE_FALLBACK_MS));
    expect(made).toHaveLength(1);
    expect(mini.querySelector('polyline')).toBeNull();
    expect(mini.querySelector('.highcharts-root')).not.toBeNull();
    const options = made[0]?.options;
    expect(options?.chart.animation).toBe(false);
    expect(options?.tooltip.enabled).toBe(false);
    // The page's first chart: its frame first, its line in the next idle slot.
    expect(options?.series).toEqual([]);
    expect(made[0]?.added).toEqual([]);
    await act(() => jest.advanceTimersByTimeAsync(IDLE_FALLBACK_MS));
    expect(made[0]?.added).toEqual([
      expect.objectContaining({ type: 'line', name: 'BTC/USDT', data: [1, 3, 2] }),
    ]);
    expect(stock).not.toHaveBeenCalled();
  });

  it('draws the later charts in one idle slot each, one after the other', async () => {
    stubMarketCalls({
      'GET /api/currency/new_timeshar': () =>
        rawAnswer(200, { code: 1, data: [candle(1, '1'), candle(2, '3'), candle(3, '2')] }),
    });
    const { made } = fakeHighcharts();
    renderPage(
      <>
        <MiniChart symbol="BTC/USDT" />
        <MiniChart symbol="ETH/USDT" />
        <MiniChart symbol="LTC/USDT" />
      </>,
    );
    await act(() => jest.advanceTimersByTimeAsync(0));
    await act(() => jest.advanceTimersByTimeAsync(IDLE_FALLBACK_MS)); // the library
    await act(() => jest.advanceTimersByTimeAsync(IDLE_FALLBACK_MS)); // the renderer's start
    await act(() => jest.advanceTimersByTimeAsync(IDLE_FALLBACK_MS)); // the first chart's frame
    expect(made).toHaveLength(1);
    await act(() => jest.advanceTimersByTimeAsync(IDLE_FALLBACK_MS)); // its line
    expect(made).toHaveLength(1);
    expect(made[0]?.added).toHaveLength(1);
    await act(() => jest.advanceTimersByTimeAsync(IDLE_FALLBACK_MS));
    expect(made).toHaveLength(2);
    expect(made[1]?.options.series).toEqual([expect.objectContaining({ type: 'line', data: [1, 3, 2] })]);
    expect(made[1]?.added).toEqual([]);
    await act(() => jest.advanceTimersByTimeAsync(IDLE_FALLBACK_MS));
    expect(made).toHaveLength(3);
    expect(made[2]?.options.series).toHaveLength(1);
  });

  it('keeps the SVG line when Highcharts cannot load', async () => {
    stubMarketCalls();
    jest.spyOn(highcharts, 'loadHighchartsCore').mockRejectedValue(new Error('chunk failed'));
    renderPage(<MiniChart symbol="BTC/USDT" />);
    await act(() => jest.advanceTimersByTimeAsync(3 * IDLE_FALLBACK_MS));
    expect(screen.getByTestId('mini-BTC/USDT').querySelector('polyline')).not.toBeNull();
  });

  it("starts Highcharts' renderer in a hidden box that it removes, also when the renderer fails", () => {
    const children = document.body.childElementCount;
    const SVGRenderer = jest.fn((box: HTMLElement) => {
      expect(box.isConnected).toBe(true);
      expect(box.getAttribute('aria-hidden')).toBe('true');
      throw new Error('no SVG here');
    });
    expect(() => startMiniRenderer({ SVGRenderer } as unknown as HighchartsCore)).toThrow('no SVG here');
    expect(SVGRenderer).toHaveBeenCalledTimes(1);
    expect(document.body.childElementCount).toBe(children);
  });
});
