import Database from 'better-sqlite3';
import BigNumber from 'bignumber.js';
import { insertUser } from '../accounts/users';
import { getBalance, postLedger, reconcile } from '../kernel';
import { startTestServer, TEST_START, type TestServer } from '../testing/harness';
import { GroupCommit } from './group-commit';
import { offloadStats } from './index';

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const describeSqlite = onPostgres ? describe.skip : describe;

// PostgreSQL has no write worker (store.offload is undefined there): the group commit test covers it.
describeSqlite('group commits offloaded to the SQLite write worker (db/write-worker.ts)', () => {
  let server: TestServer;
  let userId: number;
  beforeAll(async () => {
    server = await startTestServer({ MARKET_FEED: 'off', MARKET_BACKFILL: 'none' });
    userId = await server.store.tx((q) =>
      insertUser(q, { email: 'offload@example.com', passwordHash: 'x' }, TEST_START),
    );
    await postLedger(server.store.q, [credit('10')], { now: TEST_START });
  });
  afterAll(async () => {
    await server.stop();
  });

  function credit(amount: string) {
    return {
      userId,
      walletType: 'change' as const,
      currencyId: 3,
      amount,
      reason: 'deposit',
      ref: 'offload',
    };
  }
  const balance = async () => (await getBalance(server.store.q, userId, 'change', 3)).available;
  const commits = () => offloadStats(server.store)?.commits ?? -1;

  it('commits a batch on the worker; a unit sees what the units before it wrote, a refused one is rolled back alone', async () => {
    expect(server.store.offload).toBeDefined();
    const group = new GroupCommit(server.store);
    const before = commits();
    // 10 available: 4 + 4 pass, the third 4 would overdraw (only if the earlier two are seen), the 1 passes.
    const settled = await Promise.allSettled(
      ['-4', '-4', '-4', '-1'].map((amount) =>
        group.run(
          userId,
          async (q) => (await postLedger(q, [credit(amount)], { now: TEST_START }))[0]?.balanceAfter,
          { offload: true },
        ),
      ),
    );
    expect(settled).toEqual([
      { status: 'fulfilled', value: '6' },
      { status: 'fulfilled', value: '2' },
      { status: 'rejected', reason: expect.objectContaining({ code: 'wallet.insufficient_balance' }) },
      { status: 'fulfilled', value: '1' },
    ]);
    expect(commits()).toBe(before + 1);
    // Answered after the worker's COMMIT: the main connection sees it.
    expect(await balance()).toBe('1');
    expect(await reconcile(server.store.q)).toEqual([]);
    await postLedger(server.store.q, [credit('9')], { now: TEST_START });
  });

  it('records the next batch while the one before commits, on the balances that one leaves', async () => {
    const group = new GroupCommit(server.store, { maxBatch: 2 });
    const start = new BigNumber(await balance());
    const before = commits();
    // Two batches of two, queued together: the second is recorded while the first is on the worker.
    const settled = await Promise.allSettled(
      [new BigNumber('4').minus(start), '-1', '-1', start.negated()].map((amount) =>
        group.run(
          userId,
          async (q) =>
            (await postLedger(q, [credit(amount.toString())], { now: TEST_START }))[0]?.balanceAfter,
          { offload: true },
        ),
      ),
    );
    expect(settled).toEqual([
      { status: 'fulfilled', value: '4' },
      { status: 'fulfilled', value: '3' },
      { status: 'fulfilled', value: '2' },
      { status: 'rejected', reason: expect.objectContaining({ code: 'wallet.insufficient_balance' }) },
    ]);
    // Both on the worker: the second saw the first's balance before it was committed.
    expect(commits()).toBe(before + 2);
    expect(await balance()).toBe('2');
    await postLedger(server.store.q, [credit('8')], { now: TEST_START });
  });

  it('runs a batch on the main connection when one of its units may not be offloaded', async () => {
    const group = new GroupCommit(server.store);
    const before = commits();
    await Promise.all([
      group.run(userId, (q) => postLedger(q, [credit('1')], { now: TEST_START }), { offload: true }),
      group.run(userId, (q) => postLedger(q, [credit('1')], { now: TEST_START })),
    ]);
    expect(commits()).toBe(before);
    expect(await balance()).toBe('12');
  });

  it('runs each unit alone on the main connection when one reads back what it wrote', async () => {
    const group = new GroupCommit(server.store);
    const ids = await Promise.all(
      [1, 2].map((k) =>
        group.run(
          userId,
          async (q) => {
            await postLedger(q, [credit('1')], { now: TEST_START });
            // A write with RETURNING cannot be recorded: the batch is refused as a whole, then each unit runs alone.
            const row = await q
              .insertInto('feedback')
              .values({
                user_id: userId,
                content: `offload ${k}`,
                img: null,
                reply_content: null,
                reply_time: null,
                create_time: TEST_START,
              })
              .returning('id')
              .executeTakeFirstOrThrow();
            return row.id;
          },
          { offload: true },
        ),
      ),
    );
    expect(ids.every((id) => id > 0)).toBe(true);
    expect(await balance()).toBe('14');
    expect(await reconcile(server.store.q)).toEqual([]);
  });

  it('fails over to the main connection when another connection changed a balance it read (no update lost)', async () => {
    const group = new GroupCommit(server.store);
    const start = new BigNumber(await balance());
    const before = commits();
    // Another writer on the file (as the admin CLI would be, in its own process): not in this process's lane.
    const other = new Database(server.config.dbFile);
    let runs = 0;
    try {
      await group.run(
        userId,
        async (q) => {
          await postLedger(q, [credit('1')], { now: TEST_START });
          runs += 1;
          if (runs > 1) return;
          // Read above, written by the worker after this: the other writer comes in between.
          const row = other
            .prepare(
              "select available from wallet_balances where user_id = ? and wallet_type = 'change' and currency_id = 3",
            )
            .get(userId) as { available: string };
          const after = new BigNumber(row.available).plus('5').toFixed();
          other
            .prepare(
              "update wallet_balances set available = ? where user_id = ? and wallet_type = 'change' and currency_id = 3",
            )
            .run(after, userId);
          other
            .prepare(
              "insert into ledger_entries (user_id, wallet_type, currency_id, field, amount, balance_after, reason, ref, created_at) values (?, 'change', 3, 'available', '5', ?, 'deposit', 'other', ?)",
            )
            .run(userId, after, TEST_START);
        },
        { offload: true },
      );
    } finally {
      other.close();
    }
    // The worker refused the stale update; the unit ran again on the main connection, on the new balance.
    expect(runs).toBe(2);
    expect(commits()).toBe(before);
    expect(await balance()).toBe(start.plus('6').toFixed());
    expect(await reconcile(server.store.q)).toEqual([]);
  });

  /** 100 of coin 1 credited to the user by a second connection (another process, e.g. the admin CLI). */
  function creditFromAnotherConnection(after: string): void {
    const other = new Database(server.config.dbFile);
    try {
      other
        .prepare(
          "update wallet_balances set available = ? where user_id = ? and wallet_type = 'change' and currency_id = 1",
        )
        .run(after, userId);
      other
        .prepare(
          "insert into ledger_entries (user_id, wallet_type, currency_id, field, amount, balance_after, reason, ref, created_at) values (?, 'change', 1, 'available', '100', ?, 'deposit', 'other', ?)",
        )
        .run(userId, after, TEST_START);
    } finally {
      other.close();
    }
  }

  it('forgets the balances it knows once another connection has committed (seen by the next transaction)', async () => {
    const group = new GroupCommit(server.store);
    const coin = (amount: string) => ({ ...credit(amount), currencyId: 1 });
    await postLedger(server.store.q, [coin('1')], { now: TEST_START });
    const offloaded = (entry: ReturnType<typeof credit>) =>
      group.run(userId, async (q) => (await postLedger(q, [entry], { now: TEST_START }))[0]?.balanceAfter, {
        offload: true,
      });
    // Known in memory from here on.
    const known = new BigNumber((await offloaded(coin('1'))) ?? '0');
    creditFromAnotherConnection(known.plus('100').toFixed());
    // A transaction on another balance: the worker sees that someone else committed.
    await offloaded(credit('1'));
    // The next one reads the coin balance again: the 100 are there.
    expect(await offloaded(coin('-100'))).toBe(known.toFixed());
    expect(await reconcile(server.store.q)).toEqual([]);
  });

  it('refuses no order on a balance another connection has just credited (read again before refusing)', async () => {
    const group = new GroupCommit(server.store);
    const coin = (amount: string) => ({ ...credit(amount), currencyId: 1 });
    const offloaded = (entry: ReturnType<typeof credit>) =>
      group.run(userId, async (q) => (await postLedger(q, [entry], { now: TEST_START }))[0]?.balanceAfter, {
        offload: true,
      });
    // Known in memory from here on.
    const known = new BigNumber((await offloaded(coin('1'))) ?? '0');
    // The admin CLI's credit, in its own process: the worker has not seen it commit.
    creditFromAnotherConnection(known.plus('100').toFixed());
    // At once: more than the balance in memory, less than the database's.
    expect(await offloaded(coin(known.plus('50').negated().toFixed()))).toBe('50');
    // A refusal on the database's balance stays a refusal.
    await expect(offloaded(coin('-51'))).rejects.toMatchObject({ code: 'wallet.insufficient_balance' });
    expect(await offloaded(coin('-50'))).toBe('0');
    expect(await reconcile(server.store.q)).toEqual([]);
  });

  it('answers a read outside a transaction while a worker transaction waits for its COMMIT (the state before it), then the state after', async () => {
    const group = new GroupCommit(server.store);
    const start = await balance();
    // Another process holds the write lock: the worker's BEGIN IMMEDIATE waits (busy timeout 5 s).
    const other = new Database(server.config.dbFile);
    other.exec('begin immediate');
    let answered = false;
    let pending: Promise<string | undefined> | undefined;
    try {
      pending = group
        .run(
          userId,
          async (q) => (await postLedger(q, [credit('-1')], { now: TEST_START }))[0]?.balanceAfter,
          {
            offload: true,
          },
        )
        .finally(() => {
          answered = true;
        });
      // Recorded and sent to the worker.
      await sleep(100);
      expect(answered).toBe(false);
      // WAL: the read runs beside the worker's transaction, on the last committed state.
      expect(await Promise.race([balance(), sleep(2000).then(() => 'still waiting')])).toBe(start);
      expect(answered).toBe(false);
    } finally {
      other.exec('rollback');
      other.close();
    }
    const after = await pending;
    expect(after).toBe(new BigNumber(start).minus('1').toFixed());
    // Read your writes: a read that starts after the answer sees it.
    expect(await balance()).toBe(after);
  });

  it('lets a read that starts after an answer see that order, under a stream of offloaded batches', async () => {
    const group = new GroupCommit(server.store, { maxBatch: 3 });
    await postLedger(server.store.q, [credit('30')], { now: TEST_START });
    // Debits only: a read after an answer shows at most the balance after that debit.
    const seen = await Promise.all(
      Array.from({ length: 30 }, () =>
        group
          .run(
            userId,
            async (q) => (await postLedger(q, [credit('-0.5')], { now: TEST_START }))[0]?.balanceAfter ?? '',
            { offload: true },
          )
          .then(async (after) => ({ after, read: await balance() })),
      ),
    );
    for (const { after, read } of seen) expect(new BigNumber(read).lte(after)).toBe(true);
    expect(await reconcile(server.store.q)).toEqual([]);
  });

  it('keeps a read outside a transaction from seeing a transaction of the main connection half done', async () => {
    const start = new BigNumber(await balance());
    let open!: () => void;
    const gate = new Promise<void>((resolve) => {
      open = resolve;
    });
    let inside: string | undefined;
    const tx = server.store.tx(async (q) => {
      await postLedger(q, [credit('2')], { now: TEST_START });
      await gate;
      await postLedger(q, [credit('3')], { now: TEST_START });
      // A read inside the transaction sees its own writes.
      inside = (await getBalance(q, userId, 'change', 3)).available;
    });
    await sleep(50);
    let read: string | undefined;
    const reading = balance().then((value) => {
      read = value;
    });
    await sleep(100);
    // It waits for the transaction (the one connection is in it) instead of reading its first half.
    expect(read).toBeUndefined();
    open();
    await Promise.all([tx, reading]);
    expect(inside).toBe(start.plus('5').toFixed());
    expect(read).toBe(start.plus('5').toFixed());
  });

  it('runs again the units of a batch recorded on one that fails (STALE): none is answered with the error', async () => {
    const group = new GroupCommit(server.store, { maxBatch: 1 });
    const start = new BigNumber(await balance());
    const other = new Database(server.config.dbFile);
    let runs = 0;
    try {
      // Two batches of one: the second is recorded while the first is on the worker, on its balance.
      const settled = await Promise.allSettled(
        ['1', '2'].map((amount, k) =>
          group.run(
            userId,
            async (q) => {
              const [entry] = await postLedger(q, [credit(amount)], { now: TEST_START });
              runs += 1;
              if (k === 0 && runs === 1) {
                // The first one's balance changes under it (another process): it fails, CONFLICT.
                const row = other
                  .prepare(
                    "select available from wallet_balances where user_id = ? and wallet_type = 'change' and currency_id = 3",
                  )
                  .get(userId) as { available: string };
                const after = new BigNumber(row.available).plus('5').toFixed();
                other
                  .prepare(
                    "update wallet_balances set available = ? where user_id = ? and wallet_type = 'change' and currency_id = 3",
                  )
                  .run(after, userId);
                other
                  .prepare(
                    "insert into ledger_entries (user_id, wallet_type, currency_id, field, amount, balance_after, reason, ref, created_at) values (?, 'change', 3, 'available', '5', ?, 'deposit', 'other', ?)",
                  )
                  .run(userId, after, TEST_START);
              }
              return entry?.balanceAfter;
            },
            { offload: true },
          ),
        ),
      );
      expect(settled.map((s) => s.status)).toEqual(['fulfilled', 'fulfilled']);
    } finally {
      other.close();
    }
    expect(await balance()).toBe(start.plus('8').toFixed());
    expect(await reconcile(server.store.q)).toEqual([]);
  });

  it('takes turns with the transactions of the main connection (nothing lost, the ledger exact)', async () => {
    const group = new GroupCommit(server.store, { maxBatch: 8 });
    const start = new BigNumber(await balance());
    await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        i % 2 === 0
          ? group.run(userId, (q) => postLedger(q, [credit('0.5')], { now: TEST_START }), { offload: true })
          : server.store.tx((q) => postLedger(q, [credit('0.25')], { now: TEST_START })),
      ),
    );
    expect(await balance()).toBe(start.plus('15').toFixed());
    expect(await reconcile(server.store.q)).toEqual([]);
  });
});
