import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AnswerOf } from '@app/contract';
import { renderPage, fakeSocket, type FetchMock } from '@app/shared/testing';
import TradePage from './TradePage';
import { leverOrder, stubMarket } from '../testing/fixtures';

const HOLDING = leverOrder({
  // The stored open price carries more decimals than the instrument (2): shown truncated.
  price: '65032.509871',
  update_price: '65100.00',
  origin_caution_money: '65.0325',
  caution_money: '65.0325',
  trade_fee: '1.30065',
  liquidation_price: '61780.88',
  profits: '1.35',
});

const LEVER_DEAL: AnswerOf<'POST /api/lever/deal'> = {
  multiple: { muit: [{ value: 20 }, { value: 50 }], share: [1, 2, 5, 10, 20, 50, 100, 200] },
  user_lever: '5000.123',
  lock_lever: '0',
  now_price: '65000.00',
  spread: '0.05',
  lever_trade_fee: '0.1',
  lever_share_num: '0.01',
  hand_value: '650.00',
  min_share: 1,
  max_share: 200,
  currency_id: 1,
  legal_id: 3,
  symbol: 'BTC/USDT',
  currency_name: 'BTC',
  in_trade: 1,
};

/** A seconds order as the server answers it. */
const SECONDS_ORDER: AnswerOf<'POST /api/microtrade/submit'> = {
  id: 5,
  type: 1,
  status: 1,
  symbol_name: 'BTC/USDT',
  match_id: 1,
  currency_name: 'USDT',
  number: '10',
  seconds: 30,
  profit_ratio: '80',
  open_price: '65000.00',
  remain_milli_seconds: 30000,
  currency_id: 3,
  end_price: null,
  fact_profits: null,
  result: null,
  created_at: '2026-01-01T00:00:00.000Z',
  end_at: '2026-01-01T00:00:30.000Z',
  complete_at: null,
  open_seq: 1,
  open_trade_time: '2026-01-01T00:00:00.000Z',
  end_seq: null,
  end_trade_time: null,
};

/** The market, lever and seconds routes as the server answers them: one BTC long holding. */
function stubTrade(): FetchMock {
  return stubMarket({
    'POST /api/lever/deal': () => LEVER_DEAL,
    'POST /api/lever/my_trade': ({ status }) => {
      const data = Number(status) === 1 ? [HOLDING] : [];
      return { message: { data, total: data.length, page: 1, limit: 100 } };
    },
    'POST /api/lever/submit': () => HOLDING,
    'POST /api/lever/islocked': () => 0,
    'POST /api/lever/close': () => ({ ...HOLDING, status: 3 }),
    'POST /api/lever/setstop': (body) => ({
      ...HOLDING,
      target_profit_price: String(body.target_profit_price),
      stop_loss_price: String(body.stop_loss_price),
    }),
    'GET /api/microtrade/payable_currencies': () => [
      {
        id: 3,
        name: 'USDT',
        user_wallet: { micro_balance: '3000.129', lock_micro_balance: '0', currency_name: 'USDT' },
        micro_numbers: [{ number: '10' }, { number: '50' }, { number: '100' }],
        min: '10',
        max: '100000',
      },
      {
        id: 1,
        name: 'BTC',
        user_wallet: { micro_balance: '0.12345678', lock_micro_balance: '0', currency_name: 'BTC' },
        micro_numbers: [{ number: '0.001' }, { number: '0.01' }],
        min: '0.001',
        max: '10',
      },
    ],
    'GET /api/microtrade/seconds': () => [
      { seconds: 30, profit_ratio: '80', status: 1 },
      { seconds: 60, profit_ratio: '85', status: 1 },
    ],
    'GET /api/microtrade/lists': () => ({ data: [], total: 0, page: 1, limit: 100 }),
    'POST /api/microtrade/submit': () => SECONDS_ORDER,
  });
}

async function setup(url: string) {
  window.localStorage.clear();
  const net = stubTrade();
  const socket = fakeSocket();
  const user = userEvent.setup();
  // The page's first loads (deal, orders, currencies, durations) settle inside act.
  await act(async () => {
    renderPage(<TradePage />, { url, path: '/trade', title: 'Trade' });
  });
  return { net, socket, user };
}

jest.setTimeout(30000);
beforeEach(() => jest.restoreAllMocks());

describe('TradePage, leverage (mode 1)', () => {
  it('shows the 6+6 book, the chart link and recomputes cost figures on every change', async () => {
    const { user } = await setup('/trade?mode=1');
    const form = await screen.findByRole('form', { name: 'Leveraged order' });
    await waitFor(() => expect(within(form).getByText('5000.12 USDT')).toBeInTheDocument());
    expect(await screen.findByRole('link', { name: 'Chart' })).toHaveAttribute(
      'href',
      expect.stringContaining('/kline?from=trade&mode=1&hqtab=0&nowPrice=65000.00'),
    );
    expect(within(form).getByText('1 hand = 650.00 USDT')).toBeInTheDocument();
    await user.type(await within(form).findByRole('combobox', { name: 'Hands' }), '2');
    // 65000 x 1.0005 = 65032.5; x 2 x 0.01 = 1300.65; / 20 = 65.0325; fee 1.30065
    expect(within(form).getByText('1300.00 USDT')).toBeInTheDocument();
    expect(within(form).getByText('65.03 USDT')).toBeInTheDocument();
    expect(within(form).getByText('1.30 USDT')).toBeInTheDocument();
    await user.click(within(form).getByRole('combobox', { name: 'Multiple' }));
    await user.click(screen.getByRole('option', { name: '50x' }));
    // 1300.65 / 50 = 26.013
    expect(within(form).getByText('26.01 USDT')).toBeInTheDocument();
  });

  it("refuses a limit price with more decimals than the instrument's price (2 for BTC/USDT)", async () => {
    const { user, net } = await setup('/trade?mode=1');
    const form = await screen.findByRole('form', { name: 'Leveraged order' });
    await waitFor(() => expect(within(form).getByText('5000.12 USDT')).toBeInTheDocument());
    await user.click(within(form).getByRole('combobox', { name: 'Order type' }));
    await user.click(screen.getByRole('option', { name: 'Limit' }));
    const price = within(form).getByRole('textbox', { name: 'Price' });
    expect(price).toHaveValue('65000.00');
    await user.clear(price);
    await user.type(price, '64000.125');
    expect(price).toHaveValue('64000.125');
    expect(price).toHaveAccessibleDescription('At most 2 decimal places');
    await user.type(await within(form).findByRole('combobox', { name: 'Hands' }), '2');
    await user.click(within(form).getByRole('button', { name: 'Buy long' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(net.to('POST /api/lever/submit')).toHaveLength(0);
    await user.type(price, '{Backspace}');
    expect(price).toHaveAttribute('aria-invalid', 'false');
  });

  it('shows 6 levels a side from live depth, never more, and nothing invented', async () => {
    const { socket } = await setup('/trade?mode=1');
    await screen.findByTestId('order-book');
    await socket.subscribed('market_depth', { currency_id: 1 });
    const levels = (from: number, step: number) =>
      Array.from({ length: 8 }, (_, i) => [String(from + i * step) + '.00', '1'] as [string, string]);
    await socket.subscribed('market_depth');
    act(() =>
      socket.emit('market_depth', {
        currency_id: 1,
        legal_id: 3,
        symbol: 'BTC/USDT',
        bids: levels(64990, -1),
        asks: levels(65010, 1),
      }),
    );
    await waitFor(() =>
      expect(within(screen.getByRole('list', { name: 'Asks' })).getAllByRole('listitem')).toHaveLength(6),
    );
    expect(within(screen.getByRole('list', { name: 'Bids' })).getAllByRole('listitem')).toHaveLength(6);
    // Best ask next to the last price (the bottom of the asks), best bid on top of the bids,
    // truncated to the instrument's precision, without group separators beside the form.
    const asks = within(screen.getByRole('list', { name: 'Asks' })).getAllByRole('listitem');
    expect(asks[asks.length - 1]).toHaveTextContent(/^65010\.00/);
    expect(within(screen.getByRole('list', { name: 'Bids' })).getAllByRole('listitem')[0]).toHaveTextContent(
      /^64990\.00/,
    );
    await socket.subscribed('market_depth');
    act(() =>
      socket.emit('market_depth', {
        currency_id: 1,
        legal_id: 3,
        symbol: 'BTC/USDT',
        bids: [],
        asks: [['65010.00', '1']],
      }),
    );
    await waitFor(() =>
      expect(within(screen.getByRole('list', { name: 'Bids' })).queryAllByRole('listitem')).toHaveLength(0),
    );
  });

  it('keeps the last snapshot marked closed and blocks placement while a metal market is closed', async () => {
    window.localStorage.clear();
    window.localStorage.setItem('currentCurrency', 'XAUUSD');
    window.localStorage.setItem('currentCurrencyID', '101');
    window.localStorage.setItem('hqtab', '1');
    const net = stubTrade();
    const socket = fakeSocket();
    const user = userEvent.setup();
    renderPage(<TradePage />, { url: '/trade?mode=1', path: '/trade' });
    const form = await screen.findByRole('form', { name: 'Leveraged order' });
    await socket.subscribed('market_schedule_101');
    act(() =>
      socket.emit('market_schedule_101', {
        currency_id: 101,
        symbol: 'XAUUSD',
        inTrade: 0,
        next_change: null,
      }),
    );
    expect(await screen.findByText('Market closed')).toBeInTheDocument();
    // The snapshot stays; no live depth is followed while closed.
    expect(socket.isSubscribed('market_depth', { currency_id: 101 })).toBe(false);
    expect(within(screen.getByRole('list', { name: 'Asks' })).getAllByRole('listitem')).toHaveLength(2);
    await user.type(await within(form).findByRole('combobox', { name: 'Hands' }), '1');
    await user.click(within(form).getByRole('button', { name: 'Buy long' }));
    expect(await screen.findAllByText('Non-trading time: orders cannot be placed now')).not.toHaveLength(0);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(net.to('POST /api/lever/submit')).toHaveLength(0);
  });

  it('offers at most 6 hand suggestions', async () => {
    const { user } = await setup('/trade?mode=1');
    const form = await screen.findByRole('form', { name: 'Leveraged order' });
    await waitFor(() => expect(within(form).getByText('5000.12 USDT')).toBeInTheDocument());
    await user.click(await within(form).findByRole('combobox', { name: 'Hands' }));
    expect(await screen.findAllByRole('option')).toHaveLength(6);
  });

  it('starts on short with way=out, validates hands, confirms and submits', async () => {
    const { user, net } = await setup('/trade?mode=1&way=out');
    const form = await screen.findByRole('form', { name: 'Leveraged order' });
    expect(within(form).getByRole('button', { name: 'Short' })).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() => expect(within(form).getByText('5000.12 USDT')).toBeInTheDocument());
    await user.click(within(form).getByRole('button', { name: 'Sell short' }));
    expect(await screen.findByText('Please enter the number of hands')).toBeInTheDocument();
    // 1.5 hands stays 1.5 (never 15), is refused under the field and opens no dialog.
    const hands = await within(form).findByRole('combobox', { name: 'Hands' });
    await user.type(hands, '1.5');
    expect(hands).toHaveValue('1.5');
    expect(hands).toHaveAccessibleDescription('Enter a whole number');
    await user.click(within(form).getByRole('button', { name: 'Sell short' }));
    expect(screen.queryByRole('dialog', { name: 'Confirm short' })).not.toBeInTheDocument();
    await user.clear(hands);
    await user.type(hands, '3');
    await user.click(within(form).getByRole('button', { name: 'Sell short' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm short' });
    expect(within(dialog).getByText('3 × 20x')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(net.to('POST /api/lever/submit').map((c) => c.body)).toEqual([
      {
        legal_id: 3,
        currency_id: 1,
        multiple: '20',
        share: '3',
        type: 2,
        status: 1,
        target_price: '',
        trade_type: 1,
      },
    ]);
  });

  it('lists holdings live from lever_trade and sets stops with steppers that cannot reach 0', async () => {
    const { user, socket, net } = await setup('/trade?mode=1');
    const row = await screen.findByTestId('lever-row-11');
    expect(within(row).getByText('61,780.88')).toBeInTheDocument();
    expect(within(row).getByText('65,032.50')).toBeInTheDocument();
    await socket.subscribed('lever_trade');
    act(() =>
      socket.emit('lever_trade', {
        event: 'revalue',
        id: null,
        order: null,
        trades_all: JSON.stringify([{ ...HOLDING, profits: '-2.50', update_price: '64900.00' }]),
        trades_entrust: '[]',
      }),
    );
    await waitFor(() =>
      expect(within(screen.getByTestId('lever-row-11')).getByTestId('lever-profits')).toHaveTextContent(
        '-2.50 USDT',
      ),
    );
    await user.click(within(screen.getByTestId('lever-row-11')).getByRole('button', { name: 'Set stops' }));
    const dialog = await screen.findByRole('dialog', { name: 'Take-profit and stop-loss' });
    const loss = within(dialog).getByRole('textbox', { name: 'Stop-loss price' });
    await user.clear(loss);
    await user.type(loss, '0.01');
    await user.click(within(dialog).getByRole('button', { name: 'Decrease Stop-loss price' }));
    expect(await screen.findByText('The price must be greater than 0')).toBeInTheDocument();
    expect(loss).toHaveValue('0.01');
    await user.clear(loss);
    await user.type(loss, '64000');
    await user.click(within(dialog).getByRole('button', { name: 'Increase Stop-loss price' }));
    expect(loss).toHaveValue('64000.01');
    // (64000.01 - 65032.50) x 2 x 0.01 = -20.6498
    expect(within(dialog).getByText('-20.64 USDT')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(net.to('POST /api/lever/setstop')).toHaveLength(1));
    expect(net.to('POST /api/lever/setstop')[0]?.body).toEqual({
      id: 11,
      target_profit_price: '64900.00',
      stop_loss_price: '64000.01',
    });
  });

  it('closes a position after confirmation; a close event moves it out of holding', async () => {
    const { user, socket, net } = await setup('/trade?mode=1');
    const row = await screen.findByTestId('lever-row-11');
    await user.click(within(row).getByRole('button', { name: 'Close position' }));
    const dialog = await screen.findByRole('dialog', { name: 'Close this position?' });
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(net.to('POST /api/lever/close')).toHaveLength(1));
    expect(net.to('POST /api/lever/close')[0]?.body).toEqual({ id: 11 });
    await socket.subscribed('lever_trade');
    act(() =>
      socket.emit('lever_trade', {
        event: 'close',
        id: 11,
        order: { ...HOLDING, status: 3 },
        trades_all: '[]',
        trades_entrust: '[]',
      }),
    );
    await waitFor(() => expect(screen.queryByTestId('lever-row-11')).not.toBeInTheDocument());
  });
});

describe('TradePage, seconds (mode 2)', () => {
  it('shows durations as N Sec with the rate, the micro balance by currency, and clears the amount on a currency change', async () => {
    const { user } = await setup('/trade?mode=2');
    const form = await screen.findByRole('form', { name: 'Seconds order' });
    await waitFor(() => expect(within(form).getByText('3000.12 USDT')).toBeInTheDocument());
    expect(within(form).getByRole('combobox', { name: 'Duration' })).toHaveTextContent('30 Sec');
    expect(within(form).getByText('Profit rate 80%')).toBeInTheDocument();
    await user.type(await within(form).findByRole('combobox', { name: 'Amount' }), '100');
    expect(within(form).getByText('80.00 USDT')).toBeInTheDocument();
    await user.click(within(form).getByRole('combobox', { name: 'Currency' }));
    await user.click(screen.getByRole('option', { name: 'BTC' }));
    expect(within(form).getByRole('combobox', { name: 'Amount' })).toHaveValue('');
    await waitFor(() => expect(within(form).getByText('0.123456 BTC')).toBeInTheDocument());
  });

  it('validates the amount, confirms, and follows the popup from countdown to result', async () => {
    const { user, net, socket } = await setup('/trade?mode=2');
    const form = await screen.findByRole('form', { name: 'Seconds order' });
    await waitFor(() => expect(within(form).getByText('3000.12 USDT')).toBeInTheDocument());
    await user.click(within(form).getByRole('button', { name: 'Buy up' }));
    expect(await screen.findByText('Please enter the amount')).toBeInTheDocument();
    // -10 stays as typed (never 10) and is refused under the field.
    const amount = await within(form).findByRole('combobox', { name: 'Amount' });
    await user.type(amount, '-10');
    expect(amount).toHaveValue('-10');
    expect(amount).toHaveAccessibleDescription('Enter the amount without a sign');
    await user.click(within(form).getByRole('button', { name: 'Buy up' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(net.to('POST /api/microtrade/submit')).toHaveLength(0);
    await user.clear(amount);
    const order = SECONDS_ORDER;
    await user.type(within(form).getByRole('combobox', { name: 'Amount' }), '10');
    await user.click(within(form).getByRole('button', { name: 'Buy up' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm up' });
    expect(within(dialog).getByText('80%')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Order placed')).toBeInTheDocument();
    expect(net.to('POST /api/microtrade/submit').map((c) => c.body)).toEqual([
      { match_id: 1, currency_id: 3, type: 1, seconds: 30, number: '10', trade_type: 1 },
    ]);
    expect(await screen.findByTestId('seconds-popup-trading')).toBeInTheDocument();
    expect(screen.getByRole('timer', { name: 'Seconds left' })).toHaveTextContent('30');
    // Prices through the formatting module: the instrument's precision, separators.
    expect(screen.getByTestId('seconds-live-price')).toHaveTextContent('65,000.00');
    expect(await screen.findByTestId('seconds-row-5')).toHaveTextContent('Current price65,000.00');
    await socket.subscribed('closed_microorder');
    act(() =>
      socket.emit('closed_microorder', {
        ...order,
        status: 3,
        // Stored with more decimals than the instrument's 2: shown truncated.
        end_price: '65010.129',
        fact_profits: '8',
        result: 'win',
      }),
    );
    expect(await screen.findByTestId('seconds-popup-result')).toHaveTextContent('You won');
    expect(screen.getByTestId('seconds-result-profit')).toHaveTextContent('8.00 USDT');
    expect(screen.getByRole('dialog')).toHaveTextContent('Close price65,010.12');
    // Removed from the trading list 0.5 s after the event.
    await waitFor(() => expect(screen.queryByTestId('seconds-row-5')).not.toBeInTheDocument(), {
      timeout: 2000,
    });
  });
});
