import type { Socket } from 'socket.io-client';
import { login, registerEmailUser, startTestServer, type TestServer } from '../testing/harness';
import type { Ack } from './hub';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server.stop();
});

/** Records every event a socket receives, in order. */
function recorder(socket: Socket): Array<[string, unknown]> {
  const events: Array<[string, unknown]> = [];
  socket.onAny((event: string, payload: unknown) => events.push([event, payload]));
  return events;
}

const emit = (socket: Socket, event: string, payload: unknown) =>
  socket.emitWithAck(event, payload) as Promise<Ack>;

/**
 * Sends a sentinel on the `daymarket` channel (every test socket subscribes to it) and waits until
 * each socket got it: socket.io keeps order per socket, so anything published before has arrived.
 */
async function flush(sockets: Array<{ socket: Socket; events: Array<[string, unknown]> }>): Promise<void> {
  const marker = Math.random();
  server.hub.publish('daymarket', { symbol: 'SENTINEL' }, { marker });
  await Promise.all(
    sockets.map(
      ({ events }) =>
        new Promise<void>((resolve, reject) => {
          const started = Date.now();
          const check = () => {
            if (events.some(([e, p]) => e === 'daymarket' && (p as { marker?: number }).marker === marker))
              return resolve();
            if (Date.now() - started > 3000) return reject(new Error('sentinel not received'));
            setTimeout(check, 5);
          };
          check();
        }),
    ),
  );
}

async function client() {
  const socket = await server.socket();
  const events = recorder(socket);
  expect(await emit(socket, 'sub', { channel: 'daymarket', symbol: 'SENTINEL' })).toEqual({ ok: true });
  return { socket, events };
}

const received = (events: Array<[string, unknown]>, channel: string) =>
  events.filter(([e]) => e === channel).map(([, p]) => p);

describe('public channels', () => {
  it('delivers only to subscribers whose filter matches, and to unfiltered subscribers', async () => {
    const filtered = await client();
    const all = await client();
    const none = await client();
    expect(
      await emit(filtered.socket, 'sub', { channel: 'kline', symbol: 'btc/usdt', period: '1min' }),
    ).toEqual({ ok: true });
    expect(await emit(all.socket, 'sub', { channel: 'kline' })).toEqual({ ok: true });

    server.hub.publish(
      'kline',
      { symbol: 'BTC/USDT', period: '1min' },
      { close: '65000', symbol: 'BTC/USDT' },
    );
    server.hub.publish(
      'kline',
      { symbol: 'ETH/USDT', period: '1min' },
      { close: '3200', symbol: 'ETH/USDT' },
    );
    server.hub.publish(
      'kline',
      { symbol: 'BTC/USDT', period: '5min' },
      { close: '65001', symbol: 'BTC/USDT' },
    );
    await flush([filtered, all, none]);

    expect(received(filtered.events, 'kline')).toEqual([{ close: '65000', symbol: 'BTC/USDT' }]);
    expect(received(all.events, 'kline')).toHaveLength(3);
    expect(received(none.events, 'kline')).toEqual([]);
  });

  it('matches a partial filter (currency only) against a fuller publication', async () => {
    const c = await client();
    expect(await emit(c.socket, 'sub', { channel: 'market_depth', currency_id: 1 })).toEqual({ ok: true });
    server.hub.publish(
      'market_depth',
      { currency_id: '1', legal_id: 3 },
      { bids: [], asks: [], currency_id: 1, legal_id: 3 },
    );
    server.hub.publish(
      'market_depth',
      { currency_id: 2, legal_id: 3 },
      { bids: [], asks: [], currency_id: 2, legal_id: 3 },
    );
    await flush([c]);
    expect(received(c.events, 'market_depth')).toEqual([{ bids: [], asks: [], currency_id: 1, legal_id: 3 }]);
  });

  it('stops delivery after unsub', async () => {
    const c = await client();
    await emit(c.socket, 'sub', { channel: 'market_detail', currency_id: 1, legal_id: 3 });
    server.hub.publish('market_detail', { currency_id: 1, legal_id: 3 }, { n: 1 });
    await flush([c]);
    expect(
      await emit(c.socket, 'unsub', { channel: 'market_detail', legal_id: '3', currency_id: '1' }),
    ).toEqual({ ok: true });
    server.hub.publish('market_detail', { currency_id: 1, legal_id: 3 }, { n: 2 });
    await flush([c]);
    expect(received(c.events, 'market_detail')).toEqual([{ n: 1 }]);
  });

  it('delivers one copy when a socket matches several rooms', async () => {
    const c = await client();
    await emit(c.socket, 'sub', { channel: 'futures' });
    await emit(c.socket, 'sub', { channel: 'futures', symbol: 'XAU' });
    server.hub.publish('futures', { symbol: 'XAU' }, { symbol: 'XAU' });
    await flush([c]);
    expect(received(c.events, 'futures')).toHaveLength(1);
  });

  it('accepts market_schedule_{currency} and refuses unknown channels or bad payloads', async () => {
    const c = await client();
    expect(await emit(c.socket, 'sub', { channel: 'market_schedule_1' })).toEqual({ ok: true });
    expect(await emit(c.socket, 'sub', { channel: 'secrets' })).toEqual({
      ok: false,
      code: 'socket.unknown_channel',
    });
    expect(await emit(c.socket, 'sub', 'kline')).toEqual({ ok: false, code: 'socket.invalid_subscription' });
    expect(await emit(c.socket, 'sub', { channel: 'kline', symbol: { $ne: 1 } })).toEqual({
      ok: false,
      code: 'socket.invalid_subscription',
    });
    server.hub.publish('market_schedule_1', {}, { inTrade: 1 });
    await flush([c]);
    // The market engine answers a schedule subscription with the current state first.
    expect(received(c.events, 'market_schedule_1')).toEqual([
      { currency_id: 1, symbol: 'BTC/USDT', inTrade: 1, next_change: null },
      { inTrade: 1 },
    ]);
  });
});

describe('user channels', () => {
  it('refuses login with a bad token and never trusts a user id', async () => {
    const c = await client();
    expect(await emit(c.socket, 'login', { token: 'x'.repeat(43) })).toEqual({
      ok: false,
      code: 'session.invalid',
    });
    expect(await emit(c.socket, 'login', { user_id: 1 })).toEqual({ ok: false, code: 'session.invalid' });
    expect(await emit(c.socket, 'login', 'nonsense')).toEqual({ ok: false, code: 'session.invalid' });
    await emit(c.socket, 'sub', { channel: 'lever_trade' });
    server.hub.publishToUser(1, 'lever_trade', { x: 1 });
    await flush([c]);
    expect(received(c.events, 'lever_trade')).toEqual([]);
  });

  it('delivers to the logged-in, subscribed sockets of that user only', async () => {
    const demoToken = await login(server, 'demo@example.com', 'Demo1234');
    const otherToken = await registerEmailUser(server, 'socket-user@example.com');

    const owner = await client(); // logs in, subscribes
    const ownerUnsubscribed = await client(); // logs in, no sub
    const other = await client(); // another user, subscribed
    const anonymous = await client(); // subscribed, never logs in

    expect(await emit(owner.socket, 'sub', { channel: 'lever_trade' })).toEqual({ ok: true }); // before login
    expect(await emit(owner.socket, 'login', { token: demoToken })).toEqual({ ok: true });
    expect(await emit(ownerUnsubscribed.socket, 'login', `Bearer ${demoToken}`)).toEqual({ ok: true });
    expect(await emit(other.socket, 'login', { token: otherToken })).toEqual({ ok: true });
    await emit(other.socket, 'sub', { channel: 'lever_trade' }); // after login
    await emit(anonymous.socket, 'sub', { channel: 'lever_trade' });

    const payload = { trades_all: JSON.stringify([{ id: 1 }]) };
    server.hub.publishToUser(1, 'lever_trade', payload);
    server.hub.publishToUser(1, 'closed_microorder', { id: 9 });
    await flush([owner, ownerUnsubscribed, other, anonymous]);

    expect(received(owner.events, 'lever_trade')).toEqual([payload]);
    expect(received(owner.events, 'closed_microorder')).toEqual([]);
    expect(received(ownerUnsubscribed.events, 'lever_trade')).toEqual([]);
    expect(received(other.events, 'lever_trade')).toEqual([]);
    expect(received(anonymous.events, 'lever_trade')).toEqual([]);

    // Logging out over HTTP drops that token's sockets from the user rooms.
    await server.post('/api/user/logout', undefined, { token: demoToken });
    server.hub.publishToUser(1, 'lever_trade', { after: 'logout' });
    await flush([owner]);
    expect(received(owner.events, 'lever_trade')).toEqual([payload]);
    expect(received(owner.events, 'session_expired')).toHaveLength(1);
  });

  it('an expired token cannot log in', async () => {
    const token = await login(server, 'demo@example.com', 'Demo1234');
    server.clock.advanceSeconds(server.config.tokenTtlSeconds + 1);
    const c = await client();
    expect(await emit(c.socket, 'login', { token })).toEqual({ ok: false, code: 'session.invalid' });
  });
});

describe('write coalescing', () => {
  it('frames published to a socket in one turn arrive in order, in one write to its TCP socket', async () => {
    const c = await client();
    expect(await emit(c.socket, 'sub', { channel: 'market_depth' })).toEqual({ ok: true });
    const serverSocket = server.io.of('/').sockets.get(c.socket.id ?? '');
    const tcp = (serverSocket?.conn.transport as unknown as { socket?: { _socket?: object } }).socket
      ?._socket;
    if (!tcp) throw new Error('no TCP socket behind the websocket transport');
    // Every write of the socket's stream ends in _write (one chunk) or _writev (several).
    let writes = 0;
    for (const method of ['_write', '_writev'] as const) {
      const original = Reflect.get(tcp, method) as (...args: unknown[]) => unknown;
      Reflect.set(tcp, method, function (this: unknown, ...args: unknown[]) {
        writes += 1;
        return original.apply(this, args);
      });
    }

    const payloads = Array.from({ length: 20 }, (_, i) => ({
      currency_id: i + 1,
      bids: [{ price: `${100 + i}.5`, amount: '1' }],
    }));
    for (const [i, payload] of payloads.entries()) {
      server.hub.publish('market_depth', { currency_id: i + 1 }, payload);
    }
    expect(writes).toBe(0); // held until the turn ends
    await flush([c]);
    for (const method of ['_write', '_writev'] as const) Reflect.deleteProperty(tcp, method);

    expect(received(c.events, 'market_depth')).toEqual(payloads);
    // The 20 frames and flush()'s sentinel (published in the same turn): one write.
    expect(writes).toBe(1);
  });
});
