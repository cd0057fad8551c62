// TEMPORARY: the old synchronous ledger over better-sqlite3, for the domains not yet converted
// to the Store (issue 12). The ledger is ./ledger.ts (async, both dialects); the last domain
// converted deletes this file.
import BigNumber from 'bignumber.js';
import type { Db } from '../core/db';
import { AppError, badRequest } from '../core/errors';
import {
  Decimal,
  prepareEntries,
  WALLET_TYPES,
  type Balance,
  type BalanceField,
  type LedgerEntryInput,
  type Mismatch,
  type PostedEntry,
  type WalletType,
} from './ledger';

/** Creates the zero balance rows of every wallet type and currency for a user (idempotent). */
export function ensureWalletsSync(db: Db, userId: number, now: number): void {
  db.prepare(
    `INSERT OR IGNORE INTO wallet_balances (user_id, wallet_type, currency_id, available, locked, updated_at)
     SELECT ?, t.value, c.id, '0', '0', ? FROM currencies c, json_each(?) t`,
  ).run(userId, now, JSON.stringify(WALLET_TYPES));
}

/**
 * Applies balance changes in ONE transaction (all or nothing), in order. Refuses any change that
 * would leave a balance negative (`wallet.insufficient_balance`) and writes one ledger row per
 * change with the balance after it.
 */
export function postLedgerSync(
  db: Db,
  entries: readonly LedgerEntryInput[],
  options: { now?: number } = {},
): PostedEntry[] {
  const now = options.now ?? Date.now();
  const prepared = prepareEntries(entries);

  const selectCurrency = db.prepare('SELECT 1 FROM currencies WHERE id = ?');
  const ensureRow = db.prepare(
    `INSERT OR IGNORE INTO wallet_balances (user_id, wallet_type, currency_id, available, locked, updated_at)
     VALUES (?, ?, ?, '0', '0', ?)`,
  );
  const selectRow = db.prepare(
    'SELECT id, available, locked FROM wallet_balances WHERE user_id = ? AND wallet_type = ? AND currency_id = ?',
  );
  const updateAvailable = db.prepare('UPDATE wallet_balances SET available = ?, updated_at = ? WHERE id = ?');
  const updateLocked = db.prepare('UPDATE wallet_balances SET locked = ?, updated_at = ? WHERE id = ?');
  const insertEntry = db.prepare(
    `INSERT INTO ledger_entries (user_id, wallet_type, currency_id, field, amount, balance_after, reason, ref, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );

  const run = db.transaction((): PostedEntry[] => {
    const posted: PostedEntry[] = [];
    for (const e of prepared) {
      if (!selectCurrency.get(e.currencyId)) throw new AppError('wallet.currency_not_found', 404);
      ensureRow.run(e.userId, e.walletType, e.currencyId, now);
      const row = selectRow.get(e.userId, e.walletType, e.currencyId) as
        { id: number; available: string; locked: string } | undefined;
      if (!row) throw new AppError('wallet.currency_not_found', 404);
      const before = new Decimal(e.field === 'available' ? row.available : row.locked);
      const after = before.plus(e.amount);
      if (after.isNegative()) throw badRequest('wallet.insufficient_balance');
      const afterText = after.toFixed();
      (e.field === 'available' ? updateAvailable : updateLocked).run(afterText, now, row.id);
      const amountText = e.amount.toFixed();
      const info = insertEntry.run(
        e.userId,
        e.walletType,
        e.currencyId,
        e.field,
        amountText,
        afterText,
        e.reason,
        e.ref ?? null,
        now,
      );
      posted.push({
        id: Number(info.lastInsertRowid),
        userId: e.userId,
        walletType: e.walletType,
        currencyId: e.currencyId,
        field: e.field,
        amount: amountText,
        balanceAfter: afterText,
      });
    }
    return posted;
  });
  // IMMEDIATE takes the write lock before reading balances, so another process cannot interleave.
  return db.inTransaction ? run() : run.immediate();
}

export function getBalanceSync(db: Db, userId: number, walletType: WalletType, currencyId: number): Balance {
  const row = db
    .prepare(
      'SELECT available, locked FROM wallet_balances WHERE user_id = ? AND wallet_type = ? AND currency_id = ?',
    )
    .get(userId, walletType, currencyId) as Balance | undefined;
  return row ?? { available: '0', locked: '0' };
}

/** Compares every balance with the sum of its ledger entries. An empty list means the books agree. */
export function reconcileSync(db: Db): Mismatch[] {
  type Key = string;
  const sums = new Map<Key, { sum: BigNumber; last: string }>();
  const keyOf = (u: number, w: string, c: number, f: string): Key => `${u}|${w}|${c}|${f}`;
  const entries = db
    .prepare(
      'SELECT user_id, wallet_type, currency_id, field, amount, balance_after FROM ledger_entries ORDER BY id',
    )
    .iterate() as IterableIterator<{
    user_id: number;
    wallet_type: string;
    currency_id: number;
    field: BalanceField;
    amount: string;
    balance_after: string;
  }>;
  for (const e of entries) {
    const key = keyOf(e.user_id, e.wallet_type, e.currency_id, e.field);
    const current = sums.get(key);
    sums.set(key, { sum: (current?.sum ?? new Decimal(0)).plus(e.amount), last: e.balance_after });
  }

  const mismatches: Mismatch[] = [];
  const seen = new Set<Key>();
  const rows = db
    .prepare('SELECT user_id, wallet_type, currency_id, available, locked FROM wallet_balances ORDER BY id')
    .all() as Array<{
    user_id: number;
    wallet_type: string;
    currency_id: number;
    available: string;
    locked: string;
  }>;
  for (const row of rows) {
    for (const field of ['available', 'locked'] as const) {
      const key = keyOf(row.user_id, row.wallet_type, row.currency_id, field);
      seen.add(key);
      const balance = new Decimal(row[field]);
      const ledger = sums.get(key);
      const sum = ledger?.sum ?? new Decimal(0);
      const base = {
        user_id: row.user_id,
        wallet_type: row.wallet_type,
        currency_id: row.currency_id,
        field,
        balance: balance.toFixed(),
        ledger_sum: sum.toFixed(),
      };
      if (!balance.isEqualTo(sum)) mismatches.push({ ...base, kind: 'sum' });
      else if (ledger && !new Decimal(ledger.last).isEqualTo(balance))
        mismatches.push({ ...base, kind: 'last_entry' });
      if (balance.isNegative()) mismatches.push({ ...base, kind: 'negative' });
    }
  }
  for (const [key, ledger] of sums) {
    if (seen.has(key)) continue;
    const [u, w, c, f] = key.split('|');
    mismatches.push({
      user_id: Number(u),
      wallet_type: w ?? '',
      currency_id: Number(c),
      field: f === 'locked' ? 'locked' : 'available',
      balance: '0',
      ledger_sum: ledger.sum.toFixed(),
      kind: 'sum',
    });
  }
  return mismatches;
}
