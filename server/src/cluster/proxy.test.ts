import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { WORKSPACE_ROOT } from '../core/config';

/**
 * The host's proxy in front of several API nodes (scripts/serve.mjs, SERVER_URL as a list, as
 * `npm run start:cluster` runs it): round robin, a node that refuses connections skipped, and a
 * request that met it replayed on the next node when it has no body.
 */
function node(name: string): Promise<http.Server> {
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => res.end(name));
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

const portOf = (server: http.Server) => (server.address() as AddressInfo).port;

async function freePort(): Promise<number> {
  const probe = await node('probe');
  const port = portOf(probe);
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

describe('the host proxy in front of two API nodes', () => {
  let a: http.Server;
  let b: http.Server;
  let host: ChildProcess;
  let base: string;

  beforeAll(async () => {
    [a, b] = await Promise.all([node('A'), node('B')]);
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    host = spawn(
      process.execPath,
      [path.join(WORKSPACE_ROOT, 'scripts', 'serve.mjs'), 'host', '--port', String(port)],
      {
        env: { ...process.env, SERVER_URL: `http://127.0.0.1:${portOf(a)},http://127.0.0.1:${portOf(b)}` },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    await new Promise<void>((resolve, reject) => {
      host.stdout?.on('data', (chunk: Buffer) => {
        if (chunk.toString().includes('[serve]')) resolve();
      });
      host.once('exit', (code) => reject(new Error(`serve.mjs exited with ${code}`)));
    });
  });

  afterAll(async () => {
    host.kill('SIGTERM');
    await Promise.all([a, b].map((s) => new Promise((resolve) => s.close(resolve))));
  });

  const call = async (method = 'GET') => {
    const res = await fetch(`${base}/api/cfg/kefu`, { method, body: method === 'POST' ? '{}' : undefined });
    return `${res.status}:${await res.text()}`;
  };

  it('sends requests to the nodes in turn, and skips a node that is down', async () => {
    const first = [await call(), await call(), await call(), await call()];
    expect(first.sort()).toEqual(['200:A', '200:A', '200:B', '200:B']);
    await new Promise((resolve) => b.close(resolve));
    // GETs that meet the dead node are replayed on the live one; then it is skipped.
    expect([await call(), await call(), await call(), await call()]).toEqual([
      '200:A',
      '200:A',
      '200:A',
      '200:A',
    ]);
    expect(await call('POST')).toBe('200:A');
  });
});
