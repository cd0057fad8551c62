import { startTestServer, type TestServer } from '../testing/harness';
import { compiledQuery, compiledRowsQuery } from './compiled';

describe('compiledQuery', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ MARKET_FEED: 'off', MARKET_BACKFILL: 'none' });
  });
  afterAll(async () => {
    await server.stop();
  });

  it('builds once per shape and runs with the values of each call', async () => {
    let builds = 0;
    const currencies = compiledQuery((q, v: Record<string, unknown>, shape) => {
      builds += 1;
      return q
        .selectFrom('currencies')
        .select(['id', 'name'])
        .where(
          'id',
          'in',
          Array.from({ length: shape }, (_, i) => v[`c${i}`] as number),
        )
        .where('name', '!=', v.not as string)
        .orderBy('id');
    });
    const { q } = server.store;
    expect((await currencies(q, { c0: 1, c1: 3, not: 'x' }, 2)).rows).toEqual([
      { id: 1, name: 'BTC' },
      { id: 3, name: 'USDT' },
    ]);
    expect((await currencies(q, { c0: 1, c1: 3, not: 'BTC' }, 2)).rows).toEqual([{ id: 3, name: 'USDT' }]);
    expect((await currencies(q, { c0: 3, not: 'x' }, 1)).rows).toEqual([{ id: 3, name: 'USDT' }]);
    expect(builds).toBe(2);
    await expect(currencies(q, { c0: 3 }, 1)).rejects.toThrow('no value for not');
  });

  it('builds a multi-row statement once per number of rows and runs it with the rows of each call', async () => {
    let builds = 0;
    const named = compiledRowsQuery((q, rows: Array<{ id: number; name: string }>) => {
      builds += 1;
      return q
        .selectFrom('currencies')
        .select(['id', 'name'])
        .where((eb) => eb.or(rows.map((r) => eb.and([eb('id', '=', r.id), eb('name', '=', r.name)]))))
        .orderBy('id');
    });
    const { q } = server.store;
    const rows = [
      { id: 3, name: 'USDT' },
      { id: 1, name: 'BTC' },
    ];
    expect((await named(q, rows)).rows).toEqual([rows[1], rows[0]]);
    expect((await named(q, [rows[0] as { id: number; name: string }, { id: 1, name: 'ETH' }])).rows).toEqual([
      rows[0],
    ]);
    expect((await named(q, [{ id: 1, name: 'BTC' }])).rows).toEqual([{ id: 1, name: 'BTC' }]);
    expect(builds).toBe(2);
  });
});
