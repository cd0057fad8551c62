// The chart's candles as a query: asked again every 10 s, live candles in between, answered at
// the network edge (fetch).
import { act, screen } from '@testing-library/react';
import { rawAnswer, renderPage, fakeSocket } from '@app/shared/testing';
import type { MarketPair } from '@app/shared';
import { candle, resetMarketsState, stubMarketCalls } from '../../../testing/fixtures';
import { CHART_REFRESH_MS, useCandles } from './useCandles';

const BTC: MarketPair = { tab: 0, currencyId: 1, matchId: 1, legalId: 3, name: 'BTC', symbol: 'BTC/USDT' };

function Probe() {
  const c = useCandles(BTC, '15min');
  return (
    <p>
      {c.status} {c.candles.map((k) => k.close).join(',')} load {c.loadId}
    </p>
  );
}

beforeEach(() => {
  resetMarketsState();
  jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
});
afterEach(() => jest.useRealTimers());

describe('useCandles', () => {
  it('asks for the candles again every 10 s, keeping the dataset (no new build)', async () => {
    let close = '2';
    const net = stubMarketCalls({
      'GET /api/currency/new_timeshar': () =>
        rawAnswer(200, { code: 1, data: [candle(1, '1'), candle(2, close)] }),
    });
    fakeSocket();
    renderPage(<Probe />);
    await act(() => jest.advanceTimersByTimeAsync(0));
    const first = await screen.findByText(/^ready 1,2 load \d+$/);
    const load = first.textContent?.split(' load ')[1];
    expect(net.to('GET /api/currency/new_timeshar')).toHaveLength(1);

    close = '5';
    await act(() => jest.advanceTimersByTimeAsync(CHART_REFRESH_MS - 100));
    expect(net.to('GET /api/currency/new_timeshar')).toHaveLength(1);
    await act(() => jest.advanceTimersByTimeAsync(200));
    expect(net.to('GET /api/currency/new_timeshar')).toHaveLength(2);
    expect(await screen.findByText(`ready 1,5 load ${load}`)).toBeInTheDocument();
  });

  it('merges live candles into the cached data', async () => {
    stubMarketCalls();
    const socket = fakeSocket();
    renderPage(<Probe />);
    await act(() => jest.advanceTimersByTimeAsync(0));
    await screen.findByText(/^ready 1,3,2 load/);
    await socket.subscribed('kline');
    act(() =>
      socket.emit('kline', {
        ...candle(4, '7'),
        symbol: 'BTC/USDT',
        period: '15min',
        change: '0.00',
        currency_id: 1,
        legal_id: 3,
      }),
    );
    await act(() => jest.advanceTimersByTimeAsync(50));
    expect(await screen.findByText(/^ready 1,3,2,7 load/)).toBeInTheDocument();
  });
});
