import BigNumber from 'bignumber.js';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Socket } from 'socket.io-client';
import { buildApp } from '../app';
import { ManualClock } from '../core/clock';
import { loadConfig } from '../core/config';
import type { Ack } from '../realtime/hub';
import { login, startTestServer, TEST_START, testDatabase, type TestServer } from '../testing/harness';
import { AGGREGATION_PAIRS, checkAggregated } from '../testing/aggregation';
import { type Candle, CandleStore } from './candles';
import type { CryptoQuote, DepthView, FuturesQuote, ScheduleView, TradeView } from './engine';
import { findInstrument, INSTRUMENTS, type Instrument } from './instruments';
import { Tape } from './tape';
import { PERIODS } from './time';

/** Epoch ms of a wall-clock time in Asia/Shanghai (UTC+8). */
const sh = (y: number, m: number, d: number, h = 0, min = 0, s = 0) => Date.UTC(y, m - 1, d, h - 8, min, s);

const btc = findInstrument('BTC') as Instrument;
const gold = findInstrument('XAUUSD') as Instrument;

interface Bar {
  time: number;
  open: string;
  high: string;
  low: string;
  close: string;
  volume: string;
}

type Events = Array<[string, unknown]>;

function recorder(socket: Socket): Events {
  const events: Events = [];
  socket.onAny((event: string, payload: unknown) => events.push([event, payload]));
  return events;
}

const received = <T>(events: Events, channel: string) =>
  events.filter(([e]) => e === channel).map(([, p]) => p as T);

const sub = (socket: Socket, payload: Record<string, unknown>) =>
  socket.emitWithAck('sub', payload) as Promise<Ack>;

/** Waits until `predicate` holds (polling every 5 ms), failing after `ms`. */
async function until(predicate: () => boolean, ms = 2000, what = 'condition'): Promise<number> {
  const started = Date.now();
  while (!predicate()) {
    if (Date.now() - started > ms) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  return Date.now() - started;
}

/** Runs the manual feed for `seconds`, one tick per second of clock time. */
async function runFeed(server: TestServer, seconds: number): Promise<number> {
  let trades = 0;
  for (let i = 0; i < seconds; i += 1) {
    server.clock.advance(1000);
    trades += await server.market.tick();
  }
  return trades;
}

async function expectConsistentCandles(server: TestServer, instrument: Instrument) {
  const all: Record<string, Candle[]> = {};
  for (const p of PERIODS) all[p] = await CandleStore.latestCandles(server.store.q, instrument, p, 1_000_000);
  for (const [fine, coarse] of AGGREGATION_PAIRS) {
    const { checked, mismatches } = checkAggregated(all[fine] ?? [], all[coarse] ?? [], coarse);
    expect({ instrument: instrument.name, fine, coarse, mismatches }).toEqual({
      instrument: instrument.name,
      fine,
      coarse,
      mismatches: [],
    });
    expect(checked).toBeGreaterThan(0);
  }
}

describe('market calls (manual feed)', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ MARKET_FEED: 'manual' });
    await runFeed(server, 90);
  });

  afterAll(async () => {
    await server.stop();
  });

  it('GET /api/currency/quotation_new lists the USDT market with and without a token', async () => {
    const guest = await server.get('/api/currency/quotation_new');
    expect(guest.status).toBe(200);
    const groups = guest.body.message as Array<{ id: number; legal_id: number; quotation: CryptoQuote[] }>;
    expect(groups).toHaveLength(1);
    expect(groups[0]).toMatchObject({ id: 3, name: 'USDT', legal_id: 3, legal_name: 'USDT' });
    const quotes = groups[0]?.quotation ?? [];
    expect(quotes.length).toBeGreaterThanOrEqual(20);
    expect(quotes.map((q) => [q.currency_name, q.currency_id]).slice(0, 5)).toEqual([
      ['BTC', 1],
      ['ETH', 2],
      ['XRP', 5],
      ['LTC', 6],
      ['BCH', 10],
    ]);
    expect(new Set(quotes.map((q) => q.currency_id)).size).toBe(quotes.length);
    expect(quotes.some((q) => q.currency_id === 3)).toBe(false);
    const q = quotes[0] as CryptoQuote;
    expect(Object.keys(q).sort()).toEqual(
      [
        'id',
        'currency_id',
        'legal_id',
        'currency_name',
        'legal_name',
        'symbol',
        'logo',
        'now_price',
        'change',
        'volume',
        'high',
        'low',
        'open',
        'color',
        'spread',
        'lever_trade_fee',
        'lever_share_num',
      ].sort(),
    );
    expect(q).toMatchObject({ legal_id: 3, legal_name: 'USDT', symbol: 'BTC/USDT' });
    expect(q.now_price).toMatch(/^\d+\.\d{2}$/);
    expect(q.change).toMatch(/^-?\d+\.\d{2}$/);
    expect([1, 0, -1]).toContain(q.color);
    expect(new BigNumber(q.high).gte(q.now_price) && new BigNumber(q.low).lte(q.now_price)).toBe(true);
    expect(new BigNumber(q.volume).isGreaterThan(0)).toBe(true);
    expect(q.logo).toBe(`${server.config.publicOrigin}/api/assets/coin/BTC.svg`);

    const token = await login(server, 'demo@example.com', 'Demo1234');
    const user = await server.get('/api/currency/quotation_new', { token });
    expect((user.body.message as typeof groups)[0]?.quotation).toEqual(quotes);
  });

  it('POST /api/futureslist lists metals (cm) and futures (ne) with inTrade', async () => {
    const metals = (await server.post('/api/futureslist', { marke: 'cm' })).body.message as FuturesQuote[];
    const futures = (await server.post('/api/futureslist', { marke: 'ne' })).body.message as FuturesQuote[];
    expect(metals.map((m) => m.symbol)).toEqual(expect.arrayContaining(['XAUUSD', 'XAGUSD']));
    expect(futures.map((m) => m.symbol)).toEqual(expect.arrayContaining(['USOIL', 'US500', 'NGAS']));
    expect(metals.length + futures.length + 20).toBeGreaterThanOrEqual(30);
    const xau = metals.find((m) => m.symbol === 'XAUUSD') as FuturesQuote;
    expect(xau).toMatchObject({ currency_id: 101, inTrade: 1 });
    for (const key of ['new_price', 'last_close', 'open_price', 'high_price', 'low_price', 'volume']) {
      expect(xau[key as keyof FuturesQuote]).toMatch(/^\d+(\.\d+)?$/);
    }
    expect(typeof xau.id).toBe('number');
    const bad = await server.post('/api/futureslist', { marke: 'xx' });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: 'validation.failed', field: 'marke' });
  });

  it('GET /api/currency/new_timeshar answers {code: 1, data} in time order, [] before history', async () => {
    const now = Math.floor(server.clock.now() / 1000);
    const res = await server.get(
      `/api/currency/new_timeshar?symbol=BTC/USDT&period=1min&from=${now - 3600}&to=${now}`,
    );
    expect(res.status).toBe(200);
    const body = res.body as unknown as { code: number; data: Bar[] };
    expect(body.code).toBe(1);
    expect(body.data.length).toBeGreaterThanOrEqual(60);
    expect(Object.keys(body.data[0] as Bar).sort()).toEqual([
      'close',
      'high',
      'low',
      'open',
      'time',
      'volume',
    ]);
    for (let i = 1; i < body.data.length; i += 1) {
      expect((body.data[i] as Bar).time - (body.data[i - 1] as Bar).time).toBe(60_000);
    }
    // The mini chart: daily bars over the last 7 days.
    const week = await server.get(
      `/api/currency/new_timeshar?symbol=ETH/USDT&period=1day&from=${now - 7 * 86400}&to=${now}`,
    );
    expect((week.body as unknown as { data: Bar[] }).data.length).toBeGreaterThanOrEqual(7);
    // Older than the history: empty, still code 1.
    const old = await server.get('/api/currency/new_timeshar?symbol=BTC/USDT&period=1min&from=1000&to=2000');
    expect(old.body).toEqual({ code: 1, data: [] });
    // Without from: the newest 300.
    const latest = await server.get('/api/currency/new_timeshar?symbol=btc/usdt&period=5min');
    expect((latest.body as unknown as { data: Bar[] }).data).toHaveLength(300);
  });

  it('validates chart input', async () => {
    const cases: Array<[string, number, string, string?]> = [
      ['period=1min', 400, 'validation.failed', 'symbol'],
      ['symbol=BTC/USDT', 400, 'validation.failed', 'period'],
      ['symbol=BTC/USDT&period=2min', 400, 'validation.failed', 'period'],
      ['symbol=BTC/USDT&period=1min&from=abc', 400, 'validation.failed', 'from'],
      ['symbol=BTC/USDT&period=1min&from=2000&to=1000', 400, 'validation.failed', 'from'],
      ['symbol=NOPE/USDT&period=1min', 404, 'market.symbol_not_found'],
    ];
    for (const [query, status, code, field] of cases) {
      const res = await server.get(`/api/currency/new_timeshar?${query}`);
      expect([query, res.status, res.body.code, res.body.field]).toEqual([query, status, code, field]);
    }
    const kline = await server.post('/api/futuresKline', { symbol: 'XAUUSD', period: '1week' });
    expect(kline.status).toBe(200);
    const klineBody = kline.body as unknown as { code: number; data: Bar[] };
    expect(klineBody.code).toBe(1);
    expect(klineBody.data.length).toBeGreaterThan(10);
    expect((await server.post('/api/futuresKline', { symbol: 'XAUUSD' })).body.field).toBe('period');
  });

  it('POST /api/futuresMinuts answers the 1-minute series of the current day', async () => {
    const res = await server.post('/api/futuresMinuts', { symbol: 'XAUUSD' });
    expect(res.status).toBe(200);
    const data = (res.body.message as { Data: Array<Record<string, unknown>> }).Data;
    expect(data.length).toBeGreaterThan(10);
    expect(Object.keys(data[0] ?? {}).sort()).toEqual([
      'Amount',
      'Close',
      'Date',
      'High',
      'Low',
      'Open',
      'Volume',
    ]);
    const dayStart = sh(2025, 1, 15); // TEST_START is 2025-01-15 20:00 Shanghai
    expect(data.every((d) => (d.Date as number) >= dayStart)).toBe(true);
    expect((await server.post('/api/futuresMinuts', {})).body.field).toBe('symbol');
  });

  it('GET /api/currency/new_tradehistory answers the newest 20 trades, newest first', async () => {
    const res = await server.get('/api/currency/new_tradehistory?legal_id=3&currency_id=1');
    const trades = res.body.message as TradeView[];
    expect(trades).toHaveLength(20);
    for (let i = 1; i < trades.length; i += 1) {
      expect((trades[i - 1] as TradeView).seq).toBeGreaterThan((trades[i] as TradeView).seq);
      expect((trades[i - 1] as TradeView).time).toBeGreaterThanOrEqual((trades[i] as TradeView).time);
    }
    expect([1, 2]).toContain(trades[0]?.way);
    expect(trades[0]?.price).toBe(server.market.lastPrice(1));
    expect(new BigNumber(trades[0]?.number ?? 0).isGreaterThan(0)).toBe(true);
    expect((await server.get('/api/currency/new_tradehistory?legal_id=3')).body.field).toBe('currency_id');
    expect((await server.get('/api/currency/new_tradehistory?legal_id=2&currency_id=1')).status).toBe(404);
    expect((await server.get('/api/currency/new_tradehistory?legal_id=3&currency_id=999')).status).toBe(404);
  });

  it('GET /api/currency/depth: >= 10 sorted, uncrossed levels a side around the last price', async () => {
    for (const instrument of INSTRUMENTS) {
      const res = await server.get(`/api/currency/depth?currency_id=${instrument.id}&legal_id=3`);
      const depth = res.body.message as DepthView;
      expect(depth).toMatchObject({ currency_id: instrument.id, legal_id: 3, symbol: instrument.symbol });
      expect(depth.bids.length).toBeGreaterThanOrEqual(10);
      expect(depth.asks.length).toBeGreaterThanOrEqual(10);
      const last = new BigNumber(server.market.lastPrice(instrument.id) ?? 0);
      const asks = depth.asks.map(([p]) => new BigNumber(p));
      const bids = depth.bids.map(([p]) => new BigNumber(p));
      const sortedAsc = asks.every((p, i) => i === 0 || p.gt(asks[i - 1] as BigNumber));
      const sortedDesc = bids.every((p, i) => i === 0 || p.lt(bids[i - 1] as BigNumber));
      expect([instrument.name, sortedAsc, sortedDesc]).toEqual([instrument.name, true, true]);
      expect((bids[0] as BigNumber).lt(last) && (asks[0] as BigNumber).gt(last)).toBe(true);
      expect(depth.asks.every(([, q]) => new BigNumber(q).gt(0))).toBe(true);
    }
    expect((await server.get('/api/currency/depth?symbol=XAUUSD')).body.message).toMatchObject({
      currency_id: 101,
    });
  });

  it('serves SVG coin logos', async () => {
    const res = await fetch(`${server.baseUrl}/api/assets/coin/BTC.svg`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('image/svg+xml');
    expect(await res.text()).toContain('<svg');
    expect((await fetch(`${server.baseUrl}/api/assets/coin/xauusd.svg`)).status).toBe(200);
    expect((await fetch(`${server.baseUrl}/api/assets/coin/NOPE.svg`)).status).toBe(404);
  });

  it('keeps every coarser candle equal to its finer candles, back-filled history and live trades alike', async () => {
    for (const instrument of [btc, gold, findInstrument('HK50') as Instrument]) {
      await expectConsistentCandles(server, instrument);
    }
    // The live candles are built from the tape: the current 1-min candle closes at the last price.
    const [minute] = await server.market.candles(1, '1min', { limit: 1 });
    expect(minute?.close).toBe(server.market.lastPrice(1));
  });

  it('exposes the tape: lastPrice, priceAt (with seq), onTick', async () => {
    const seen: number[] = [];
    const off = server.market.onTick((t) => {
      seen.push(t.seq);
    });
    await runFeed(server, 3);
    off();
    await runFeed(server, 1);
    expect(seen.length).toBeGreaterThan(5);
    for (let i = 1; i < seen.length; i += 1) expect(seen[i]).toBeGreaterThan(seen[i - 1] as number);
    const last = server.market.lastTrade(1);
    expect(await server.market.priceAt(1, server.clock.now())).toEqual({
      seq: last?.seq,
      time: last?.time,
      price: last?.price,
    });
    const rows = await server.store.q
      .selectFrom('market_tape')
      .select(['seq', 'time', 'ticks'])
      .where('instrument_id', '=', 1)
      .orderBy('time', 'desc')
      .orderBy('seq', 'desc')
      .limit(50)
      .execute();
    const older = rows[30] as { seq: number; time: number; ticks: number };
    expect(await server.market.priceAt(1, older.time)).toMatchObject({ time: older.time });
    expect(await server.market.priceAt(1, 0)).toBeUndefined();
    // Stored as integer ticks of the instrument's precision (BTC/USDT: 0.01).
    expect(rows[0]).toMatchObject({ seq: last?.seq, ticks: Math.round(Number(last?.price) * 100) });
  });
});

describe('pinned prices (dev tool)', () => {
  let server: TestServer;

  beforeAll(async () => {
    // The real timers run (feed every 200 ms, publisher every 500 ms); the clock only moves when told.
    server = await startTestServer();
  });

  afterAll(async () => {
    await server.stop();
  });

  it('reach the tape, the quote, the 1-minute candle and the channels within one tick', async () => {
    const socket = await server.socket();
    const events = recorder(socket);
    const other = await server.socket();
    const otherEvents = recorder(other);
    expect(await sub(socket, { channel: 'daymarket', currency_id: 1 })).toEqual({ ok: true });
    expect(await sub(socket, { channel: 'market_depth', currency_id: 1, legal_id: 3 })).toEqual({ ok: true });
    expect(await sub(socket, { channel: 'kline', symbol: 'BTC/USDT', period: '1min' })).toEqual({ ok: true });
    expect(await sub(socket, { channel: 'market_detail', currency_id: 1, legal_id: 3 })).toEqual({
      ok: true,
    });
    expect(await sub(other, { channel: 'daymarket', currency_id: 2 })).toEqual({ ok: true });

    const started = Date.now();
    const pin = await server.post('/dev/market/price', { symbol: 'BTC/USDT', price: '65000' });
    expect(pin.body.message).toMatchObject({ symbol: 'BTC/USDT', currency_id: 1, price: '65000.00' });

    await until(
      () =>
        received<CryptoQuote>(events, 'daymarket').some((q) => q.now_price === '65000.00') &&
        received<DepthView>(events, 'market_depth').length > 0 &&
        received<Bar>(events, 'kline').some((k) => k.close === '65000.00') &&
        received<{ data: TradeView[] }>(events, 'market_detail').some((d) => d.data[0]?.price === '65000.00'),
      2000,
      'pinned publications',
    );
    expect(Date.now() - started).toBeLessThanOrEqual(500);

    const quote = received<CryptoQuote>(events, 'daymarket').at(-1) as CryptoQuote;
    expect(quote).toMatchObject({ currency_id: 1, legal_id: 3, now_price: '65000.00' });
    const depth = received<DepthView>(events, 'market_depth').at(-1) as DepthView;
    expect(depth).toMatchObject({ currency_id: 1, legal_id: 3 });
    expect(new BigNumber(depth.bids[0]?.[0] ?? 0).lt(65000)).toBe(true);
    expect(new BigNumber(depth.asks[0]?.[0] ?? 0).gt(65000)).toBe(true);
    const kline = received<Bar & { symbol: string; period: string }>(events, 'kline').at(-1);
    expect(kline).toMatchObject({ symbol: 'BTC/USDT', period: '1min', close: '65000.00', currency_id: 1 });
    expect(kline?.time).toBe(Math.floor(TEST_START / 60_000) * 60_000);
    // Only subscribers receive: the ETH subscriber got no BTC quote.
    expect(received<CryptoQuote>(otherEvents, 'daymarket').filter((q) => q.currency_id === 1)).toEqual([]);

    // HTTP and the tape agree.
    const list = (await server.get('/api/currency/quotation_new')).body.message as Array<{
      quotation: CryptoQuote[];
    }>;
    expect(list[0]?.quotation.find((q) => q.currency_id === 1)?.now_price).toBe('65000.00');
    const bars = (await server.get('/api/currency/new_timeshar?symbol=BTC/USDT&period=1min'))
      .body as unknown as {
      data: Bar[];
    };
    expect(bars.data.at(-1)?.close).toBe('65000.00');
    const point = await server.market.priceAt(1, server.clock.now());
    expect(point?.price).toBe('65000.00');
    const row = await server.store.q
      .selectFrom('market_tape')
      .select(['ticks', 'lots', 'flags'])
      .where('instrument_id', '=', 1)
      .where('seq', '=', point?.seq ?? 0)
      .executeTakeFirst();
    // 65000.00 in ticks of 0.01, 0.00001 in lots of 0.00001, a buy (side 2) pinned print (kind 1).
    expect(row).toEqual({ ticks: 6_500_000, lots: 1, flags: 1 + 2 * 1 });

    // The feed's next prints follow the pin, with the smallest size.
    server.clock.advance(2000);
    await until(() => (server.market.lastTrade(1)?.time ?? 0) > TEST_START, 2000, 'a feed print');
    expect(server.market.lastTrade(1)).toMatchObject({ price: '65000.00', qty: '0.00001', kind: 1 });

    // Released: the walk resumes from there.
    await server.post('/dev/market/price', { symbol: 'BTC/USDT', price: null });
    server.clock.advance(2000);
    await until(() => server.market.lastTrade(1)?.kind === 0, 2000, 'an unpinned print');
    expect(Math.abs(Number(server.market.lastPrice(1)) - 65000)).toBeLessThan(650);
  });

  it('validates the pin', async () => {
    const cases: Array<[unknown, number, string]> = [
      [{ symbol: 'BTC/USDT', price: '0' }, 400, 'validation.failed'],
      [{ symbol: 'BTC/USDT', price: '1.001' }, 400, 'validation.failed'], // more decimals than BTC's 2
      [{ symbol: 'BTC/USDT', price: 'abc' }, 400, 'validation.failed'],
      [{ symbol: 'BTC/USDT' }, 400, 'validation.failed'],
      [{ symbol: 'DOGE/EUR', price: '1' }, 404, 'market.symbol_not_found'],
    ];
    for (const [body, status, code] of cases) {
      const res = await server.post('/dev/market/price', body);
      expect([body, res.status, res.body.code]).toEqual([body, status, code]);
    }
    const gold = await server.post('/dev/market/price', { symbol: 'XAUUSD', price: '2400.5' });
    expect(gold.body.message).toMatchObject({ currency_id: 101, price: '2400.50' });
    expect(server.market.lastPrice(101)).toBe('2400.50');
  });
});

describe('channels: coalescing and subscribers only', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ MARKET_FEED: 'manual' });
  });

  afterAll(async () => {
    await server.stop();
  });

  it('emits one quote per instrument per interval, only to matching subscribers, computes nothing otherwise', async () => {
    const all = await server.socket();
    const allEvents = recorder(all);
    const eth = await server.socket();
    const ethEvents = recorder(eth);
    const none = await server.socket();
    const noneEvents = recorder(none);
    await sub(all, { channel: 'daymarket' });
    await sub(all, { channel: 'futures' });
    await sub(eth, { channel: 'daymarket', currency_id: 2, legal_id: 3 });
    await sub(none, { channel: 'kline', symbol: 'LTC/USDT', period: '1day' });

    const publish = jest.spyOn(server.hub, 'publish');
    const trades = await runFeed(server, 5);
    expect(trades).toBeGreaterThan(31 * 5);
    server.market.publish();
    // Nobody listens to depth, detail or ETH candles: none of them was even built.
    const channels = publish.mock.calls.map(([channel]) => channel);
    expect(channels.filter((c) => c === 'market_depth' || c === 'market_detail')).toEqual([]);
    expect(publish.mock.calls.filter(([c, f]) => c === 'kline' && f.symbol !== 'LTC/USDT')).toEqual([]);
    publish.mockRestore();

    await until(() => received(allEvents, 'daymarket').length >= 20, 2000, 'quotes');
    await until(() => received(ethEvents, 'daymarket').length >= 1, 2000, 'eth quote');
    await new Promise((resolve) => setTimeout(resolve, 100));
    const quotes = received<CryptoQuote>(allEvents, 'daymarket');
    expect(quotes).toHaveLength(20); // 5 s of trades, one emit per instrument
    expect(new Set(quotes.map((q) => q.currency_id)).size).toBe(20);
    expect(received<FuturesQuote>(allEvents, 'futures').length).toBeGreaterThan(0);
    expect(received<CryptoQuote>(ethEvents, 'daymarket').map((q) => q.currency_id)).toEqual([2]);
    expect(received(noneEvents, 'daymarket')).toEqual([]);
    expect(received<Bar & { symbol: string }>(noneEvents, 'kline').map((k) => k.symbol)).toEqual([
      'LTC/USDT',
    ]);

    // Nothing changed: nothing is sent.
    server.market.publish();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(received(allEvents, 'daymarket')).toHaveLength(20);
  });

  it('sends the final state of a candle that closed between two emits, then the new one', async () => {
    const socket = await server.socket();
    const events = recorder(socket);
    await sub(socket, { channel: 'kline', symbol: 'BTC/USDT', period: '1min' });
    server.market.publish();
    const minute = Math.floor(server.clock.now() / 60_000) * 60_000;
    await runFeed(server, 70); // crosses the next minute boundary
    server.market.publish();
    await until(() => received(events, 'kline').length >= 2, 2000, 'candles');
    const bars = received<Bar>(events, 'kline');
    expect(bars.map((b) => b.time)).toEqual([minute, minute + 60_000]);
    const [closed] = await server.market.candles(1, '1min', { from: minute, to: minute, limit: 1 });
    expect(bars[0]).toMatchObject({ close: closed?.close, volume: closed?.volume });
  });

  it('refuses bad subscriptions', async () => {
    const socket = await server.socket();
    expect(await sub(socket, { channel: 'market_depth', currency_id: { $gt: 1 } })).toEqual({
      ok: false,
      code: 'socket.invalid_subscription',
    });
    expect(await sub(socket, { channel: 'quotes' })).toEqual({ ok: false, code: 'socket.unknown_channel' });
  });
});

describe('MARKET_FEED=off, MARKET_BACKFILL=none', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ MARKET_FEED: 'off', MARKET_BACKFILL: 'none' });
  });

  afterAll(async () => {
    await server.stop();
  });

  it('starts every instrument at its start price and moves only when pinned', async () => {
    expect(server.market.lastPrice(1)).toBe('65000.00');
    expect(server.market.lastPrice(101)).toBe('2350.00');
    server.clock.advance(10_000);
    expect(await server.market.tick()).toBe(0);
    expect(server.market.lastTrade(1)?.time).toBe(TEST_START);
    const old = await server.get('/api/currency/new_timeshar?symbol=BTC/USDT&period=1min&from=1000&to=2000');
    expect(old.body).toEqual({ code: 1, data: [] });
    await server.post('/dev/market/price', { symbol: 'ETH/USDT', price: '3000.5' });
    expect((await server.market.priceAt(2, server.clock.now()))?.price).toBe('3000.50');
    expect((await server.market.priceAt(2, TEST_START))?.price).toBe('3200.00');
    const bars = (await server.get('/api/currency/new_timeshar?symbol=ETH/USDT&period=1day'))
      .body as unknown as {
      data: Bar[];
    };
    expect(bars.data).toEqual([
      expect.objectContaining({ open: '3200.00', high: '3200.00', low: '3000.50', close: '3000.50' }),
    ]);
  });
});

describe('trading schedules', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ MARKET_FEED: 'manual' });
  });

  afterAll(async () => {
    await server.stop();
  });

  it('flip inTrade at the boundaries and publish market_schedule_{currency} on change and on subscribe', async () => {
    const socket = await server.socket();
    const events = recorder(socket);
    // Saturday 2025-01-18 05:59:59 Shanghai: the last second of the metals' week.
    server.clock.set(sh(2025, 1, 18, 5, 59, 59));
    await server.market.tick();
    expect(await sub(socket, { channel: 'market_schedule_XAUUSD' })).toEqual({ ok: true });
    expect(await sub(socket, { channel: 'market_schedule_201' })).toEqual({ ok: true });
    expect(await sub(socket, { channel: 'market_schedule_1' })).toEqual({ ok: true });
    await until(() => events.length >= 3, 2000, 'schedule snapshots');
    expect(received<ScheduleView>(events, 'market_schedule_XAUUSD')).toEqual([
      { currency_id: 101, symbol: 'XAUUSD', inTrade: 1, next_change: sh(2025, 1, 18, 6) },
    ]);
    expect(received<ScheduleView>(events, 'market_schedule_1')).toEqual([
      { currency_id: 1, symbol: 'BTC/USDT', inTrade: 1, next_change: null },
    ]);
    let metals = (await server.post('/api/futureslist', { marke: 'cm' })).body.message as FuturesQuote[];
    expect(metals.every((m) => m.inTrade === 1)).toBe(true);

    server.clock.advance(1000); // 06:00:00: closed
    await server.market.tick();
    await until(() => received(events, 'market_schedule_XAUUSD').length >= 2, 2000, 'close');
    expect(received<ScheduleView>(events, 'market_schedule_XAUUSD')[1]).toEqual({
      currency_id: 101,
      symbol: 'XAUUSD',
      inTrade: 0,
      next_change: sh(2025, 1, 20, 7),
    });
    expect(received<ScheduleView>(events, 'market_schedule_201')[1]).toMatchObject({ inTrade: 0 });
    expect(received(events, 'market_schedule_1')).toHaveLength(1); // crypto never changes
    metals = (await server.post('/api/futureslist', { marke: 'cm' })).body.message as FuturesQuote[];
    expect(metals.every((m) => m.inTrade === 0)).toBe(true);
    expect(server.market.inTrade(101)).toBe(false);
    expect(server.market.inTrade(1)).toBe(true);

    // Closed: no gold trades, crypto keeps trading.
    const goldSeq = server.market.lastTrade(101)?.seq;
    const btcSeq = server.market.lastTrade(1)?.seq ?? 0;
    await runFeed(server, 5);
    expect(server.market.lastTrade(101)?.seq).toBe(goldSeq);
    expect(server.market.lastTrade(1)?.seq).toBeGreaterThan(btcSeq);

    // Monday 07:00 Shanghai: open again.
    server.clock.set(sh(2025, 1, 20, 7));
    await server.market.tick();
    await until(() => received(events, 'market_schedule_XAUUSD').length >= 3, 2000, 'open');
    expect(received<ScheduleView>(events, 'market_schedule_XAUUSD')[2]).toMatchObject({ inTrade: 1 });
    await runFeed(server, 5);
    expect(server.market.lastTrade(101)?.seq).not.toBe(goldSeq);
    // The daily break: HK50 has its own hours (12:00-13:00 lunch).
    server.clock.set(sh(2025, 1, 20, 12, 30));
    expect(server.market.schedule(207)).toEqual({
      currency_id: 207,
      symbol: 'HK50',
      inTrade: 0,
      next_change: sh(2025, 1, 20, 13),
    });
  });
});

describe('tape retention and restart', () => {
  it('prunes old trades but keeps the last one, and back-fills the gap after a restart', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'trading-market-test-'));
    const env = {
      APP_MODE: 'test',
      LOG_LEVEL: 'silent',
      DB_FILE: path.join(dir, 'app.db'),
      MARKET_BACKFILL: 'small',
      MARKET_FEED: 'simulated',
      MARKET_TAPE_DAYS: '1',
    };
    // On PostgreSQL (TEST_DATABASE_URL) a database named after DB_FILE, kept for the restart.
    const database = await testDatabase(env);
    if (database) Object.assign(env, { DATABASE_URL: database.url });
    const clock = new ManualClock(TEST_START);
    const first = await buildApp(loadConfig(env), { clock });
    for (let i = 0; i < 5; i += 1) {
      clock.advance(1000);
      await first.market.tick();
    }
    const before = first.market.lastTrade(1);
    await first.close();

    // Three hours later: the gap is back-filled from where the market stopped.
    clock.advance(3 * 3600_000);
    const second = await buildApp(loadConfig(env), { clock });
    try {
      const { q } = second.store;
      const minutes = await CandleStore.latestCandles(q, btc, '1min', 1_000_000);
      const gap = minutes.filter((c) => c.time > (before?.time ?? 0));
      expect(gap.length).toBeGreaterThanOrEqual(170);
      const times = minutes.map((c) => c.time);
      expect(new Set(times).size).toBe(times.length);
      for (const [fine, coarse] of AGGREGATION_PAIRS) {
        const { mismatches } = checkAggregated(
          await CandleStore.latestCandles(q, btc, fine, 1_000_000),
          await CandleStore.latestCandles(q, btc, coarse, 1_000_000),
          coarse,
        );
        expect({ fine, coarse, mismatches }).toEqual({ fine, coarse, mismatches: [] });
      }
      expect(second.market.lastTrade(1)?.seq).toBeGreaterThan(before?.seq ?? 0);

      // Two days on, the tape keeps one day; every instrument keeps its last trade. (The feed's
      // timer may print meanwhile: only trades older than the retention are counted.)
      clock.advance(2 * 86400_000);
      const cutoff = clock.now() - 86400_000;
      let deleted = 0;
      for (let n = await second.market.prune(); n > 0; n = await second.market.prune()) deleted += n;
      expect(deleted).toBeGreaterThan(1000);
      const old = await q
        .selectFrom('market_tape')
        .select('instrument_id')
        .where('time', '<', cutoff)
        .execute();
      expect(new Set(old.map((r) => r.instrument_id)).size).toBe(old.length);
      for (const instrument of INSTRUMENTS)
        expect(await Tape.priceAt(q, instrument.id, clock.now())).toBeDefined();
      expect(await second.market.priceAt(1, TEST_START)).toBeUndefined();
    } finally {
      await second.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
