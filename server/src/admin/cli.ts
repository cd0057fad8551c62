/**
 * Admin CLI, on the same database as the server (DB_FILE, or DATABASE_URL for PostgreSQL):
 *   pnpm --filter server admin users
 *   pnpm --filter server admin credit <account> <wallet> <currency> <amount>
 *   pnpm --filter server admin reconcile
 *   pnpm --filter server admin deposit <account> <currency> <amount>
 *   pnpm --filter server admin withdrawal list|approve|chain-ok|chain-fail|reject <id> [reason]
 *   pnpm --filter server admin kyc list|approve <account>|reject <account> <reason>
 *   pnpm --filter server admin fiat|feedback|chat ... (issue 6, see USAGE)
 */
import { findUserByAccount, reviewRealName } from '../accounts';
import { systemClock } from '../core/clock';
import { loadConfig } from '../core/config';
import { AppError } from '../core/errors';
import { initStore } from '../database';
import type { Store } from '../db';
import { FIAT_USAGE, fiatCommand } from '../otc/admin';
import { chatCommand, feedbackCommand, SUPPORT_USAGE } from '../support/admin';
import { reconcile } from '../kernel';
import { row, visible, visibleLine } from '../core/visible';
import { creditDeposit, recordDeposit, reviewWithdrawal, type WithdrawalAction } from '../wallet';

const USAGE = `Usage: admin <command>
  users                                         list accounts
  credit <account> <wallet> <currency> <amount> deposit through the ledger (wallet: change|lever|legal|micro)
  reconcile                                     compare balances with the ledger (exit 1 on mismatch)
  deposit <account> <currency> <amount>         record a deposit to the change wallet (deposit log + ledger)
  withdrawal list                               withdrawals waiting for review or chain
  withdrawal approve|chain-ok|chain-fail <id>   0 -> 1 (approve), 1 -> 2 (success), 1 -> 3 (failure, released)
  withdrawal reject <id> [reason]               0|1 -> 4 (rejected, released)
  kyc list                                      identity submissions under review
  kyc approve <account>                         review_status 1 -> 2
  kyc reject <account> <reason>                 review_status 1 -> 0 with the reason
${FIAT_USAGE}
${SUPPORT_USAGE}`;

/** Every line the CLI prints goes through visibleLine (user fields through row/visible). */
function out(line: string): void {
  process.stdout.write(`${visibleLine(line)}\n`);
}

async function listUsers(store: Store): Promise<number> {
  const rows = await store.q
    .selectFrom('users')
    .select([
      'id',
      'account_number',
      'extension_code',
      'inviter_id',
      'is_seller',
      'review_status',
      'created_at',
    ])
    .orderBy('id')
    .execute();
  out(['id', 'account_number', 'invite', 'inviter', 'seller', 'review', 'created_at'].join('\t'));
  for (const r of rows) {
    out(
      row([
        r.id,
        r.account_number,
        r.extension_code,
        r.inviter_id ?? '-',
        r.is_seller,
        r.review_status,
        new Date(r.created_at).toISOString(),
      ]),
    );
  }
  out(`${rows.length} user(s)`);
  return 0;
}

async function credit(store: Store, args: string[]): Promise<number> {
  const [account, wallet, currency, amount] = args;
  if (!account || !wallet || !currency || !amount) {
    out(USAGE);
    return 2;
  }
  const user = await findUserByAccount(store.q, account);
  if (!user) {
    out(`No account "${visible(account)}"`);
    return 1;
  }
  const result = await creditDeposit(
    { store, clock: systemClock },
    user.id,
    wallet,
    currency,
    amount,
    'admin-cli',
  );
  out(
    `Credited ${result.amount} ${result.currency} to ${user.account_number} (${result.wallet}); available now ${result.available}`,
  );
  return 0;
}

async function deposit(store: Store, args: string[]): Promise<number> {
  const [account, currency, amount] = args;
  if (!account || !currency || !amount) {
    out(USAGE);
    return 2;
  }
  const user = await findUserByAccount(store.q, account);
  if (!user) {
    out(`No account "${visible(account)}"`);
    return 1;
  }
  const result = await recordDeposit({ store, clock: systemClock }, user.id, currency, amount, 'admin-cli');
  out(
    `Deposit #${result.id}: ${result.amount} ${result.currency_name} to ${user.account_number} (change); available now ${result.available}`,
  );
  return 0;
}

const WITHDRAWAL_ACTIONS: readonly WithdrawalAction[] = ['approve', 'chain-ok', 'chain-fail', 'reject'];

async function withdrawal(store: Store, args: string[]): Promise<number> {
  const [action, idText, ...rest] = args;
  if (action === 'list') {
    const rows = await store.q
      .selectFrom('withdrawals as w')
      .innerJoin('users as u', 'u.id', 'w.user_id')
      .innerJoin('currencies as c', 'c.id', 'w.currency_id')
      .select(['w.id', 'u.account_number', 'c.name', 'w.amount', 'w.fee', 'w.address', 'w.status'])
      .where('w.status', 'in', [0, 1])
      .orderBy('w.id')
      .execute();
    out(['id', 'account', 'currency', 'amount', 'fee', 'address', 'status'].join('\t'));
    for (const r of rows) out(row([r.id, r.account_number, r.name, r.amount, r.fee, r.address, r.status]));
    out(`${rows.length} open withdrawal(s)`);
    return 0;
  }
  const found = WITHDRAWAL_ACTIONS.find((a) => a === action);
  if (!found || !idText || !/^\d+$/.test(idText)) {
    out(USAGE);
    return 2;
  }
  const result = await reviewWithdrawal(
    { store, clock: systemClock },
    Number(idText),
    found,
    rest.join(' ') || undefined,
  );
  out(`Withdrawal #${result.id}: status ${result.status} (${result.status_text})`);
  return 0;
}

async function kyc(store: Store, args: string[]): Promise<number> {
  const [action, account, ...rest] = args;
  if (action === 'list') {
    const rows = await store.q
      .selectFrom('kyc_submissions as k')
      .innerJoin('users as u', 'u.id', 'k.user_id')
      .select([
        'k.id',
        'u.account_number',
        'k.name',
        'k.card_type',
        'k.card_id',
        'k.countryname',
        'k.created_at',
      ])
      .where('k.status', '=', 1)
      .orderBy('k.id')
      .execute();
    for (const r of rows) out(row([r.id, r.account_number, r.name, r.card_type, r.card_id, r.countryname]));
    out(`${rows.length} submission(s) under review`);
    return 0;
  }
  const reason = rest.join(' ').trim();
  if ((action !== 'approve' && action !== 'reject') || !account || (action === 'reject' && !reason)) {
    out(USAGE);
    return 2;
  }
  const result = await reviewRealName({ store, clock: systemClock }, account, action, reason || undefined);
  out(`${result.account_number}: review_status ${result.review_status}`);
  return 0;
}

async function runReconcile(store: Store): Promise<number> {
  const mismatches = await reconcile(store.q);
  if (mismatches.length === 0) {
    out('Ledger and balances agree.');
    return 0;
  }
  for (const m of mismatches) {
    out(
      `MISMATCH (${m.kind}) user ${m.user_id} ${m.wallet_type} currency ${m.currency_id} ${m.field}: balance ${m.balance}, ledger ${m.ledger_sum}`,
    );
  }
  out(`${mismatches.length} mismatch(es)`);
  return 1;
}

/** Prints the usage when a domain command answers 2. */
function usage(code: number): number {
  if (code === 2) out(USAGE);
  return code;
}

async function main(argv: string[]): Promise<number> {
  const [command, ...args] = argv;
  if (!command || command === 'help' || command === '--help') {
    out(USAGE);
    return command ? 0 : 2;
  }
  const config = loadConfig(process.env);
  // SQLite (DB_FILE) or PostgreSQL (DATABASE_URL), migrated and seeded as the server does.
  const store = await initStore(config, systemClock);
  try {
    switch (command) {
      case 'users':
        return await listUsers(store);
      case 'credit':
        return await credit(store, args);
      case 'reconcile':
        return await runReconcile(store);
      case 'deposit':
        return await deposit(store, args);
      case 'withdrawal':
        return await withdrawal(store, args);
      case 'kyc':
        return await kyc(store, args);
      case 'fiat':
        return usage(await fiatCommand({ store, clock: systemClock }, args, out));
      case 'feedback':
        return usage(await feedbackCommand({ store, clock: systemClock }, args, out));
      case 'chat':
        return usage(await chatCommand({ store, clock: systemClock }, args, out));
      default:
        out(`Unknown command "${visible(command)}"\n${USAGE}`);
        return 2;
    }
  } catch (error) {
    if (error instanceof AppError) {
      out(`Error: ${error.code}: ${error.message}`);
      return 1;
    }
    throw error;
  } finally {
    await store.close();
  }
}

void main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exitCode = 1;
  },
);
