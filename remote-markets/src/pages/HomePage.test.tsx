import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { networkDown, renderPage, fakeSocket } from '@app/shared/testing';
import { socketStatusAtom, useLocation } from '@app/shared';
import { getDefaultStore } from 'jotai';
import HomePage from './HomePage';
import * as format from '../features/quotes/model/format';
import { CRYPTO, MARKET_ROUTES, METALS, resetMarketsState, stubMarketCalls } from '../testing/fixtures';

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname + location.search}</p>;
}

function setup() {
  const socket = fakeSocket();
  const user = userEvent.setup();
  renderPage(<HomePage />, {
    url: '/',
    title: 'Home',
    otherRoutes: { '/kline': <Where />, '/notice': <Where />, '/imgbn': <Where /> },
  });
  return { socket, user };
}

beforeEach(() => {
  resetMarketsState();
  stubMarketCalls();
});

describe('HomePage', () => {
  it('shows banners, the announcement ticker, three tiles, shortcuts and the quote list', async () => {
    setup();
    expect(
      await screen.findByRole('button', { name: /Trade crypto anytime \(1 of 2\)/ }),
    ).toBeInTheDocument();
    expect(await screen.findByTestId('ticker-title')).toHaveTextContent('Security reminder');
    const tiles = await screen.findByRole('region', { name: 'Top pairs' });
    expect(within(tiles).getAllByRole('button')).toHaveLength(3);
    expect(within(tiles).getByTestId('quote-tile-BTC/USDT')).toHaveTextContent('65,000.00');
    expect(within(tiles).getByTestId('quote-tile-BTC/USDT')).toHaveTextContent('+1.50%');
    expect(within(tiles).getByTestId('quote-tile-BTC/USDT')).toHaveTextContent('Vol 2.36K');
    const list = screen.getByRole('list', { name: 'Quotes' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(4);
    expect(screen.getByRole('link', { name: /Lock-up mining/ })).toHaveAttribute('href', '/zhiya');
    expect(screen.getByRole('link', { name: 'Help' })).toHaveAttribute('href', '/help');
    expect(screen.getByRole('link', { name: 'Fast recharge' })).toHaveAttribute('href', '/Recharge');
    expect(screen.getByRole('link', { name: 'Customer service' })).toHaveAttribute('href', '/onlineServer');
  });

  it('moves tiles and rows with a live daymarket quote', async () => {
    const { socket } = setup();
    const tile = await screen.findByTestId('quote-tile-BTC/USDT');
    await socket.subscribed('daymarket');
    act(() => socket.emit('daymarket', { ...CRYPTO[0], now_price: '70123.45', change: '-0.42', color: -1 }));
    await waitFor(() => expect(tile).toHaveTextContent('70,123.45'));
    expect(tile).toHaveTextContent('-0.42%');
    const row = screen.getByTestId('quote-row-BTC/USDT');
    expect(within(row).getByTestId('quote-price')).toHaveTextContent('70,123.45');
    expect(row).toHaveTextContent('-0.42%');
    // Other rows keep their values.
    expect(screen.getByTestId('quote-row-ETH/USDT')).toHaveTextContent('3,200.10');
  });

  it('draws a mini chart per row from new_timeshar (last 7 days)', async () => {
    setup();
    const mini = await screen.findByTestId('mini-BTC/USDT');
    await waitFor(() => expect(mini.querySelector('polyline')).not.toBeNull());
    expect(mini.querySelector('polyline')?.getAttribute('points')).toBe('0,22 26,2 52,12');
  });

  it('switches to precious metals, keeps the tab under hqtab, shows local change and closed markets', async () => {
    const { user, socket } = setup();
    await screen.findByTestId('quote-row-BTC/USDT');
    await user.click(screen.getByRole('tab', { name: 'Precious metals' }));
    expect(window.localStorage.getItem('hqtab')).toBe('1');
    const gold = await screen.findByTestId('quote-row-XAUUSD');
    expect(gold).toHaveTextContent('2,196.56');
    expect(gold).toHaveTextContent('+0.10%');
    expect(screen.getByTestId('quote-row-XAGUSD')).toHaveTextContent('Closed');
    await socket.subscribed('futures');
    act(() => socket.emit('futures', { ...METALS[0], new_price: '2000.00', last_close: '2194.29' }));
    await waitFor(() => expect(gold).toHaveTextContent('-8.85%'));
  });

  it('opens the chart from a row: stores the pair and passes the header values', async () => {
    const { user } = setup();
    const row = await screen.findByTestId('quote-row-ETH/USDT');
    await user.click(within(row).getByRole('button'));
    const where = await screen.findByTestId('where');
    expect(where.textContent).toBe(
      '/kline?hqtab=0&nowPrice=3200.10&change=-2.25&high=110.00&low=90.00&vol=34690.5451',
    );
    expect(window.localStorage.getItem('currentCurrency')).toBe('ETH');
    expect(window.localStorage.getItem('currentCurrencyID')).toBe('2');
    expect(window.localStorage.getItem('match_id')).toBe('2');
    expect(window.localStorage.getItem('hqtab')).toBe('0');
  });

  it('opens the notice list from the ticker', async () => {
    const { user } = setup();
    await user.click(await screen.findByRole('link', { name: /Announcements/ }));
    expect((await screen.findByTestId('where')).textContent).toBe('/notice');
  });

  it('opens the banner page from a banner', async () => {
    const { user } = setup();
    await user.click(await screen.findByRole('button', { name: /Trade crypto anytime/ }));
    expect((await screen.findByTestId('where')).textContent).toBe('/imgbn?id=1');
  });

  it('re-renders only the rows whose quote changed, once per frame', async () => {
    const { socket } = setup();
    await screen.findByTestId('quote-row-LTC/USDT');
    const render = jest.spyOn(format, 'formatPrice');
    await socket.subscribed('daymarket');
    act(() => {
      socket.emit('daymarket', { ...CRYPTO[0], now_price: '70000.01' });
      socket.emit('daymarket', { ...CRYPTO[0], now_price: '70000.02' });
      socket.emit('daymarket', { ...CRYPTO[0], now_price: '70000.03' });
    });
    await waitFor(() => expect(screen.getByTestId('quote-row-BTC/USDT')).toHaveTextContent('70,000.03'));
    const prices = render.mock.calls.map(([price]) => price);
    // The BTC row and tile, once each for the whole burst; no other row.
    expect(prices.filter((p) => p === '70000.03')).toHaveLength(2);
    expect(prices).not.toContain('70000.01');
    expect(prices).not.toContain('3200.10');
    expect(prices).not.toContain('72.30');
  });

  it('keeps the last values while the connection is down and reloads once it is back', async () => {
    setup();
    const row = await screen.findByTestId('quote-row-BTC/USDT');
    const net = stubMarketCalls({
      'GET /api/currency/quotation_new': () => [
        {
          id: 1,
          name: 'USDT',
          legal_id: 3,
          legal_name: 'USDT',
          quotation: [{ ...CRYPTO[0]!, now_price: '61000.00' }],
        },
      ],
    });
    const crypto = () => net.to('GET /api/currency/quotation_new');
    act(() => getDefaultStore().set(socketStatusAtom, 'reconnecting'));
    expect(row).toHaveTextContent('65,000.00');
    expect(crypto()).toHaveLength(0);
    act(() => getDefaultStore().set(socketStatusAtom, 'connected'));
    await waitFor(() => expect(screen.getByTestId('quote-row-BTC/USDT')).toHaveTextContent('61,000.00'));
    // Tiles and list share one request.
    expect(crypto()).toHaveLength(1);
  });

  it('shows an error with retry when the quotes cannot load', async () => {
    // No answer until the retry (the client tries a GET three times before it fails).
    let up = false;
    const quotes = MARKET_ROUTES['GET /api/currency/quotation_new']!;
    const net = stubMarketCalls({
      'GET /api/currency/quotation_new': (body, call) => (up ? quotes(body, call) : networkDown()),
    });
    const { user } = setup();
    // Three tries with ky's backoff (0.3 s, 0.6 s) before the failure shows.
    const list = await screen.findByText('Network error, please try again', undefined, { timeout: 5000 });
    expect(await screen.findByText('Quotes are unavailable.')).toBeInTheDocument();
    // One call for the tiles and the list together: its three tries, no more.
    expect(net.to('GET /api/currency/quotation_new')).toHaveLength(3);
    up = true;
    await user.click(
      await within(list.closest('[role="alert"]') as HTMLElement).findByRole('button', { name: 'Retry' }),
    );
    expect(await screen.findByTestId('quote-row-BTC/USDT')).toBeInTheDocument();
    expect(await screen.findByTestId('quote-tile-BTC/USDT')).toBeInTheDocument();
  });
});
