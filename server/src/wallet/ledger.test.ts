import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { insertUser } from '../accounts/users';
import { ManualClock } from '../core/clock';
import { loadConfig } from '../core/config';
import type { Db } from '../core/db';
import { AppError } from '../core/errors';
import { DEMO_FUNDS, initDatabase } from '../database';
import { INSTRUMENTS } from '../market/instruments';
import { SEED_CURRENCIES } from './currencies';
import { Decimal, getBalance, postLedger, reconcile } from './ledger';

let dir: string;
let db: Db;
let userId: number;
const clock = new ManualClock(Date.UTC(2025, 0, 1));

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ledger-test-'));
  db = initDatabase(loadConfig({ APP_MODE: 'test', DB_FILE: path.join(dir, 'app.db') }), clock);
  userId = db.transaction(() =>
    insertUser(db, { email: 'ledger@example.com', passwordHash: 'x' }, clock.now()),
  )();
});

afterAll(() => {
  db.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

function codeOf(fn: () => unknown): string | undefined {
  try {
    fn();
  } catch (error) {
    if (error instanceof AppError) return error.code;
    throw error;
  }
  return undefined;
}

describe('seed', () => {
  it('has the spec currencies with fixed ids and decimal prices', () => {
    const rows = db
      .prepare('SELECT id, name, precision, usdt_price FROM currencies ORDER BY id')
      .all() as Array<{ id: number; name: string; usdt_price: string }>;
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

  it('funds the demo account through the ledger', () => {
    for (const f of DEMO_FUNDS) {
      expect(getBalance(db, 1, f.wallet, f.currencyId).available).toBe(f.amount);
    }
    const entries = db
      .prepare("SELECT COUNT(*) AS n FROM ledger_entries WHERE user_id = 1 AND reason = 'seed'")
      .get() as { n: number };
    expect(entries.n).toBe(DEMO_FUNDS.length);
    expect(reconcile(db)).toEqual([]);
  });

  it('creates the four wallets for every currency of a new user', () => {
    const n = db.prepare('SELECT COUNT(*) AS n FROM wallet_balances WHERE user_id = ?').get(userId) as {
      n: number;
    };
    expect(n.n).toBe(4 * SEED_CURRENCIES.length);
  });
});

describe('postLedger', () => {
  it('credits and debits exactly (no floats)', () => {
    postLedger(db, [{ userId, walletType: 'change', currencyId: 3, amount: '0.1', reason: 'deposit' }], {
      now: clock.now(),
    });
    const [entry] = postLedger(db, [
      { userId, walletType: 'change', currencyId: 3, amount: '0.2', reason: 'deposit', ref: 'r2' },
    ]);
    expect(entry?.balanceAfter).toBe('0.3');
    postLedger(db, [{ userId, walletType: 'change', currencyId: 3, amount: '-0.3', reason: 'withdrawal' }]);
    expect(getBalance(db, userId, 'change', 3).available).toBe('0');
    postLedger(db, [
      { userId, walletType: 'change', currencyId: 1, amount: new Decimal('0.000000015'), reason: 'deposit' },
    ]);
    expect(getBalance(db, userId, 'change', 1).available).toBe('0.000000015');
  });

  it('writes one ledger row per change with the balance after it', () => {
    const before = (db.prepare('SELECT COUNT(*) AS n FROM ledger_entries').get() as { n: number }).n;
    const posted = postLedger(db, [
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
    const after = (db.prepare('SELECT COUNT(*) AS n FROM ledger_entries').get() as { n: number }).n;
    expect(after - before).toBe(3);
    expect(getBalance(db, userId, 'lever', 3)).toEqual({ available: '60', locked: '40' });
    const row = db
      .prepare(
        'SELECT field, amount, balance_after, reason, ref FROM ledger_entries ORDER BY id DESC LIMIT 1',
      )
      .get();
    expect(row).toEqual({
      field: 'locked',
      amount: '40',
      balance_after: '40',
      reason: 'margin_deduction',
      ref: 'x1',
    });
  });

  it('never makes a balance negative, and applies nothing of a failed batch', () => {
    const count = () => (db.prepare('SELECT COUNT(*) AS n FROM ledger_entries').get() as { n: number }).n;
    const before = count();
    expect(
      codeOf(() =>
        postLedger(db, [
          { userId, walletType: 'micro', currencyId: 3, amount: '-0.00000001', reason: 'balance_adjustment' },
        ]),
      ),
    ).toBe('wallet.insufficient_balance');
    postLedger(db, [{ userId, walletType: 'micro', currencyId: 3, amount: '10', reason: 'deposit' }]);
    expect(
      codeOf(() =>
        postLedger(db, [
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
    expect(getBalance(db, userId, 'micro', 3)).toEqual({ available: '10', locked: '0' });
    expect(count()).toBe(before + 1);
    expect(
      codeOf(() =>
        postLedger(db, [
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

  it('rejects malformed amounts, zero, unknown wallets, currencies and reasons', () => {
    const bad = (over: Record<string, unknown>) =>
      codeOf(() =>
        postLedger(db, [
          { userId, walletType: 'change', currencyId: 3, amount: '1', reason: 'deposit', ...over } as never,
        ]),
      );
    expect(bad({ amount: '1e5' })).toBe('wallet.invalid_amount');
    expect(bad({ amount: 'abc' })).toBe('wallet.invalid_amount');
    expect(bad({ amount: '0' })).toBe('wallet.invalid_amount');
    expect(bad({ amount: 1 })).toBe('wallet.invalid_amount');
    expect(bad({ amount: new Decimal(NaN) })).toBe('wallet.invalid_amount');
    expect(bad({ walletType: 'savings' })).toBe('wallet.invalid_type');
    expect(bad({ currencyId: 4 })).toBe('wallet.currency_not_found');
    expect(bad({ reason: 'Bad Reason' })).toBe('validation.failed');
    expect(bad({ reason: 'made_up_reason' })).toBe('validation.failed');
  });
});

describe('reconcile', () => {
  it('is clean after any sequence of postings', () => {
    for (let i = 0; i < 50; i += 1) {
      postLedger(db, [
        { userId, walletType: 'legal', currencyId: 2, amount: `${i}.123456789`, reason: 'deposit' },
      ]);
      if (i % 3 === 0)
        postLedger(db, [
          { userId, walletType: 'legal', currencyId: 2, amount: '-0.1', reason: 'fee_deduction' },
        ]);
    }
    expect(reconcile(db)).toEqual([]);
  });

  it('reports a balance changed outside the ledger', () => {
    db.prepare(
      "UPDATE wallet_balances SET available = '999' WHERE user_id = ? AND wallet_type = 'legal' AND currency_id = 2",
    ).run(userId);
    const mismatches = reconcile(db);
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
    db.prepare(
      "UPDATE wallet_balances SET available = ? WHERE user_id = ? AND wallet_type = 'legal' AND currency_id = 2",
    ).run(sum, userId);
    expect(reconcile(db)).toEqual([]);
  });
});
