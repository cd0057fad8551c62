import { insertUser } from '../accounts/users';
import { startTestServer, TEST_START, type TestServer } from '../testing/harness';
import { getBalance, postLedger, reconcile } from '../kernel';
import { Lanes } from '../kernel/common';
import { deferredId, GroupCommit, LaneBatches, type DeferredIds } from './group-commit';
import type { Store } from './index';

describe('group commit', () => {
  let server: TestServer;
  let userId: number;
  let transactions: number;
  let counted: Pick<Store, 'tx' | 'dialect'>;
  beforeAll(async () => {
    server = await startTestServer({ MARKET_FEED: 'off', MARKET_BACKFILL: 'none' });
    userId = await server.store.tx((q) =>
      insertUser(q, { email: 'group@example.com', passwordHash: 'x' }, TEST_START),
    );
    const { store } = server;
    counted = {
      dialect: store.dialect,
      tx: (fn) => {
        transactions += 1;
        return store.tx(fn);
      },
    };
  });
  afterAll(async () => {
    await server.stop();
  });
  beforeEach(() => {
    transactions = 0;
  });

  const credit = (amount: string) => ({
    userId,
    walletType: 'change' as const,
    currencyId: 3,
    amount,
    reason: 'deposit',
    ref: 'group',
  });

  it('runs units queued together in one transaction; a refused one is rolled back alone', async () => {
    const group = new GroupCommit(counted, { maxBatch: 64 });
    const before = await getBalance(server.store.q, userId, 'change', 3);
    const units = Array.from({ length: 20 }, (_, i) =>
      group.run(userId, async (q) => {
        // The tenth unit overdraws: refused, the others commit.
        await postLedger(q, [credit(i === 9 ? '-1000000' : '1')], { now: TEST_START });
        return i;
      }),
    );
    const settled = await Promise.allSettled(units);
    expect(transactions).toBe(1);
    expect(settled.filter((s) => s.status === 'fulfilled')).toHaveLength(19);
    expect(settled[9]).toEqual({
      status: 'rejected',
      reason: expect.objectContaining({ code: 'wallet.insufficient_balance' }),
    });
    // Each answer came after the commit: what it wrote is there for any other reader.
    const after = await getBalance(server.store.q, userId, 'change', 3);
    expect(Number(after.available) - Number(before.available)).toBe(19);
    expect(await reconcile(server.store.q)).toEqual([]);
  });

  it("inserts the units' ledger rows at the end, in posting order; a unit rolled back takes its rows along", async () => {
    const group = new GroupCommit(counted);
    const settled = await Promise.allSettled(
      [0, 1, 2, 3].map((k) =>
        group.run(userId, async (q) => {
          const posted = await postLedger(q, [{ ...credit('1'), ref: `deferred-${k}` }], { now: TEST_START });
          // Queued for the end of the group: no row (and no id) yet.
          const seen = await q
            .selectFrom('ledger_entries')
            .select('id')
            .where('ref', '=', `deferred-${k}`)
            .execute();
          expect([posted[0]?.id, seen]).toEqual([null, []]);
          if (k === 2) throw new Error('refused after posting');
          return posted[0]?.balanceAfter;
        }),
      ),
    );
    expect(transactions).toBe(1);
    expect(settled.map((s) => s.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
    const rows = await server.store.q
      .selectFrom('ledger_entries')
      .select(['ref', 'balance_after'])
      .where('ref', 'like', 'deferred-%')
      .orderBy('id')
      .execute();
    const answers = settled.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
    expect(rows).toEqual(
      ['deferred-0', 'deferred-1', 'deferred-3'].map((ref, i) => ({ ref, balance_after: answers[i] })),
    );
    expect(await reconcile(server.store.q)).toEqual([]);
  });

  it('gives deferred rows their ids in unit order on SQLite (a unit rolled back gives its id back), none on PostgreSQL', async () => {
    const group = new GroupCommit(counted);
    let reads = 0;
    const ids: DeferredIds = {
      async first() {
        reads += 1;
        return 100;
      },
    };
    const settled = await Promise.allSettled(
      [0, 1, 2].map((k) =>
        group.run(userId, async (q) => {
          const id = await deferredId(q, ids);
          if (k === 1) throw new Error('refused after taking an id');
          return id;
        }),
      ),
    );
    expect(transactions).toBe(1);
    const sqlite = server.store.dialect === 'sqlite';
    expect(settled.map((s) => (s.status === 'fulfilled' ? s.value : 'refused'))).toEqual(
      sqlite ? [100, 'refused', 101] : [undefined, 'refused', undefined],
    );
    expect(reads).toBe(sqlite ? 1 : 0);
    // Outside a group commit: none.
    expect(await server.store.tx((q) => deferredId(q, ids))).toBeUndefined();
  });

  it('splits what arrives together into transactions of at most maxBatch units', async () => {
    const group = new GroupCommit(counted, { maxBatch: 4 });
    await Promise.all(
      Array.from({ length: 10 }, () =>
        group.run(userId, (q) => postLedger(q, [credit('1')], { now: TEST_START })),
      ),
    );
    expect(transactions).toBe(3);
  });

  it('writes a tail once, after every unit, with the largest value of the units that committed', async () => {
    const group = new GroupCommit(counted);
    const written: number[] = [];
    const write = async (_q: unknown, value: number) => {
      written.push(value);
    };
    const results = await Promise.allSettled([
      group.run(1, async (_q, tail) => tail.max('cursor', 5, write)),
      group.run(2, async (_q, tail) => {
        tail.max('cursor', 100, write);
        throw new Error('refused');
      }),
      group.run(3, async (_q, tail) => tail.max('cursor', 9, write)),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(transactions).toBe(1);
    expect(written).toEqual([9]);
  });

  it('runs a unit alone when it is the only one, and later arrivals in a next transaction', async () => {
    const group = new GroupCommit(counted);
    await group.run(userId, (q) => postLedger(q, [credit('1')], { now: TEST_START }));
    expect(transactions).toBe(1);
    await Promise.all([
      group.run(userId, (q) => postLedger(q, [credit('1')], { now: TEST_START })),
      group.run(userId, (q) => postLedger(q, [credit('1')], { now: TEST_START })),
    ]);
    expect(transactions).toBe(2);
    await group.idle();
    expect(await reconcile(server.store.q)).toEqual([]);
  });
});

describe('lane batches', () => {
  const tick = () => new Promise((resolve) => setImmediate(resolve));

  it('a job joins the running lane job while nothing is queued behind it, and waits behind a queued trade', async () => {
    const lanes = new Lanes();
    const batches = new LaneBatches(lanes);
    const events: string[] = [];
    let finishA: () => void = () => undefined;
    const a = batches.run(1, async () => {
      events.push('a starts');
      await new Promise<void>((resolve) => {
        finishA = resolve;
      });
      events.push('a ends');
    });
    await tick();
    // A runs (awaiting its commit): B joins it at once instead of waiting for it.
    const b = batches.run(1, async () => {
      events.push('b runs');
    });
    await tick();
    expect(events).toEqual(['a starts', 'b runs']);
    // A trade queues behind the running lane job: C must wait for the trade.
    const trade = lanes.run(1, async () => {
      events.push('trade');
    });
    const c = batches.run(1, async () => {
      events.push('c runs');
    });
    await tick();
    expect(events).toEqual(['a starts', 'b runs']);
    finishA();
    await Promise.all([a, b, trade, c]);
    expect(events).toEqual(['a starts', 'b runs', 'a ends', 'trade', 'c runs']);
    await tick();
    expect(lanes.depth(1)).toBe(0);
  });

  it('without joining (PostgreSQL), a job waits for the running lane job and goes with the others queued meanwhile', async () => {
    const lanes = new Lanes();
    const batches = new LaneBatches(lanes, false);
    const events: string[] = [];
    let finishA: () => void = () => undefined;
    const a = batches.run(1, async () => {
      events.push('a starts');
      await new Promise<void>((resolve) => {
        finishA = resolve;
      });
      events.push('a ends');
    });
    await tick();
    const b = batches.run(1, async () => {
      events.push('b runs');
    });
    const c = batches.run(1, async () => {
      events.push('c runs');
    });
    await tick();
    expect(events).toEqual(['a starts']);
    expect(lanes.depth(1)).toBe(2);
    finishA();
    await Promise.all([a, b, c]);
    expect(events).toEqual(['a starts', 'a ends', 'b runs', 'c runs']);
    await tick();
    expect(lanes.depth(1)).toBe(0);
  });
});
