import { CHANNEL_PAYLOADS, channelPayload, PUBLIC_CHANNELS } from '@app/contract';
import type { Socket } from 'socket.io-client';
import { secondsEngineOf } from '../seconds/routes';
import { registerEmailUser, startTestServer, type TestServer } from '../testing/harness';
import { fund } from '../testing/fund';

let server: TestServer;
const events: Array<[string, unknown]> = [];
let socket: Socket;
let token: string;
let userId: number;

jest.setTimeout(30_000);

beforeAll(async () => {
  server = await startTestServer({ MARKET_FEED: 'manual' });
  token = await registerEmailUser(server, 'channels@example.com');
  const info = await server.get('/api/user/info', { token });
  userId = (info.body.message as { id: number }).id;
  await fund(server.store, userId, 'lever', 3, '100000');
  await fund(server.store, userId, 'micro', 3, '100000');
  socket = await server.socket();
  socket.onAny((event: string, payload: unknown) => events.push([event, payload]));
  expect(await socket.emitWithAck('login', { token })).toEqual({ ok: true });
  const channels = [...PUBLIC_CHANNELS, 'market_schedule_101', 'market_schedule_XAUUSD'];
  for (const channel of [...channels, 'lever_trade', 'closed_microorder']) {
    expect(await socket.emitWithAck('sub', { channel })).toEqual({ ok: true });
  }
});

afterAll(async () => {
  await server.stop();
});

async function until(predicate: () => boolean, what: string): Promise<void> {
  const started = Date.now();
  while (!predicate()) {
    if (Date.now() - started > 3000) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

describe('socket channels match their contract payloads', () => {
  it('market, lever and seconds channels', async () => {
    for (let i = 0; i < 5; i += 1) {
      server.clock.advance(1000);
      await server.market.tick();
    }
    server.market.publish();
    const lever = await server.post(
      '/api/lever/submit',
      { currency_id: 1, legal_id: 3, multiple: 20, share: '1', type: 1, status: 1 },
      { token },
    );
    expect(lever.status).toBe(200);
    const seconds = await server.post(
      '/api/microtrade/submit',
      { match_id: 1, currency_id: 3, type: 1, seconds: 30, number: '100' },
      { token },
    );
    expect(seconds.status).toBe(200);
    for (let i = 0; i < 40; i += 1) {
      server.clock.advance(1000);
      await server.market.tick();
    }
    await secondsEngineOf(server.ctx)?.settleDue();
    server.market.publish();

    // The support chat's live messages, then a logout's session_expired.
    const chatUrl = (await server.get('/api/custorm?terminal=mobile', { token })).body.message as string;
    const t = new URL(chatUrl).searchParams.get('t');
    expect(await socket.emitWithAck('chat_login', { t })).toEqual({ ok: true });
    expect((await server.post('/api/support/chat/send', { t, text: 'hello' })).status).toBe(200);
    expect((await server.post('/api/user/logout', {}, { token })).status).toBe(200);

    const wanted = [
      'support_chat',
      'support_chat_ended',
      'session_expired',
      ...PUBLIC_CHANNELS,
      'market_schedule_101',
      'market_schedule_XAUUSD',
      'lever_trade',
      'closed_microorder',
    ];
    await until(() => wanted.every((c) => events.some(([e]) => e === c)), wanted.join(', '));

    const mismatches = events.flatMap(([event, payload]) => {
      const schema = channelPayload(event);
      if (!schema) return [`${event}: not in the contract`];
      const result = schema.safeParse(payload);
      return result.success
        ? []
        : [`${event}: ${result.error.issues.map((i) => `${i.path.join('.')} ${i.message}`).join('; ')}`];
    });
    expect(mismatches).toEqual([]);
    // Every payload of the contract was seen (the schedule channels share one).
    expect(Object.keys(CHANNEL_PAYLOADS).sort()).toEqual(
      [...wanted.filter((c) => !c.startsWith('market_schedule_')), 'market_schedule'].sort(),
    );
  });
});
