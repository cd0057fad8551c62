import { Client } from 'pg';
import { advisoryLockLeader, alwaysLeader, type Leadership } from './leader';

/** Set by `node scripts/with-postgres.mjs ...` (a throwaway PostgreSQL 15); without it these tests are skipped, visibly. */
const pgUrl = process.env.TEST_DATABASE_URL;

async function until(check: () => boolean, timeoutMs = 5000): Promise<number> {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > timeoutMs) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return Date.now() - start;
}

describe('alwaysLeader (SQLite: one process)', () => {
  it('leads from start to stop and tells its listeners', async () => {
    const leadership = alwaysLeader();
    const seen: boolean[] = [];
    leadership.onChange((leader) => seen.push(leader));
    expect(leadership.isLeader).toBe(false);
    await leadership.start();
    expect(leadership.isLeader).toBe(true);
    await leadership.stop();
    expect(seen).toEqual([true, false]);
  });
});

(pgUrl ? describe : describe.skip)('advisoryLockLeader (PostgreSQL; needs TEST_DATABASE_URL)', () => {
  const url = pgUrl ?? '';
  const nodes: Leadership[] = [];
  // A lock key of this test run only: parallel runs on one database never meet.
  const lockKey = Math.floor(Math.random() * 2 ** 30) + 1;
  const node = () => {
    const leadership = advisoryLockLeader({ connectionString: url, lockKey, retryMs: 100 });
    nodes.push(leadership);
    return leadership;
  };
  afterEach(async () => {
    await Promise.all(nodes.splice(0).map((n) => n.stop()));
  });

  it('elects exactly one node, and another takes over within a few retries when it stops', async () => {
    const a = node();
    const b = node();
    const c = node();
    await Promise.all([a.start(), b.start(), c.start()]);
    expect([a, b, c].filter((n) => n.isLeader)).toHaveLength(1);
    const first = [a, b, c].find((n) => n.isLeader) as Leadership;
    const seen: boolean[] = [];
    first.onChange((leader) => seen.push(leader));
    await first.stop();
    expect(seen).toEqual([false]);
    const rest = [a, b, c].filter((n) => n !== first);
    const waited = await until(() => rest.some((n) => n.isLeader));
    expect(waited).toBeLessThan(1000);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(rest.filter((n) => n.isLeader)).toHaveLength(1);
  });

  it('loses leadership when its connection is killed, and a follower takes over', async () => {
    const a = node();
    await a.start();
    expect(a.isLeader).toBe(true);
    const b = node();
    await b.start();
    expect(b.isLeader).toBe(false);

    const admin = new Client({ connectionString: url });
    await admin.connect();
    try {
      // The leader's session: the one holding our advisory lock.
      await admin.query(
        `SELECT pg_terminate_backend(pid) FROM pg_locks
          WHERE locktype = 'advisory' AND objid = $1 AND granted`,
        [lockKey],
      );
    } finally {
      await admin.end();
    }
    await until(() => !a.isLeader);
    await until(() => b.isLeader || a.isLeader);
    // Whoever leads now, exactly one does.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect([a, b].filter((n) => n.isLeader)).toHaveLength(1);
  });
});
