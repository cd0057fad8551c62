/**
 * Admin CLI, on the same database as the server (DB_FILE):
 *   pnpm --filter server admin users
 *   pnpm --filter server admin credit <account> <wallet> <currency> <amount>
 *   pnpm --filter server admin reconcile
 */
import { findUserByAccount } from '../accounts/users';
import { systemClock } from '../core/clock';
import { loadConfig } from '../core/config';
import type { Db } from '../core/db';
import { AppError } from '../core/errors';
import { initDatabase } from '../database';
import { reconcile } from '../wallet/ledger';
import { creditDeposit } from '../wallet/service';

const USAGE = `Usage: admin <command>
  users                                         list accounts
  credit <account> <wallet> <currency> <amount> deposit through the ledger (wallet: change|lever|legal|micro)
  reconcile                                     compare balances with the ledger (exit 1 on mismatch)`;

function out(line: string): void {
  process.stdout.write(`${line}\n`);
}

function listUsers(db: Db): number {
  const rows = db
    .prepare(
      `SELECT id, account_number, extension_code, inviter_id, is_seller, review_status, created_at FROM users ORDER BY id`,
    )
    .all() as Array<{
    id: number;
    account_number: string;
    extension_code: string;
    inviter_id: number | null;
    is_seller: number;
    review_status: number;
    created_at: number;
  }>;
  out(['id', 'account_number', 'invite', 'inviter', 'seller', 'review', 'created_at'].join('\t'));
  for (const r of rows) {
    out(
      [
        r.id,
        r.account_number,
        r.extension_code,
        r.inviter_id ?? '-',
        r.is_seller,
        r.review_status,
        new Date(r.created_at).toISOString(),
      ].join('\t'),
    );
  }
  out(`${rows.length} user(s)`);
  return 0;
}

function credit(db: Db, args: string[]): number {
  const [account, wallet, currency, amount] = args;
  if (!account || !wallet || !currency || !amount) {
    out(USAGE);
    return 2;
  }
  const user = findUserByAccount(db, account);
  if (!user) {
    out(`No account "${account}"`);
    return 1;
  }
  const result = creditDeposit({ db, clock: systemClock }, user.id, wallet, currency, amount, 'admin-cli');
  out(
    `Credited ${result.amount} ${result.currency} to ${user.account_number} (${result.wallet}); available now ${result.available}`,
  );
  return 0;
}

function runReconcile(db: Db): number {
  const mismatches = reconcile(db);
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

function main(argv: string[]): number {
  const [command, ...args] = argv;
  if (!command || command === 'help' || command === '--help') {
    out(USAGE);
    return command ? 0 : 2;
  }
  const config = loadConfig(process.env);
  const db = initDatabase(config, systemClock);
  try {
    switch (command) {
      case 'users':
        return listUsers(db);
      case 'credit':
        return credit(db, args);
      case 'reconcile':
        return runReconcile(db);
      default:
        out(`Unknown command "${command}"\n${USAGE}`);
        return 2;
    }
  } catch (error) {
    if (error instanceof AppError) {
      out(`Error: ${error.code}: ${error.message}`);
      return 1;
    }
    throw error;
  } finally {
    db.close();
  }
}

process.exitCode = main(process.argv.slice(2));
