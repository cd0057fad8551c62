import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { ManualClock } from '../core/clock';
import { loadConfig, type AppConfig } from '../core/config';
import { AppError } from '../core/errors';
import { DEMO_FUNDS, initStore } from '../database';
import type { Store } from '../db';
import { INSTRUMENTS } from '../market/instruments';
import { testDatabase } from '../testing/harness';
import { SEED_CURRENCIES } from '../wallet/currencies';
import {
  Decimal,
  ensureWallets,
  getBalance,
  getBalanceForUpdate,
  ledgerEntryOf,
  postLedger,
  reconcile,
} from './ledger';

// On SQLite (a fresh file) and, with TEST_DATABASE_URL (scripts/with-postgres.mjs), on PostgreSQL.
let dir: string;
let database: Awaited<ReturnType<typeof testDatabase>>;
let config: AppConfig;
let store: Store;
let userId: number;
const clock = new ManualClock(Date.UTC(2025, 0, 1));

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ledger-test-'));
  database = await testDatabase();
  config = loadConfig({
    APP_MODE: 'test',
    DB_FILE: path.join(dir, 'app.db'),
    ...(database ? { DATABASE_URL: database.url } : {}),
  });
  store = await initStore(config, clock);
  userId = await store.tx(async (q) => {
    const { id } = await q
      .insertInto('users')
      .values({
        account_number: 'ledger@example.com',
        email: 'ledger@example.com',
        password_hash: 'x',
        extension_code: 'LEDGER',
        created_at: clock.now(),
        updated_at: clock.now(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await ensureWallets(q, id, clock.now());
    return id;
  });
});

afterAll(async () => {
  await store.close();
  await database?.drop();
  fs.rmSync(dir, { recursive: true, force: true });
});

async function codeOf(fn: () => Promise<unknown>): Promise<string | undefined> {
  try {
    await fn();
  } catch (error) {
    if (error instanceof AppError) return error.code;
    throw error;
  }
  return undefined;
}

const countEntries = async () =>
  (
    await store.q
      .selectFrom('ledger_entries')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow()
  ).n;

describe('seed', () => {
  it('has the spec currencies with fixed ids and decimal prices', async () => {
    const rows = await store.q
      .selectFrom('currencies')
      .select(['id', 'name', 'precision', 'usdt_price'])
      .orderBy('id')
      .execute();
    expect(rows.map((r) => [r.id, r.name])).toEqual(
      expect.arrayContaining([
        [1, 'BTC'],
        [2, 'ETH'],
        [3, 'USDT'],
        [5, 'XRP'],
        [6, 'LTC'],
        [10, 'BCH'],
        [18, 'BEF'],
      ]),
    );
    // Every coin the market quotes against USDT is a wallet currency of the same id and name.
    const byId = new Map(rows.map((r) => [r.id, r.name]));
    for (const i of INSTRUMENTS.filter((x) => x.kind === 'crypto')) expect(byId.get(i.id)).toBe(i.name);
    for (const r of rows) expect(typeof r.usdt_price).toBe('string');
    expect(rows).toHaveLength(SEED_CURRENCIES.length);
  });

  it('funds the demo account through the ledger', async () => {
    for (const f of DEMO_FUNDS) {
      expect((await getBalance(store.q, 1, f.wallet, f.currencyId)).available).toBe(f.amount);
    }
    const entries = await store.q
      .selectFrom('ledger_entries')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', 1)
      .where('reason', '=', 'seed')
      .executeTakeFirstOrThrow();
    expect(entries.n).toBe(DEMO_FUNDS.length);
    expect(await reconcile(store.q)).toEqual([]);
  });

  it('creates the four wallets for every currency of a new user', async () => {
    const n = await store.q
      .selectFrom('wallet_balances')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    expect(n.n).toBe(4 * SEED_CURRENCIES.length);
  });
});

describe('postLedger', () => {
  it('credits and debits exactly (no floats)', async () => {
    await postLedger(
      store.q,
      [{ userId, walletType: 'change', currencyId: 3, amount: '0.1', reason: 'deposit' }],
      {
        now: clock.now(),
      },
    );
    const [entry] = await postLedger(store.q, [
      { userId, walletType: 'change', currencyId: 3, amount: '0.2', reason: 'deposit', ref: 'r2' },
    ]);
    expect(entry?.balanceAfter).toBe('0.3');
    await postLedger(store.q, [
      { userId, walletType: 'change', currencyId: 3, amount: '-0.3', reason: 'withdrawal' },
    ]);
    expect((await getBalance(store.q, userId, 'change', 3)).available).toBe('0');
    await postLedger(store.q, [
      { userId, walletType: 'change', currencyId: 1, amount: new Decimal('0.000000015'), reason: 'deposit' },
    ]);
    expect((await getBalance(store.q, userId, 'change', 1)).available).toBe('0.000000015');
  });

  it('writes one ledger row per change with the balance after it', async () => {
    const before = await countEntries();
    const posted = await postLedger(store.q, [
      { userId, walletType: 'lever', currencyId: 3, amount: '100', reason: 'deposit', ref: 'x1' },
      { userId, walletType: 'lever', currencyId: 3, amount: '-40', reason: 'margin_deduction', ref: 'x1' },
      {
        userId,
        walletType: 'lever',
        currencyId: 3,
        field: 'locked',
        amount: '40',
        reason: 'margin_deduction',
        ref: 'x1',
      },
    ]);
    expect(posted.map((p) => p.balanceAfter)).toEqual(['100', '60', '40']);
    const after = await countEntries();
    expect(after - before).toBe(3);
    expect(await getBalance(store.q, userId, 'lever', 3)).toEqual({ available: '60', locked: '40' });
    const row = await store.q
      .selectFrom('ledger_entries')
      .select(['field', 'amount', 'balance_after', 'reason', 'ref'])
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    expect(row).toEqual({
      field: 'locked',
      amount: '40',
      balance_after: '40',
      reason: 'margin_deduction',
      ref: 'x1',
    });
  });

  it('never makes a balance negative, and applies nothing of a failed batch', async () => {
    const before = await countEntries();
    expect(
      await codeOf(() =>
        postLedger(store.q, [
          { userId, walletType: 'micro', currencyId: 3, amount: '-0.00000001', reason: 'balance_adjustment' },
        ]),
      ),
    ).toBe('wallet.insufficient_balance');
    await postLedger(store.q, [
      { userId, walletType: 'micro', currencyId: 3, amount: '10', reason: 'deposit' },
    ]);
    expect(
      await codeOf(() =>
        postLedger(store.q, [
          { userId, walletType: 'micro', currencyId: 3, amount: '-5', reason: 'balance_adjustment' },
          {
            userId,
            walletType: 'micro',
            currencyId: 3,
            field: 'locked',
            amount: '5',
            reason: 'balance_adjustment',
          },
          {
            userId,
            walletType: 'micro',
            currencyId: 3,
            amount: '-5.000000001',
            reason: 'balance_adjustment',
          },
        ]),
      ),
    ).toBe('wallet.insufficient_balance');
    expect(await getBalance(store.q, userId, 'micro', 3)).toEqual({ available: '10', locked: '0' });
    expect(await countEntries()).toBe(before + 1);
    expect(
      await codeOf(() =>
        postLedger(store.q, [
          {
            userId,
            walletType: 'micro',
            currencyId: 3,
            field: 'locked',
            amount: '-1',
            reason: 'balance_adjustment',
          },
        ]),
      ),
    ).toBe('wallet.insufficient_balance');
  });

  it('rejects malformed amounts, zero, unknown wallets, currencies and reasons', async () => {
    const bad = (over: Record<string, unknown>) =>
      codeOf(() =>
        postLedger(store.q, [
          { userId, walletType: 'change', currencyId: 3, amount: '1', reason: 'deposit', ...over } as never,
        ]),
      );
    expect(await bad({ amount: '1e5' })).toBe('wallet.invalid_amount');
    expect(await bad({ amount: 'abc' })).toBe('wallet.invalid_amount');
    expect(await bad({ amount: '0' })).toBe('wallet.invalid_amount');
    expect(await bad({ amount: 1 })).toBe('wallet.invalid_amount');
    expect(await bad({ amount: new Decimal(NaN) })).toBe('wallet.invalid_amount');
    expect(await bad({ walletType: 'savings' })).toBe('wallet.invalid_type');
    expect(await bad({ currencyId: 4 })).toBe('wallet.currency_not_found');
    expect(await bad({ reason: 'Bad Reason' })).toBe('validation.failed');
    expect(await bad({ reason: 'made_up_reason' })).toBe('validation.failed');
  });
});

describe('reconcile', () => {
  it('is clean after any sequence of postings', async () => {
    for (let i = 0; i < 50; i += 1) {
      await postLedger(store.q, [
        { userId, walletType: 'legal', currencyId: 2, amount: `${i}.123456789`, reason: 'deposit' },
      ]);
      if (i % 3 === 0)
        await postLedger(store.q, [
          { userId, walletType: 'legal', currencyId: 2, amount: '-0.1', reason: 'fee_deduction' },
        ]);
    }
    expect(await reconcile(store.q)).toEqual([]);
  });

  it('reports a balance changed outside the ledger', async () => {
    const setLegal = (available: string) =>
      store.q
        .updateTable('wallet_balances')
        .set({ available })
        .where('user_id', '=', userId)
        .where('wallet_type', '=', 'legal')
        .where('currency_id', '=', 2)
        .execute();
    await setLegal('999');
    const mismatches = await reconcile(store.q);
    expect(mismatches).toHaveLength(1);
    expect(mismatches[0]).toMatchObject({
      user_id: userId,
      wallet_type: 'legal',
      currency_id: 2,
      field: 'available',
      balance: '999',
      kind: 'sum',
    });
    const sum = mismatches[0]?.ledger_sum ?? '0';
    await setLegal(sum);
    expect(await reconcile(store.q)).toEqual([]);
  });
});

describe('concurrent writers (two nodes)', () => {
  const secondNode = async () => (store.dialect === 'postgres' ? initStore(config, clock) : store);

  it('50 concurrent debits against one balance through two stores never overdraw', async () => {
    // On PostgreSQL a second Store (its own pool: another node). SQLite runs one node (one
    // process, one connection, transactions one at a time), so there both are the one Store.
    const other = await secondNode();
    try {
      const wallet = { userId, walletType: 'change' as const, currencyId: 2 };
      const start = (await getBalance(store.q, userId, 'change', 2)).available;
      await postLedger(store.q, [{ ...wallet, amount: '30', reason: 'deposit', ref: 'race' }]);
      const funded = new Decimal(start).plus(30);
      // Debits of 1 + start/30 each: exactly 30 of them fit.
      const debit = funded.dividedBy(30);
      const results = await Promise.allSettled(
        Array.from({ length: 50 }, (_, i) =>
          (i % 2 === 0 ? store : other).tx(async (q) => {
            // Read, then write what was read: the pattern the lock protects.
            const before = await getBalanceForUpdate(q, userId, 'change', 2);
            await postLedger(q, [
              { ...wallet, amount: debit.negated(), reason: 'withdrawal', ref: `race-${i}` },
            ]);
            return before.available;
          }),
        ),
      );
      const ok = results.filter((r) => r.status === 'fulfilled');
      const refused = results.filter(
        (r) =>
          r.status === 'rejected' &&
          r.reason instanceof AppError &&
          r.reason.code === 'wallet.insufficient_balance',
      );
      expect(ok).toHaveLength(30);
      expect(refused).toHaveLength(20);
      expect((await getBalance(store.q, userId, 'change', 2)).available).toBe('0');
      // Every success saw a different balance: no two debits read the same one.
      const seen = new Set(ok.map((r) => (r.status === 'fulfilled' ? new Decimal(r.value).toFixed() : '')));
      expect(seen.size).toBe(30);
      expect(await reconcile(store.q)).toEqual([]);
    } finally {
      if (other !== store) await other.close();
    }
  });

  it('moves money between two users both ways at once without deadlock or loss', async () => {
    const other = await secondNode();
    try {
      const second = await store.tx(async (q) => {
        const { id } = await q
          .insertInto('users')
          .values({
            account_number: 'ledger2@example.com',
            email: 'ledger2@example.com',
            password_hash: 'x',
            extension_code: 'LEDGR2',
            created_at: clock.now(),
            updated_at: clock.now(),
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await postLedger(q, [
          { userId: id, walletType: 'legal', currencyId: 3, amount: '100', reason: 'deposit' },
        ]);
        return id;
      });
      await postLedger(store.q, [
        { userId, walletType: 'legal', currencyId: 3, amount: '100', reason: 'deposit' },
      ]);
      const move = (from: number, to: number) => [
        { userId: from, walletType: 'legal' as const, currencyId: 3, amount: '-1', reason: 'transfer_out' },
        { userId: to, walletType: 'legal' as const, currencyId: 3, amount: '1', reason: 'transfer_in' },
      ];
      await Promise.all(
        Array.from({ length: 40 }, (_, i) =>
          (i % 2 === 0 ? store : other).tx((q) =>
            postLedger(q, i % 4 < 2 ? move(userId, second) : move(second, userId)),
          ),
        ),
      );
      expect((await getBalance(store.q, second, 'legal', 3)).available).toBe('100');
      expect(await reconcile(store.q)).toEqual([]);
    } finally {
      if (other !== store) await other.close();
    }
  });

  it('keeps the ledger rows in one sequence (ids increase with the balance history)', async () => {
    const rows = await store.q
      .selectFrom('ledger_entries')
      .select(['id', 'amount', 'balance_after'])
      .where('user_id', '=', userId)
      .where('wallet_type', '=', 'change')
      .where('currency_id', '=', 2)
      .orderBy('id')
      .execute();
    let balance = new Decimal(0);
    for (const row of rows) {
      balance = balance.plus(row.amount);
      expect(new Decimal(row.balance_after).isEqualTo(balance)).toBe(true);
    }
    const raw = await sql<{ n: number }>`SELECT COUNT(*) AS n FROM ledger_entries`.execute(store.q);
    expect(Number(raw.rows[0]?.n)).toBeGreaterThan(rows.length);
  });
});

describe('ledgerEntryOf', () => {
  it('builds each entry from the shared base and its own part, the part winning', () => {
    const entry = ledgerEntryOf({
      userId: 7,
      walletType: 'lever',
      currencyId: 1,
      reason: 'margin_release',
      ref: 'lever:3',
    });
    expect(entry({ amount: '-2.5', field: 'locked' })).toEqual({
      userId: 7,
      walletType: 'lever',
      currencyId: 1,
      field: 'locked',
      amount: '-2.5',
      reason: 'margin_release',
      ref: 'lever:3',
    });
    expect(entry({ amount: '1', currencyId: 2, reason: 'profit', ref: 'lever:4' })).toEqual({
      userId: 7,
      walletType: 'lever',
      currencyId: 2,
      field: 'available',
      amount: '1',
      reason: 'profit',
      ref: 'lever:4',
    });
  });

  it('refuses an entry with no currency or no reason', () => {
    const entry = ledgerEntryOf({ userId: 7, walletType: 'change' });
    expect(() => entry({ amount: '1', reason: 'spot_buy' })).toThrow('needs a currency');
    expect(() => entry({ amount: '1', currencyId: 1 })).toThrow('needs a currency and a reason');
    expect(entry({ amount: '1', currencyId: 1, reason: 'spot_buy' }).ref).toBeNull();
  });
});
