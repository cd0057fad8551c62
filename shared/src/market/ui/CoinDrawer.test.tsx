import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { market } from '@app/contract';
import { mockFetch, renderPage, fakeSocket, type FetchMock } from '../../testing/render';
import { resetQuoteStores, type MarketQuote } from '..';
import { CoinDrawer } from './CoinDrawer';

const crypto = (id: number, name: string, price: string, change: string): market.CryptoQuote => ({
  id,
  currency_id: id,
  legal_id: 3,
  currency_name: name,
  legal_name: 'USDT',
  symbol: `${name}/USDT`,
  logo: '',
  now_price: price,
  change,
  volume: '1000',
  high: price,
  low: price,
  open: price,
  color: change.startsWith('-') ? -1 : 1,
  spread: '0',
  lever_trade_fee: '0.1',
  lever_share_num: '0.01',
});
const GOLD: market.FuturesQuote = {
  id: 21,
  currency_id: 101,
  legal_id: 3,
  symbol: 'XAUUSD',
  name: 'Gold',
  logo: '',
  new_price: '2285.19',
  last_close: '2307.92',
  open_price: '2307.92',
  high_price: '2308.37',
  low_price: '2282.40',
  volume: '935950.53',
  inTrade: 1,
  change: '-0.98',
  color: -1,
  spread: '0.02',
  lever_trade_fee: '0.05',
  lever_share_num: '1',
};

let net: FetchMock;
beforeEach(() => {
  window.localStorage.clear();
  resetQuoteStores();
  net = mockFetch({
    'GET /api/currency/quotation_new': () => [
      {
        id: 1,
        name: 'USDT',
        legal_id: 3,
        legal_name: 'USDT',
        quotation: [crypto(1, 'BTC', '65000.00', '1.25'), crypto(2, 'ETH', '3200.10', '-0.50')],
      },
    ],
    'POST /api/futureslist': (body) => (body.marke === 'cm' ? [GOLD] : []),
  });
});
afterEach(() => {
  net.restore();
  jest.restoreAllMocks();
});

function setup(tabs: ReadonlyArray<0 | 1 | 2>) {
  const socket = fakeSocket();
  const onPick = jest.fn<void, [MarketQuote]>();
  renderPage(
    <CoinDrawer open onClose={() => undefined} onPick={onPick} selectedId={1} initialTab={0} tabs={tabs} />,
  );
  return { socket, onPick, user: userEvent.setup() };
}

describe('CoinDrawer', () => {
  it('lists the pairs of a market live, marks the one on screen, and hands the picked one', async () => {
    const { socket, onPick, user } = setup([0, 1, 2]);
    const drawer = await screen.findByRole('dialog', { name: 'Choose a pair' });
    const btc = await within(drawer).findByTestId('quote-row-BTC/USDT');
    expect(btc).toHaveTextContent('65,000.00');
    expect(btc).toHaveTextContent('+1.25%');
    expect(within(btc).getByRole('button')).toHaveAttribute('aria-current', 'true');
    expect(within(drawer).getByTestId('quote-row-ETH/USDT')).toHaveTextContent('-0.50%');

    await socket.subscribed('daymarket');
    act(() => socket.emit('daymarket', crypto(2, 'ETH', '3300.00', '2.00')));
    await waitFor(() =>
      expect(within(drawer).getByTestId('quote-row-ETH/USDT')).toHaveTextContent('3,300.00'),
    );

    await user.click(within(drawer).getByRole('tab', { name: 'Precious metals' }));
    const gold = await within(drawer).findByTestId('quote-row-XAUUSD');
    expect(gold).toHaveTextContent('Gold');
    await user.click(within(gold).getByRole('button'));
    expect(onPick).toHaveBeenCalledWith(
      expect.objectContaining({ symbol: 'XAUUSD', currencyId: 101, tab: 1 }),
    );
  });

  it('offers only the markets it is given (spot: the USDT pairs)', async () => {
    setup([0]);
    const drawer = await screen.findByRole('dialog', { name: 'Choose a pair' });
    expect(await within(drawer).findByTestId('quote-row-BTC/USDT')).toBeInTheDocument();
    expect(within(drawer).queryByRole('tab')).toBeNull();
    expect(net.to('POST /api/futureslist')).toHaveLength(0);
  });
});
