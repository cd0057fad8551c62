import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderPage, fakeSocket } from '@app/shared/testing';
import { useLocation } from '@app/shared';
import QuotesPage from './QuotesPage';
import { CRYPTO, resetMarketsState, stubMarketCalls } from '../testing/fixtures';

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname + location.search}</p>;
}

function setup() {
  const socket = fakeSocket();
  const user = userEvent.setup();
  renderPage(<QuotesPage />, { url: '/quotes', title: 'Markets', otherRoutes: { '/kline': <Where /> } });
  return { socket, user };
}

const rowNames = () =>
  within(screen.getByRole('list', { name: 'Quotes' }))
    .getAllByRole('listitem')
    .map((row) => row.getAttribute('data-testid')?.replace('quote-row-', ''));

beforeEach(() => {
  resetMarketsState();
  stubMarketCalls();
});

describe('QuotesPage', () => {
  it('is a tab root (no back button) with the three markets', async () => {
    setup();
    await screen.findByTestId('quote-row-BTC/USDT');
    expect(screen.queryByRole('button', { name: 'Back' })).not.toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual([
      'Crypto',
      'Precious metals',
      'Futures',
    ]);
    expect(rowNames()).toEqual(['BTC/USDT', 'ETH/USDT', 'XRP/USDT', 'LTC/USDT']);
  });

  it('searches by name', async () => {
    const { user } = setup();
    await screen.findByTestId('quote-row-BTC/USDT');
    await user.type(screen.getByRole('searchbox', { name: 'Search pairs' }), 'lt');
    await waitFor(() => expect(rowNames()).toEqual(['LTC/USDT']));
    await user.clear(screen.getByRole('searchbox', { name: 'Search pairs' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search pairs' }), 'zzz');
    expect(await screen.findByText('No pairs match “zzz”.')).toBeInTheDocument();
  });

  it('sorts by change and by volume, descending then ascending, and follows live values', async () => {
    const { user, socket } = setup();
    await screen.findByTestId('quote-row-BTC/USDT');
    const byChange = screen.getByRole('button', { name: /Sort by change/ });
    await user.click(byChange);
    expect(byChange).toHaveAttribute('data-sort', 'desc');
    expect(rowNames()).toEqual(['LTC/USDT', 'BTC/USDT', 'XRP/USDT', 'ETH/USDT']);
    await user.click(byChange);
    expect(rowNames()).toEqual(['ETH/USDT', 'XRP/USDT', 'BTC/USDT', 'LTC/USDT']);
    // A live change moves ETH to the end of the ascending order.
    await socket.subscribed('daymarket');
    act(() => socket.emit('daymarket', { ...CRYPTO[1], change: '9.00', color: 1 }));
    await waitFor(() => expect(rowNames()).toEqual(['XRP/USDT', 'BTC/USDT', 'LTC/USDT', 'ETH/USDT']));
    await user.click(byChange);
    expect(byChange).toHaveAttribute('data-sort', 'none');
    await user.click(screen.getByRole('button', { name: /Sort by volume/ }));
    expect(rowNames()).toEqual(['XRP/USDT', 'ETH/USDT', 'BTC/USDT', 'LTC/USDT']);
  });

  it('keeps favourites first and in localStorage', async () => {
    const { user } = setup();
    await screen.findByTestId('quote-row-BTC/USDT');
    await user.click(screen.getByRole('button', { name: 'Add LTC/USDT to favourites' }));
    expect(rowNames()).toEqual(['LTC/USDT', 'BTC/USDT', 'ETH/USDT', 'XRP/USDT']);
    expect(JSON.parse(window.localStorage.getItem('favouriteQuotes') ?? '[]')).toEqual(['LTC/USDT']);
    const star = screen.getByRole('button', { name: 'Remove LTC/USDT from favourites' });
    expect(star).toHaveAttribute('aria-pressed', 'true');
    await user.click(star);
    expect(rowNames()).toEqual(['BTC/USDT', 'ETH/USDT', 'XRP/USDT', 'LTC/USDT']);
    expect(window.localStorage.getItem('favouriteQuotes')).toBe('[]');
  });

  it('opens the chart with from=quotes', async () => {
    const { user } = setup();
    await user.click(within(await screen.findByTestId('quote-row-XRP/USDT')).getAllByRole('button')[1]!);
    expect((await screen.findByTestId('where')).textContent).toMatch(
      /^\/kline\?from=quotes&hqtab=0&nowPrice=0.5201/,
    );
    expect(window.localStorage.getItem('currentCurrencyID')).toBe('5');
    expect(window.localStorage.getItem('match_id')).toBe('3');
  });

  it('shows futures with their computed change', async () => {
    const { user } = setup();
    await screen.findByTestId('quote-row-BTC/USDT');
    await user.click(screen.getByRole('tab', { name: 'Futures' }));
    const oil = await screen.findByTestId('quote-row-USOIL');
    // (83.02 - 83.50) / 83.50 x 100 = -0.5748... -> -0.57
    expect(oil).toHaveTextContent('-0.57%');
    expect(window.localStorage.getItem('hqtab')).toBe('2');
  });
});
