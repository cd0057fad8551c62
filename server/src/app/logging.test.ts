import { Writable } from 'node:stream';
import { startTestServer, type TestServer } from '../testing/harness';

/** The log lines written while the server runs, parsed. */
function logLines() {
  const lines: Array<Record<string, unknown>> = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      for (const line of chunk.toString('utf8').split('\n')) {
        if (line.trim()) lines.push(JSON.parse(line) as Record<string, unknown>);
      }
      callback();
    },
  });
  return { lines, stream };
}

describe('request logging at LOG_LEVEL=info', () => {
  let server: TestServer;
  const log = logLines();

  beforeAll(async () => {
    server = await startTestServer({ LOG_LEVEL: 'info' }, { logStream: log.stream });
  });
  afterAll(() => server.stop());

  it('writes one line a request, with its method, path, status and time', async () => {
    const before = log.lines.length;
    const answer = await server.get('/api/no/such/route');
    expect(answer.status).toBe(404);
    await new Promise((resolve) => setImmediate(resolve));
    const written = log.lines.slice(before).filter((line) => line.reqId !== undefined);
    expect(written).toHaveLength(1);
    expect(written[0]).toMatchObject({
      level: 30,
      msg: 'request',
      method: 'GET',
      statusCode: 404,
    });
    expect(String(written[0]!.url)).toMatch(/^\/api\/no\/such\/route\?_t=\d+$/);
    expect(typeof written[0]!.responseTime).toBe('number');
  });
});
