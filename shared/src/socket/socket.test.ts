import { getDefaultStore } from 'jotai';
import { clients } from '../testing/socket-io-fake';
import { fakeSocket } from '../testing/socket';
import { cryptoQuote } from '../testing/quotes';
import { clearSession, storeToken } from '../session/store';
import { socketStatusAtom, subscribe } from './socket';

// The real socket module against the fake connection of ../testing/socket-io-fake: what goes on
// the wire and what reaches a handler.
const QUOTE = cryptoQuote({
  change: '1.20',
  open: '64000.00',
  high: '65500.00',
  low: '63900.00',
  volume: '12.5',
  spread: '0',
  lever_trade_fee: '0',
  lever_share_num: '1',
});

const sent = (event: string) =>
  (clients[clients.length - 1]?.sent ?? []).filter((m) => m.event === event).map((m) => m.payload);

describe('the shared socket', () => {
  afterEach(() => clearSession());

  it('subscribes once per channel and filter, hands on parsed payloads, and unsubscribes with the last handler', async () => {
    const socket = fakeSocket();
    const a = jest.fn();
    const b = jest.fn();
    const offA = subscribe('daymarket', { currency_id: 1 }, a);
    const offB = subscribe('daymarket', { currency_id: 1 }, b);
    await socket.subscribed('daymarket', { currency_id: 1 });
    expect(sent('sub')).toEqual([{ channel: 'daymarket', currency_id: 1 }]);
    expect(getDefaultStore().get(socketStatusAtom)).toBe('connected');

    socket.emit('daymarket', QUOTE);
    expect(a).toHaveBeenCalledWith(QUOTE);
    expect(b).toHaveBeenCalledTimes(1);
    // Another instrument's quote does not match the filter.
    socket.emit('daymarket', { ...QUOTE, id: 2, currency_id: 2, symbol: 'ETH/USDT' });
    expect(a).toHaveBeenCalledTimes(1);

    offA();
    expect(socket.isSubscribed('daymarket', { currency_id: 1 })).toBe(true);
    offB();
    expect(socket.isSubscribed('daymarket', { currency_id: 1 })).toBe(false);
  });

  it('drops a payload that does not match the contract instead of handing it on', async () => {
    const socket = fakeSocket();
    const handler = jest.fn();
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const off = subscribe('daymarket', {}, handler);
    await socket.subscribed('daymarket');
    // Straight from the "server", past the test helper's own contract check.
    clients[clients.length - 1]!.receive('daymarket', { ...QUOTE, now_price: 65000 });
    expect(handler).not.toHaveBeenCalled();
    expect(error).toHaveBeenCalledWith(
      expect.stringContaining('daymarket payload does not match'),
      expect.anything(),
    );
    off();
    error.mockRestore();
  });

  it('reads lever_trade row lists from their JSON text', async () => {
    const socket = fakeSocket();
    const handler = jest.fn();
    const off = subscribe('lever_trade', {}, handler);
    await socket.subscribed('lever_trade');
    socket.emit('lever_trade', {
      event: 'revalue',
      id: null,
      order: null,
      trades_all: '[]',
      trades_entrust: '[]',
    });
    expect(handler).toHaveBeenCalledWith(expect.objectContaining({ trades_all: [], trades_entrust: [] }));
    off();
  });

  it('subscribes again after the connection drops, and logs in with the session token', async () => {
    const socket = fakeSocket();
    storeToken('token-1', 'a@example.com');
    const off = subscribe('market_depth', { currency_id: 1, legal_id: 3 }, jest.fn());
    await socket.subscribed('market_depth', { currency_id: 1, legal_id: 3 });
    const before = sent('sub').length;
    socket.drop();
    expect(getDefaultStore().get(socketStatusAtom)).toBe('reconnecting');
    await socket.subscribed('market_depth', { currency_id: 1, legal_id: 3 });
    expect(sent('sub').length).toBeGreaterThan(before);
    expect(sent('login')).toContainEqual({ token: 'token-1' });
    off();
  });
});
