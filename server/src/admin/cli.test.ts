import { execFile } from 'node:child_process';
import path from 'node:path';
import BigNumber from 'bignumber.js';
import { startTestServer, type TestServer } from '../testing/harness';

const SERVER_DIR = path.resolve(__dirname, '../..');
const TSX = path.join(SERVER_DIR, 'node_modules', '.bin', 'tsx');

interface Run {
  code: number;
  stdout: string;
}

// `npm run admin` (tsx src/admin/cli.ts) in its own process, on the database of a running test
// server: the SQLite file beside it, or (scripts/with-postgres.mjs) its PostgreSQL database.
describe('the admin CLI on the database of a running server', () => {
  let server: TestServer;
  const admin = (...args: string[]) =>
    new Promise<Run>((resolve, reject) => {
      const env: NodeJS.ProcessEnv = { ...process.env, APP_MODE: 'test', LOG_LEVEL: 'silent' };
      delete env.DATABASE_URL;
      env.DB_FILE = server.config.dbFile;
      if (server.config.databaseUrl) env.DATABASE_URL = server.config.databaseUrl;
      execFile(TSX, ['src/admin/cli.ts', ...args], { cwd: SERVER_DIR, env }, (error, stdout, stderr) => {
        if (error && typeof error.code !== 'number') return reject(error);
        if (stderr) return reject(new Error(stderr));
        resolve({ code: error ? Number(error.code) : 0, stdout });
      });
    });

  /** The demo account's USDT in its change wallet, as the server's store reads it. */
  const demoUsdt = async () =>
    (
      await server.store.q
        .selectFrom('wallet_balances')
        .innerJoin('users', 'users.id', 'wallet_balances.user_id')
        .select('available')
        .where('users.email', '=', 'demo@example.com')
        .where('wallet_type', '=', 'change')
        .where('currency_id', '=', 3)
        .executeTakeFirstOrThrow()
    ).available;

  beforeAll(async () => {
    server = await startTestServer({ MARKET_FEED: 'off', MARKET_BACKFILL: 'none' });
  });
  afterAll(async () => {
    await server.stop();
  });

  it('lists the accounts, credits one through the ledger and reconciles', async () => {
    const users = await admin('users');
    expect(users.code).toBe(0);
    expect(users.stdout).toContain('demo@example.com');
    expect(users.stdout).toContain('1 user(s)');

    const before = await demoUsdt();
    const credited = await admin('credit', 'demo@example.com', 'change', 'USDT', '12.5');
    expect(credited.code).toBe(0);
    expect(credited.stdout).toMatch(/^Credited 12\.5\S* USDT to demo@example\.com \(change\)/);
    const after = await demoUsdt();
    expect(new BigNumber(after).minus(before).toFixed()).toBe('12.5');

    const reconciled = await admin('reconcile');
    expect(reconciled).toEqual({ code: 0, stdout: 'Ledger and balances agree.\n' });
  });

  it('answers an unknown account and an unknown command without touching the data', async () => {
    expect(await admin('credit', 'nobody@example.com', 'change', 'USDT', '1')).toEqual({
      code: 1,
      stdout: 'No account "nobody@example.com"\n',
    });
    const unknown = await admin('frobnicate');
    expect(unknown.code).toBe(2);
    expect(unknown.stdout).toMatch(/^Unknown command "frobnicate"\nUsage: admin <command>/);
  });
});
