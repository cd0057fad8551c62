import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { hold, renderPage, fakeSocket, type FetchAnswer, type FetchMock } from '@app/shared/testing';
import { getDefaultStore } from 'jotai';
import { loadQuotesCached, resetQuoteStores, socketStatusAtom, useLocation } from '@app/shared';
import KlinePage from './KlinePage';
import * as highcharts from '../features/chart/api/highcharts';
import type { HighchartsLib } from '../features/chart/api/highcharts';
import { CRYPTO, METALS, candle, resetMarketsState, stubMarketCalls, unreachable } from '../testing/fixtures';

interface FakePoint {
  x: number;
  update: jest.Mock;
}
interface FakeSeries {
  options: { id: string; type: string; data: unknown };
  setData: jest.Mock;
  addPoint: jest.Mock;
  points: FakePoint[];
}
interface FakeChart {
  series: FakeSeries[];
  destroyed: boolean;
}

/** A stand-in for Highcharts that records what the chart was asked to draw. */
function fakeHighcharts() {
  const charts: FakeChart[] = [];
  const fakeSeries = (s: { id: string; type: string; data: unknown }): FakeSeries => {
    const point = (d: unknown) => ({
      x: Array.isArray(d) ? (d[0] as number) : (d as { x: number }).x,
      update: jest.fn(),
    });
    const points = (Array.isArray(s.data) ? (s.data as unknown[]) : []).map(point);
    return { options: s, setData: jest.fn(), addPoint: jest.fn((d) => points.push(point(d))), points };
  };
  // Called by highcharts-react-official as Highcharts is: (container, options, callback).
  const make = (
    _el: unknown,
    options: { series: Array<{ id: string; type: string; data: unknown }> },
    callback?: (chart: unknown) => void,
  ) => {
    const chart: FakeChart & Record<string, unknown> = {
      destroyed: false,
      series: options.series.map(fakeSeries),
      xAxis: [{ getExtremes: () => ({ min: 0, max: 0, dataMax: 0 }), setExtremes: jest.fn() }],
      redraw: jest.fn(),
      destroy: () => {
        chart.destroyed = true;
      },
    };
    chart.addSeries = jest.fn((s: { id: string; type: string; data: unknown }) => {
      chart.series.push(fakeSeries(s));
    });
    charts.push(chart);
    callback?.(chart);
    return chart;
  };
  const lib = { setOptions: jest.fn(), addEvent: jest.fn(), stockChart: jest.fn(make), chart: jest.fn(make) };
  jest.spyOn(highcharts, 'loadHighcharts').mockResolvedValue(lib as unknown as HighchartsLib);
  const stock = () => charts.filter((_, i) => lib.stockChart.mock.results.some((r) => r.value === charts[i]));
  return { lib, charts, live: () => stock().filter((c) => !c.destroyed) };
}

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname + location.search}</p>;
}

function setup(url = '/kline?hqtab=0&nowPrice=64000.00&change=1.20&high=65000.00&low=63000.00&vol=1500') {
  const socket = fakeSocket();
  const user = userEvent.setup();
  renderPage(<KlinePage />, {
    url,
    path: '/kline',
    title: 'Chart',
    otherRoutes: { '/': <Where />, '/trade': <Where />, '/quotes': <Where /> },
  });
  return { socket, user };
}

beforeEach(() => {
  resetMarketsState();
  stubMarketCalls();
});

/** What the chart asked for: the symbol and period of each candle request. */
/** The ids and change a kline payload carries beside its candle (contract). */
const KLINE_IDS = { currency_id: 1, legal_id: 3, change: '0.00' };

const asked = (net: FetchMock, route: 'GET /api/currency/new_timeshar' | 'POST /api/futuresKline') =>
  net.to(route).map((c) => c.body);

describe('KlinePage', () => {
  it('shows the header from the query at once, then live from daymarket', async () => {
    const gate = hold<FetchAnswer<'GET /api/currency/quotation_new'>>();
    stubMarketCalls({
      'GET /api/currency/quotation_new': () => gate.promise,
      // No candles: the chart stays loading.
      'GET /api/currency/new_timeshar': () => new Promise(() => undefined),
    });
    jest.spyOn(highcharts, 'loadHighcharts').mockReturnValue(new Promise(() => undefined));
    const { socket } = setup();
    expect(await screen.findByTestId('kline-pair')).toHaveTextContent('BTC/USDT');
    expect(screen.getByText('Crypto')).toBeInTheDocument();
    expect(screen.getByTestId('kline-price')).toHaveTextContent('64,000.00');
    expect(screen.getByTestId('kline-change')).toHaveTextContent('+1.20%');
    expect(screen.getByText('65,000.00')).toBeInTheDocument();
    expect(screen.getByText('1.5K')).toBeInTheDocument();
    await act(async () =>
      gate.release([{ id: 1, name: 'USDT', legal_id: 3, legal_name: 'USDT', quotation: CRYPTO }]),
    );
    await waitFor(() => expect(screen.getByTestId('kline-price')).toHaveTextContent('65,000.00'));
    await socket.subscribed('daymarket');
    act(() => socket.emit('daymarket', { ...CRYPTO[0], now_price: '66000.50', change: '-3.00', color: -1 }));
    await waitFor(() => expect(screen.getByTestId('kline-price')).toHaveTextContent('66,000.50'));
    expect(screen.getByTestId('kline-change')).toHaveTextContent('-3.00%');
  });

  it('draws candles with volume and MA5/10/30, redraws on a period switch, realtime as a line', async () => {
    const hc = fakeHighcharts();
    const net = stubMarketCalls();
    const { user } = setup();
    await waitFor(() => expect(hc.live()).toHaveLength(1));
    expect(asked(net, 'GET /api/currency/new_timeshar')).toEqual([{ symbol: 'BTC/USDT', period: '15min' }]);
    // Candles first, then volume and each moving average in the following tasks.
    await waitFor(() =>
      expect(hc.live()[0]?.series.map((s) => `${s.options.type}:${s.options.id}`)).toEqual([
        'candlestick:price',
        'column:volume',
        'line:ma5',
        'line:ma10',
        'line:ma30',
      ]),
    );
    // Numbers reach Highcharts only here: [time, open, high, low, close].
    expect(hc.live()[0]?.series[0]?.options.data).toEqual([
      [1, 1, 1, 1, 1],
      [2, 3, 3, 3, 3],
      [3, 2, 2, 2, 2],
    ]);

    await user.click(screen.getByRole('button', { name: /^5\S* 5 minutes$/ }));
    expect(screen.getByRole('button', { name: /^5\S* 5 minutes$/ })).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() => expect(hc.lib.stockChart).toHaveBeenCalledTimes(2));
    expect(asked(net, 'GET /api/currency/new_timeshar').at(-1)).toEqual({
      symbol: 'BTC/USDT',
      period: '5min',
    });
    expect(hc.live()).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: /Realtime$/ }));
    await waitFor(() => expect(hc.live()[0]?.series.map((s) => s.options.type)).toEqual(['area', 'column']));
    expect(asked(net, 'GET /api/currency/new_timeshar').at(-1)).toEqual({
      symbol: 'BTC/USDT',
      period: '1min',
    });
  });

  it('takes live candles from kline, ignoring those with a low of 1e-6 or below', async () => {
    const hc = fakeHighcharts();
    const { socket } = setup();
    await waitFor(() => expect(hc.live()).toHaveLength(1));
    await socket.subscribed('kline', { symbol: 'BTC/USDT', period: '15min' });
    const price = () => hc.live()[0]!.series[0]!;
    await socket.subscribed('kline');
    act(() => {
      socket.emit('kline', {
        ...KLINE_IDS,
        symbol: 'BTC/USDT',
        period: '15min',
        ...candle(3, '2.5', { high: '4', low: '0.000001' }),
      });
    });
    await socket.subscribed('kline');
    act(() => {
      socket.emit('kline', { ...KLINE_IDS, symbol: 'BTC/USDT', period: '15min', ...candle(4, '5') });
    });
    // The new bar is appended in place (no setData, no animation); the bad one is ignored.
    await waitFor(() => expect(price().addPoint).toHaveBeenCalledWith([4, 5, 5, 5, 5], false, false, false));
    expect(price().addPoint).toHaveBeenCalledTimes(1);
    expect(price().setData).not.toHaveBeenCalled();
    // The volume follows in the next task (one redraw a task).
    await waitFor(() =>
      expect(hc.live()[0]!.series[1]!.addPoint).toHaveBeenCalledWith(
        expect.objectContaining({ x: 4, y: 1 }),
        false,
        false,
        false,
      ),
    );
    // A changed last bar updates its drawn point.
    await socket.subscribed('kline');
    act(() => {
      socket.emit('kline', { ...KLINE_IDS, symbol: 'BTC/USDT', period: '15min', ...candle(3, '2.75') });
    });
    const bar3 = () => price().points.find((p) => p.x === 3)!.update;
    await waitFor(() => expect(bar3()).toHaveBeenCalledWith([3, 2.75, 2.75, 2.75, 2.75], false, false), {
      timeout: 3000,
    });
  });

  it('shows the order book and the last trades, live', async () => {
    jest.spyOn(highcharts, 'loadHighcharts').mockReturnValue(new Promise(() => undefined));
    const { socket, user } = setup();
    const book = await screen.findByTestId('order-book');
    expect(within(book).getByRole('list', { name: 'Bids' })).toHaveTextContent('64,990.00');
    expect(within(book).getByRole('list', { name: 'Asks' })).toHaveTextContent('65,010.00');
    await socket.subscribed('market_depth');
    act(() =>
      socket.emit('market_depth', {
        currency_id: 1,
        legal_id: 3,
        symbol: 'BTC/USDT',
        bids: [['64500.00', '3']],
        asks: [['65500.00', '1']],
      }),
    );
    await waitFor(() =>
      expect(within(book).getByRole('list', { name: 'Bids' })).toHaveTextContent('64,500.00'),
    );

    await user.click(screen.getByRole('tab', { name: 'Trades' }));
    const trades = await screen.findByRole('list', { name: 'Recent trades' });
    expect(within(trades).getAllByRole('listitem')).toHaveLength(2);
    await socket.subscribed('market_detail');
    act(() =>
      socket.emit('market_detail', {
        currency_id: 1,
        legal_id: 3,
        symbol: 'BTC/USDT',
        data: Array.from({ length: 25 }, (_, i) => ({
          seq: 100 - i,
          price: '65100.00',
          number: '0.1',
          way: 2,
          time: 1_800_000_000_000 - i,
        })),
      }),
    );
    await waitFor(() => expect(within(trades).getAllByRole('listitem')).toHaveLength(20));
  });

  it('switches pair from the market list and keeps the query in step', async () => {
    jest.spyOn(highcharts, 'loadHighcharts').mockReturnValue(new Promise(() => undefined));
    const net = stubMarketCalls();
    const { user } = setup('/kline?from=quotes&hqtab=0&nowPrice=64000.00');
    await screen.findByTestId('kline-pair');
    await user.click(screen.getByRole('button', { name: /choose another pair/ }));
    const drawer = await screen.findByRole('dialog', { name: 'Choose a pair' });
    await user.click(within(await within(drawer).findByTestId('quote-row-ETH/USDT')).getByRole('button'));
    await waitFor(() => expect(screen.getByTestId('kline-pair')).toHaveTextContent('ETH/USDT'));
    expect(window.localStorage.getItem('currentCurrency')).toBe('ETH');
    expect(window.localStorage.getItem('currentCurrencyID')).toBe('2');
    await waitFor(() =>
      expect(asked(net, 'GET /api/currency/new_timeshar').at(-1)).toEqual({
        symbol: 'ETH/USDT',
        period: '15min',
      }),
    );
    expect(screen.getByTestId('kline-price')).toHaveTextContent('3,200.10');
  });

  it('while the server cannot be reached, the pair picker lists the instruments last seen', async () => {
    jest.spyOn(highcharts, 'loadHighcharts').mockReturnValue(new Promise(() => undefined));
    // An earlier visit loaded the metals tab (kept on the device); this one starts offline.
    await loadQuotesCached(1, false);
    resetQuoteStores();
    stubMarketCalls({ 'GET /api/currency/quotation_new': unreachable, 'POST /api/futureslist': unreachable });
    window.localStorage.setItem('currentCurrency', 'XAUUSD');
    window.localStorage.setItem('currentCurrencyID', '101');
    act(() => getDefaultStore().set(socketStatusAtom, 'reconnecting'));
    const { user } = setup('/kline?from=quotes&hqtab=1&nowPrice=2300.00');
    await screen.findByTestId('kline-pair');
    await user.click(screen.getByRole('button', { name: /choose another pair/ }));
    const drawer = await screen.findByRole('dialog', { name: 'Choose a pair' });
    expect(await within(drawer).findByTestId('quote-row-XAUUSD')).toBeInTheDocument();
    expect(within(drawer).queryByRole('alert')).toBeNull();
  });

  it('goes back to /{from}, with ?mode for trade', async () => {
    jest.spyOn(highcharts, 'loadHighcharts').mockReturnValue(new Promise(() => undefined));
    const { user } = setup('/kline?from=trade&mode=2&hqtab=0');
    await user.click(await screen.findByRole('button', { name: 'Back' }));
    expect((await screen.findByTestId('where')).textContent).toBe('/trade?mode=2');
  });

  it('charts a metal from futuresKline and futures_kline, with its trading hours', async () => {
    const hc = fakeHighcharts();
    window.localStorage.setItem('currentCurrency', 'XAGUSD');
    window.localStorage.setItem('currentCurrencyID', '102');
    window.localStorage.setItem('match_id', '22');
    const net = stubMarketCalls();
    const { socket } = setup('/kline?hqtab=1');
    expect(await screen.findByTestId('kline-pair')).toHaveTextContent('XAGUSD');
    expect(screen.getByText('Precious metals')).toBeInTheDocument();
    await waitFor(() => expect(hc.live()).toHaveLength(1));
    expect(asked(net, 'POST /api/futuresKline')).toContainEqual({ symbol: 'XAGUSD', period: '15min' });
    expect(asked(net, 'GET /api/currency/new_timeshar')).toEqual([]);
    await socket.subscribed('futures_kline', { symbol: 'XAGUSD', period: '15min' });
    // Closed (futureslist says inTrade 0), then the schedule channel opens it.
    await waitFor(() =>
      expect(screen.getByRole('button', { name: /choose another pair/ })).toHaveTextContent('Closed'),
    );
    await socket.subscribed('market_schedule_102');
    act(() =>
      socket.emit('market_schedule_102', {
        currency_id: 102,
        symbol: 'XAGUSD',
        inTrade: 1,
        next_change: null,
      }),
    );
    await waitFor(() =>
      expect(screen.getByRole('button', { name: /choose another pair/ })).not.toHaveTextContent('Closed'),
    );
    expect(window.localStorage.getItem('inTrade')).toBe('1');
    expect(METALS[1]?.inTrade).toBe(0);
  });

  it('offers spot only for a crypto pair: a metal gets leverage and options, never a spot ticket', async () => {
    jest.spyOn(highcharts, 'loadHighcharts').mockReturnValue(new Promise(() => undefined));
    window.localStorage.setItem('currentCurrency', 'XAGUSD');
    window.localStorage.setItem('currentCurrencyID', '102');
    window.localStorage.setItem('match_id', '22');
    setup('/kline?hqtab=1');
    expect(await screen.findByTestId('kline-pair')).toHaveTextContent('XAGUSD');
    expect(screen.getByRole('link', { name: 'Leverage' })).toHaveAttribute('href', '/trade?mode=1');
    expect(screen.getByRole('link', { name: 'Options' })).toHaveAttribute('href', '/trade?mode=2');
    expect(screen.queryByRole('link', { name: 'Spot' })).not.toBeInTheDocument();
  });

  it('offers spot for a crypto pair', async () => {
    jest.spyOn(highcharts, 'loadHighcharts').mockReturnValue(new Promise(() => undefined));
    setup();
    expect(await screen.findByTestId('kline-pair')).toHaveTextContent('BTC/USDT');
    expect(screen.getByRole('link', { name: 'Spot' })).toHaveAttribute('href', '/exchange');
  });
});
