import BigNumber from 'bignumber.js';
import { AppError, badRequest } from '../core/errors';
import { forUpdate, queryDialect, recordingOf, type Dialect, type Q } from '../db';
import { compiledQuery, compiledRowsQuery } from '../db/compiled';
import { deferInsert, type DeferredKind } from '../db/group-commit';
import { NotRecordable } from '../db/write-worker';
import { isLedgerReason } from './reasons';

/** Exact decimals only: no JS floats touch a balance. */
export const Decimal = BigNumber.clone({
  DECIMAL_PLACES: 18,
  ROUNDING_MODE: BigNumber.ROUND_DOWN,
  EXPONENTIAL_AT: 1e9,
});
export type Decimal = BigNumber;

export const WALLET_TYPES = ['change', 'lever', 'legal', 'micro'] as const;
export type WalletType = (typeof WALLET_TYPES)[number];
export type BalanceField = 'available' | 'locked';

export function isWalletType(value: string): value is WalletType {
  return (WALLET_TYPES as readonly string[]).includes(value);
}

export interface LedgerEntryInput {
  userId: number;
  walletType: WalletType;
  currencyId: number;
  /** Defaults to `available`. */
  field?: BalanceField;
  /** Signed decimal text (or a BigNumber): positive credits, negative debits. Never a JS number. */
  amount: string | BigNumber;
  /** Stable reason code, e.g. `deposit`, `seed`, `transfer_out`, `lever_margin`. */
  reason: string;
  /** What caused it (order id, transfer id...). */
  ref?: string | null;
}

export interface PostedEntry {
  /**
   * The ledger row's id; `null` inside a group commit (group-commit.ts), where the rows are
   * inserted at the end of the transaction, all in one statement, after the unit has run.
   */
  id: number | null;
  userId: number;
  walletType: WalletType;
  currencyId: number;
  field: BalanceField;
  amount: string;
  balanceAfter: string;
}

const DECIMAL_TEXT = /^-?\d{1,30}(\.\d{1,18})?$/;
const REASON = /^[a-z][a-z0-9_.]{0,63}$/;

function toDecimal(amount: string | BigNumber): BigNumber {
  if (BigNumber.isBigNumber(amount)) {
    if (!amount.isFinite()) throw badRequest('wallet.invalid_amount');
    return new Decimal(amount);
  }
  if (typeof amount !== 'string' || !DECIMAL_TEXT.test(amount.trim()))
    throw badRequest('wallet.invalid_amount');
  return new Decimal(amount.trim());
}

export interface PreparedEntry extends LedgerEntryInput {
  field: BalanceField;
  amount: BigNumber;
}

/** Checks a batch before anything is written (same errors on every path). */
export function prepareEntries(entries: readonly LedgerEntryInput[]): PreparedEntry[] {
  return entries.map((e) => {
    const field: BalanceField = e.field ?? 'available';
    if (!isWalletType(e.walletType)) throw badRequest('wallet.invalid_type');
    if (field !== 'available' && field !== 'locked')
      throw badRequest('validation.failed', { field: 'field' });
    if (!REASON.test(e.reason) || !isLedgerReason(e.reason))
      throw badRequest('validation.failed', { field: 'reason' });
    const amount = toDecimal(e.amount);
    if (amount.isZero()) throw badRequest('wallet.invalid_amount');
    // Written out: on Node 20's V8 a spread followed by more properties takes a slow runtime path
    // (~1-3 µs an object), and these run for every entry of every order.
    return {
      userId: e.userId,
      walletType: e.walletType,
      currencyId: e.currencyId,
      field,
      amount,
      reason: e.reason,
      ref: e.ref,
    };
  });
}

/** Creates the zero balance rows of every wallet type and currency for a user (idempotent). */
export async function ensureWallets(q: Q, userId: number, now: number): Promise<void> {
  const currencies = await q.selectFrom('currencies').select('id').orderBy('id').execute();
  if (currencies.length === 0) return;
  await q
    .insertInto('wallet_balances')
    .values(
      WALLET_TYPES.flatMap((wallet_type) =>
        currencies.map((c) => ({
          user_id: userId,
          wallet_type,
          currency_id: c.id,
          available: '0',
          locked: '0',
          updated_at: now,
        })),
      ),
    )
    .onConflict((oc) => oc.columns(['user_id', 'wallet_type', 'currency_id']).doNothing())
    .execute();
}

/** What the entries of one `ledgerEntryOf` share. */
export type LedgerEntryBase = Pick<LedgerEntryInput, 'userId' | 'walletType'> &
  Partial<Pick<LedgerEntryInput, 'currencyId' | 'reason' | 'ref'>>;
/** What each of them adds (or overrides). */
export type LedgerEntryPart = Partial<Omit<LedgerEntryInput, 'userId' | 'walletType' | 'amount'>> &
  Pick<LedgerEntryInput, 'amount'>;

/**
 * Entries that share a user, a wallet (and often a currency and a ref), each built as one literal
 * of a fixed shape. Instead of `{ ...base, amount, reason }`: see `prepareEntries` for the cost.
 */
export function ledgerEntryOf(base: LedgerEntryBase): (part: LedgerEntryPart) => LedgerEntryInput {
  return (part) => {
    const currencyId = part.currencyId ?? base.currencyId;
    const reason = part.reason ?? base.reason;
    if (currencyId === undefined || reason === undefined)
      throw new Error('a ledger entry needs a currency and a reason');
    return {
      userId: base.userId,
      walletType: base.walletType,
      currencyId,
      field: part.field ?? 'available',
      amount: part.amount,
      reason,
      ref: part.ref ?? base.ref ?? null,
    };
  };
}

type BalanceKey = `${number}|${WalletType}|${number}`;
const keyOf = (e: { userId: number; walletType: WalletType; currencyId: number }): BalanceKey =>
  `${e.userId}|${e.walletType}|${e.currencyId}`;

/** Thrown inside `post` only: an offloaded posting refused on balances kept in memory. */
const REREAD = new Error('read the balances again');

async function postInTransaction(
  q: Q,
  prepared: readonly PreparedEntry[],
  now: number,
): Promise<PostedEntry[]> {
  try {
    return await post(q, prepared, now, false);
  } catch (error) {
    if (error !== REREAD) throw error;
    // Nothing was recorded yet: posted again on the balances as the database has them now.
    return post(q, prepared, now, true);
  }
}

/**
 * `reread`: offloaded, the balances the offloaded transactions committed are read again from the
 * database instead of taken from memory (write-worker.ts, `Committed`).
 */
async function post(
  q: Q,
  prepared: readonly PreparedEntry[],
  now: number,
  reread: boolean,
): Promise<PostedEntry[]> {
  const dialect = { dialect: queryDialect(q) };
  const known = await knownCurrencyIds(q, prepared);
  const entryKeys = prepared.map(keyOf);
  // The rows this batch touches, created if missing, then locked (PostgreSQL: FOR UPDATE) in one
  // fixed order so two batches never wait on each other crosswise.
  const distinct = new Map<BalanceKey, PreparedEntry>();
  prepared.forEach((e, i) => {
    if (known.has(e.currencyId)) distinct.set(entryKeys[i] as BalanceKey, e);
  });
  const keys = [...distinct.values()].sort(
    (a, b) => a.userId - b.userId || a.currencyId - b.currencyId || a.walletType.localeCompare(b.walletType),
  );
  // Offloaded (store.offload): the database has not seen this transaction's writes (nor those of
  // the one before it, still committing), the recording has the balances they wrote or read.
  const recording = recordingOf(q);
  let rows: Map<BalanceKey, LockedBalance>;
  if (recording) {
    rows = new Map();
    const unknown: typeof keys = [];
    for (const k of keys) {
      const key = keyOf(k);
      const known = recording.recall<LockedBalance>(`wallet_balances:${key}`, !reread);
      if (known) rows.set(key, lockedBalance(known.id, known.available, known.locked, known.text));
      else unknown.push(k);
    }
    for (const [key, row] of await lockBalances(q, dialect, unknown)) {
      rows.set(key, row);
      recording.remember(
        `wallet_balances:${key}`,
        lockedBalance(row.id, row.available, row.locked, row.text),
      );
    }
  } else rows = await lockBalances(q, dialect, keys);
  const missing = keys.filter((e) => !rows.has(keyOf(e)));
  if (missing.length > 0 && recording)
    throw new NotRecordable('new balance rows in an offloaded transaction');
  if (missing.length > 0) {
    await q
      .insertInto('wallet_balances')
      .values(
        missing.map((e) => ({
          user_id: e.userId,
          wallet_type: e.walletType,
          currency_id: e.currencyId,
          available: '0',
          locked: '0',
          updated_at: now,
        })),
      )
      .onConflict((oc) => oc.columns(['user_id', 'wallet_type', 'currency_id']).doNothing())
      .execute();
    rows = await lockBalances(q, dialect, keys);
  }

  // In memory, entry by entry (each ledger row carries the balance after it); then one update per
  // balance row and one insert of every ledger row.
  const posted: PostedEntry[] = [];
  /** The text each changed row is written with: its last entry's balance after, the other field as read. */
  const written = new Map<BalanceKey, { available: string; locked: string }>();
  for (const [i, e] of prepared.entries()) {
    const key = entryKeys[i] as BalanceKey;
    const row = known.has(e.currencyId) ? rows.get(key) : undefined;
    if (!row) throw new AppError('wallet.currency_not_found', 404);
    const after = row[e.field].plus(e.amount);
    if (after.isNegative()) {
      // Offloaded, the balance may be one kept in memory, which another process's commit (the
      // admin CLI's credit) does not reach until the worker's next transaction. Refusals are rare:
      // read it again and decide again (an acceptance never pays for this).
      if (recording && !reread) throw REREAD;
      throw badRequest('wallet.insufficient_balance');
    }
    row[e.field] = after;
    const balanceAfter = after.toFixed();
    let text = written.get(key);
    if (!text) {
      text = { available: row.text.available, locked: row.text.locked };
      written.set(key, text);
    }
    text[e.field] = balanceAfter;
    posted.push({
      id: null,
      userId: e.userId,
      walletType: e.walletType,
      currencyId: e.currencyId,
      field: e.field,
      amount: e.amount.toFixed(),
      balanceAfter,
    });
  }
  for (const [key, text] of written) {
    const row = rows.get(key) as LockedBalance;
    if (recording) {
      // Offloaded: the row is read here and written later on the worker's connection, so the
      // update holds only if the row is still as read (another process may write it meanwhile):
      // else the worker fails the transaction and its units run again on this connection.
      await updateBalanceIf(q, {
        available: text.available,
        locked: text.locked,
        now,
        id: row.id,
        was: row.text.available,
        wasLocked: row.text.locked,
      });
      recording.expectChanges(1);
      recording.remember(`wallet_balances:${key}`, lockedBalance(row.id, row.available, row.locked, text));
    } else await updateBalance(q, { available: text.available, locked: text.locked, now, id: row.id });
  }
  const rowsOut: LedgerRow[] = posted.map((p, i) => ({
    userId: p.userId,
    walletType: p.walletType,
    currencyId: p.currencyId,
    field: p.field,
    amount: p.amount,
    balanceAfter: p.balanceAfter,
    reason: prepared[i]?.reason ?? '',
    ref: prepared[i]?.ref ?? null,
    now,
  }));
  // In a group commit (spot placements, lever orders): inserted with the group's other ledger
  // rows at its end, in one statement; the entries have no id (null).
  if (deferInsert(q, LEDGER_ROWS, rowsOut)) return posted;
  const inserted = await insertEntriesReturningIds(q, rowsOut);
  // Ids are given in the order of the rows: the smallest is the first entry's.
  const ids = inserted.rows.map((r) => r.id).sort((a, b) => a - b);
  posted.forEach((p, i) => {
    p.id = ids[i] as number;
  });
  return posted;
}

/** A ledger row to insert. */
type LedgerRow = Omit<PostedEntry, 'id'> & { reason: string; ref: string | null; now: number };

/** Most rows of one deferred insert (9 values a row: far under either dialect's limit). */
const DEFERRED_CHUNK = 128;

/** The ledger rows of a whole group commit: in chunks of at most 128 rows, in order. */
const LEDGER_ROWS: DeferredKind<LedgerRow> = {
  async insert(q, rows) {
    for (let start = 0; start < rows.length; start += DEFERRED_CHUNK) {
      await insertEntries(q, rows.slice(start, start + DEFERRED_CHUNK));
    }
  },
};

/**
 * The currency ids known to exist, per database (by its Kysely adapter, which its transactions
 * share). Currencies are never deleted, so an id once found is not looked up again: one statement
 * less a posting. (Should one ever go, the ledger's foreign key still refuses its rows.)
 */
const knownByDatabase = new WeakMap<object, Set<number>>();

async function knownCurrencyIds(q: Q, entries: readonly PreparedEntry[]): Promise<Set<number>> {
  const database = q.getExecutor().adapter;
  let known = knownByDatabase.get(database);
  if (!known) {
    known = new Set();
    knownByDatabase.set(database, known);
  }
  // Almost always all known: a loop, no arrays.
  if (entries.every((e) => known.has(e.currencyId))) return known;
  const unknown = [...new Set(entries.map((e) => e.currencyId))].filter((id) => !known.has(id));
  if (unknown.length > 0) {
    const found = await knownCurrencies(q, numbered('c', unknown), unknown.length);
    for (const row of found.rows) known.add(row.id);
  }
  return known;
}

// The statements of every posting, compiled once (db/compiled.ts).

/** `{ c0: a, c1: b, ... }`: the values of an `in` list of `shape` items. */
function numbered(prefix: string, list: readonly unknown[]): Record<string, unknown> {
  return Object.fromEntries(list.map((v, i) => [`${prefix}${i}`, v]));
}
const placeholders = (values: Record<string, unknown>, prefix: string, shape: number) =>
  Array.from({ length: shape }, (_, i) => values[`${prefix}${i}`] as number);

const knownCurrencies = compiledQuery((q, v: Record<string, unknown>, shape) =>
  q
    .selectFrom('currencies')
    .select('id')
    .where('id', 'in', placeholders(v, 'c', shape)),
);

const lockWalletRows = compiledQuery((q, v: Record<string, unknown>, shape) =>
  forUpdate(
    { dialect: queryDialect(q) },
    q
      .selectFrom('wallet_balances')
      .select(['id', 'currency_id', 'available', 'locked'])
      .where('user_id', '=', v.user as number)
      .where('wallet_type', '=', v.wallet as WalletType)
      .where('currency_id', 'in', placeholders(v, 'c', shape))
      .orderBy('currency_id'),
  ),
);

const updateBalance = compiledQuery((q, v: { available: string; locked: string; now: number; id: number }) =>
  q
    .updateTable('wallet_balances')
    .set({ available: v.available, locked: v.locked, updated_at: v.now })
    .where('id', '=', v.id),
);

/** `updateBalance` only where the row is still as read (offloaded transactions: store.offload). */
const updateBalanceIf = compiledQuery(
  (q, v: { available: string; locked: string; now: number; id: number; was: string; wasLocked: string }) =>
    q
      .updateTable('wallet_balances')
      .set({ available: v.available, locked: v.locked, updated_at: v.now })
      .where('id', '=', v.id)
      .where('available', '=', v.was)
      .where('locked', '=', v.wasLocked),
);

const entryRows = (rows: readonly LedgerRow[]) =>
  rows.map((r) => ({
    user_id: r.userId,
    wallet_type: r.walletType,
    currency_id: r.currencyId,
    field: r.field,
    amount: r.amount,
    balance_after: r.balanceAfter,
    reason: r.reason,
    ref: r.ref,
    created_at: r.now,
  }));

const insertEntriesReturningIds = compiledRowsQuery((q, rows: LedgerRow[]) =>
  q.insertInto('ledger_entries').values(entryRows(rows)).returning('id'),
);

const insertEntries = compiledRowsQuery((q, rows: LedgerRow[]) =>
  q.insertInto('ledger_entries').values(entryRows(rows)),
);

interface LockedBalance {
  id: number;
  available: BigNumber;
  locked: BigNumber;
  /** The balance as stored (decimal text) when read. */
  text: { available: string; locked: string };
}

/** A copy made field by field (no spread: see `prepareEntries`). */
const lockedBalance = (
  id: number,
  available: BigNumber,
  locked: BigNumber,
  text: { available: string; locked: string },
): LockedBalance => ({ id, available, locked, text });

/**
 * The balance rows of `keys` (sorted), locked on PostgreSQL (FOR UPDATE) in that order: one
 * statement when they share a user and a wallet type (an order's usual case: ORDER BY under FOR
 * UPDATE locks in the sorted order), else one a row.
 */
async function lockBalances(
  q: Q,
  dialect: { dialect: Dialect },
  keys: ReadonlyArray<{ userId: number; walletType: WalletType; currencyId: number }>,
): Promise<Map<BalanceKey, LockedBalance>> {
  const rows = new Map<BalanceKey, LockedBalance>();
  const first = keys[0];
  if (!first) return rows;
  const select = (userId: number, walletType: WalletType) =>
    q
      .selectFrom('wallet_balances')
      .select(['id', 'currency_id', 'available', 'locked'])
      .where('user_id', '=', userId)
      .where('wallet_type', '=', walletType);
  const add = (
    userId: number,
    walletType: WalletType,
    row: { id: number; currency_id: number; available: string; locked: string },
  ) =>
    rows.set(
      keyOf({ userId, walletType, currencyId: row.currency_id }),
      lockedBalance(row.id, new Decimal(row.available), new Decimal(row.locked), {
        available: row.available,
        locked: row.locked,
      }),
    );
  if (keys.every((k) => k.userId === first.userId && k.walletType === first.walletType)) {
    const currencyIds = keys.map((k) => k.currencyId);
    const found = await lockWalletRows(
      q,
      { user: first.userId, wallet: first.walletType, ...numbered('c', currencyIds) },
      currencyIds.length,
    );
    for (const row of found.rows) add(first.userId, first.walletType, row);
    return rows;
  }
  for (const k of keys) {
    const row = await forUpdate(
      dialect,
      select(k.userId, k.walletType).where('currency_id', '=', k.currencyId),
    ).executeTakeFirst();
    if (row) add(k.userId, k.walletType, row);
  }
  return rows;
}

/**
 * Applies balance changes, in order, all or nothing. Refuses any change that would leave a
 * balance negative (`wallet.insufficient_balance`) and writes one ledger row per change with the
 * balance after it. Pass the caller's transaction (`store.tx(async (q) => ... postLedger(q, ...))`):
 * the balance rows are locked until it ends (PostgreSQL: FOR UPDATE; SQLite: the write transaction).
 * Given the bare connection, it opens its own transaction (without the Store's retries).
 */
export async function postLedger(
  q: Q,
  entries: readonly LedgerEntryInput[],
  options: { now?: number } = {},
): Promise<PostedEntry[]> {
  const now = options.now ?? Date.now();
  const prepared = prepareEntries(entries);
  if (prepared.length === 0) return [];
  if (q.isTransaction) return postInTransaction(q, prepared, now);
  return q.transaction().execute((tx) => postInTransaction(tx, prepared, now));
}

export interface Balance {
  available: string;
  locked: string;
}

/** A balance as stored (zero when the row does not exist yet). Inside a tx that then writes it, lock it: `getBalanceForUpdate`. */
export async function getBalance(
  q: Q,
  userId: number,
  walletType: WalletType,
  currencyId: number,
): Promise<Balance> {
  const row = await q
    .selectFrom('wallet_balances')
    .select(['available', 'locked'])
    .where('user_id', '=', userId)
    .where('wallet_type', '=', walletType)
    .where('currency_id', '=', currencyId)
    .executeTakeFirst();
  return row ?? { available: '0', locked: '0' };
}

/**
 * The same, with the row locked until the transaction ends (PostgreSQL: FOR UPDATE), for a
 * check-then-post inside `store.tx` (postLedger re-checks anyway: it never overdraws).
 */
export async function getBalanceForUpdate(
  q: Q,
  userId: number,
  walletType: WalletType,
  currencyId: number,
): Promise<Balance> {
  const row = await forUpdate(
    { dialect: queryDialect(q) },
    q
      .selectFrom('wallet_balances')
      .select(['available', 'locked'])
      .where('user_id', '=', userId)
      .where('wallet_type', '=', walletType)
      .where('currency_id', '=', currencyId),
  ).executeTakeFirst();
  return row ?? { available: '0', locked: '0' };
}

export interface Mismatch {
  user_id: number;
  wallet_type: string;
  currency_id: number;
  field: BalanceField;
  /** What the balance row says. */
  balance: string;
  /** What the ledger adds up to. */
  ledger_sum: string;
  kind: 'sum' | 'negative' | 'last_entry';
}

/** Compares every balance with the sum of its ledger entries. An empty list means the books agree. */
export async function reconcile(q: Q): Promise<Mismatch[]> {
  type Key = string;
  const sums = new Map<Key, { sum: BigNumber; last: string }>();
  const keyOfRow = (u: number, w: string, c: number, f: string): Key => `${u}|${w}|${c}|${f}`;
  const entries = await q
    .selectFrom('ledger_entries')
    .select(['user_id', 'wallet_type', 'currency_id', 'field', 'amount', 'balance_after'])
    .orderBy('id')
    .execute();
  for (const e of entries) {
    const key = keyOfRow(e.user_id, e.wallet_type, e.currency_id, e.field);
    const current = sums.get(key);
    sums.set(key, { sum: (current?.sum ?? new Decimal(0)).plus(e.amount), last: e.balance_after });
  }

  const mismatches: Mismatch[] = [];
  const seen = new Set<Key>();
  const rows = await q
    .selectFrom('wallet_balances')
    .select(['user_id', 'wallet_type', 'currency_id', 'available', 'locked'])
    .orderBy('id')
    .execute();
  for (const row of rows) {
    for (const field of ['available', 'locked'] as const) {
      const key = keyOfRow(row.user_id, row.wallet_type, row.currency_id, field);
      seen.add(key);
      const balance = new Decimal(row[field]);
      const ledger = sums.get(key);
      const sum = ledger?.sum ?? new Decimal(0);
      const mismatch = (kind: Mismatch['kind']): Mismatch => ({
        user_id: row.user_id,
        wallet_type: row.wallet_type,
        currency_id: row.currency_id,
        field,
        balance: balance.toFixed(),
        ledger_sum: sum.toFixed(),
        kind,
      });
      if (!balance.isEqualTo(sum)) mismatches.push(mismatch('sum'));
      else if (ledger && !new Decimal(ledger.last).isEqualTo(balance))
        mismatches.push(mismatch('last_entry'));
      if (balance.isNegative()) mismatches.push(mismatch('negative'));
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
