// Hardening (issue 10) kept fixed: no malformed request stops a server the app runs on (host,
// every remote, the API server), each still answers normally afterwards; the host's and the
// remotes' security headers and CSP; the app cannot be framed by another site; the start
// script supervises its apps (restart, and nothing left behind when it stops).
import crypto from 'node:crypto';
import net from 'node:net';
import path from 'node:path';
import { spawn } from 'node:child_process';
import type { APIRequestContext } from '@playwright/test';
import { test, expect, isCspViolation, loginByApi, registerByApi, useSessionIn } from './fixtures';
import { writeRemotes } from '../global-setup';
import { baseURL, e2ePorts, remoteOrigin, repoRoot, runDir, serverURL } from '../env';

interface RawAnswer {
  status: number | null;
  head: string;
  body: string;
}

/** Sends bytes as they are (no client normalises them) and reads the answer until the server closes. */
function raw(port: number, data: string, timeoutMs = 5_000): Promise<RawAnswer> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    const done = () => {
      clearTimeout(timer);
      socket.destroy();
      const text = Buffer.concat(chunks).toString('latin1');
      const split = text.indexOf('\r\n\r\n');
      const match = /^HTTP\/1\.[01] (\d{3})/.exec(text);
      resolve({
        status: match ? Number(match[1]) : null,
        head: split < 0 ? text : text.slice(0, split),
        body: split < 0 ? '' : text.slice(split + 4),
      });
    };
    const timer = setTimeout(done, timeoutMs);
    socket.on('data', (chunk) => chunks.push(chunk));
    // A server may answer and close before a huge request is fully written (EPIPE, ECONNRESET).
    socket.on('error', done);
    socket.on('close', done);
    socket.write(data, 'latin1');
  });
}

const get = (target: string, extra = '') =>
  `GET ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n${extra}\r\n`;

interface Attack {
  name: string;
  request: (prefix: string) => string;
  /** Acceptable answers; every case must get one (a closed connection without an answer fails). */
  expected: number[];
}

// `prefix` puts the path where the server routes it (the API server's paths start with /api).
const attacks: Attack[] = [
  { name: 'bad percent-encoding', request: (p) => get(`${p}/%E0%A4%A`), expected: [400, 404] },
  { name: 'truncated percent-encoding', request: (p) => get(`${p}/%`), expected: [400, 404] },
  {
    name: 'overlong UTF-8',
    request: (p) => get(`${p}/%C0%AE%C0%AE/%C0%AE%C0%AE/etc/passwd`),
    expected: [400, 404],
  },
  { name: 'lone surrogate', request: (p) => get(`${p}/%ED%A0%80`), expected: [400, 404] },
  { name: 'path traversal', request: (p) => get(`${p}/../../../../etc/passwd`), expected: [400, 404] },
  {
    name: 'encoded traversal',
    request: (p) => get(`${p}/%2e%2e/%2e%2e/%2e%2e/etc/passwd`),
    expected: [400, 404],
  },
  {
    name: 'encoded slash traversal',
    request: (p) => get(`${p}/..%2f..%2f..%2fetc%2fpasswd`),
    expected: [400, 404],
  },
  {
    name: 'backslash traversal',
    request: (p) => get(`${p}/..%5c..%5c..%5cetc%5cpasswd`),
    expected: [400, 404],
  },
  { name: 'encoded NUL', request: (p) => get(`${p}/index.html%00.js`), expected: [400, 404] },
  { name: 'NUL alone', request: (p) => get(`${p}/%00`), expected: [400, 404] },
  { name: 'raw NUL byte', request: (p) => get(`${p}/a\u0000b`), expected: [400, 404] },
  { name: 'raw control characters', request: (p) => get(`${p}/a\u001b[31mb`), expected: [400, 404] },
  {
    name: 'header of 64 KiB',
    request: (p) => get(`${p}/`, `X-Big: ${'a'.repeat(64 * 1024)}\r\n`),
    // 431 is HTTP's own answer for it (Node and Fastify send it); 400 would do too.
    expected: [400, 431],
  },
  {
    name: 'four thousand headers',
    request: (p) => get(`${p}/`, Array.from({ length: 4000 }, (_, i) => `X-H${i}: v\r\n`).join('')),
    expected: [400, 431],
  },
  { name: 'absurd method', request: (p) => `FOO%BAR ${p}/ HTTP/1.1\r\nHost: x\r\n\r\n`, expected: [400] },
  {
    name: 'unknown method',
    request: (p) => `BREW ${p}/ HTTP/1.1\r\nHost: x\r\n\r\n`,
    expected: [400, 404, 405],
  },
  { name: 'bad request line', request: (p) => `GET ${p}/ HTTP/9.9\r\nHost: x\r\n\r\n`, expected: [400, 505] },
  {
    name: 'absolute-form target',
    request: () => get('http://evil.example/etc/passwd'),
    expected: [400, 404],
  },
  {
    name: 'not HTTP at all',
    request: () => '\u0016\u0003\u0001\u0000\u00a5\u0001\u0000garbage\r\n\r\n',
    expected: [400],
  },
  {
    name: 'conflicting body lengths',
    request: (p) =>
      `POST ${p}/ HTTP/1.1\r\nHost: x\r\nContent-Length: 4\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n`,
    expected: [400],
  },
];

interface Target {
  name: string;
  port: number;
  prefix: string;
  /** A normal request it must still answer with 200 after every attack. */
  health: string;
}

const targets: Target[] = [
  { name: 'host', port: e2ePorts.host, prefix: '', health: `${baseURL}/` },
  // The host's proxy to the API: its own check answers before anything reaches the server.
  { name: 'host /api proxy', port: e2ePorts.host, prefix: '/api', health: `${baseURL}/api/cfg/kefu` },
  ...(['markets', 'trading', 'wallet', 'otc'] as const).map((name) => ({
    name: `remote ${name}`,
    port: e2ePorts[name],
    prefix: '',
    health: `${remoteOrigin(name)}/mf-manifest.json`,
  })),
  { name: 'API server', port: e2ePorts.server, prefix: '/api', health: `${serverURL}/api/cfg/kefu` },
];

test.describe('malformed requests stop no server', () => {
  for (const target of targets) {
    test(`${target.name}: every malformed request gets a 4xx, then a normal one still works`, async ({
      request,
    }) => {
      const answers: string[] = [];
      for (const attack of attacks) {
        const answer = await raw(target.port, attack.request(target.prefix));
        answers.push(`${attack.name}: ${answer.status}`);
        expect(answer.body, `${attack.name} leaks a file`).not.toMatch(/root:.*:0:0:/);
        expect(attack.expected, `${target.name}, ${attack.name}: answered ${answer.status}`).toContain(
          answer.status,
        );
        const health = await request.get(target.health);
        expect(health.status(), `${target.name} after ${attack.name}`).toBe(200);
      }
      test.info().annotations.push({ type: 'answers', description: answers.join('; ') });
    });
  }

  test('the host answers 502 (and keeps running) while the API server is unreachable', async ({
    request,
  }) => {
    // A host whose proxy points at a closed port: the same code path as the server being down.
    const port = e2ePorts.host + 40;
    const child = spawn(process.execPath, ['scripts/serve.mjs', 'host', '--port', String(port)], {
      cwd: repoRoot,
      env: { ...process.env, SERVER_URL: 'http://127.0.0.1:9' },
      stdio: 'ignore',
    });
    try {
      await expect
        .poll(() =>
          request.get(`http://127.0.0.1:${port}/`).then(
            (r) => r.status(),
            () => 0,
          ),
        )
        .toBe(200);
      const api = await request.get(`http://127.0.0.1:${port}/api/cfg/kefu`);
      expect(api.status()).toBe(502);
      expect(await api.json()).toMatchObject({ type: 'error', code: 'network.error' });
      const ws = await raw(
        port,
        get(
          '/socket.io/?EIO=4&transport=websocket',
          'Upgrade: websocket\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n',
        ).replace('Connection: close', 'Connection: Upgrade'),
      );
      expect(ws.status).toBe(502);
      expect((await request.get(`http://127.0.0.1:${port}/`)).status()).toBe(200);
      expect(child.exitCode).toBeNull();
    } finally {
      child.kill('SIGTERM');
    }
  });
});

// The headers @fastify/helmet puts on every API answer; the static servers send the same.
const sharedSecurityHeaders = [
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'strict-transport-security',
  'x-content-type-options',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];

function directives(csp: string | undefined): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const part of (csp ?? '').split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) out.set(name, values);
  }
  return out;
}

const remoteOrigins = (['markets', 'trading', 'wallet', 'otc'] as const).map(remoteOrigin);

test.describe('security headers', () => {
  test('the host sends a strict CSP naming the live remotes, and the API server’s security headers', async ({
    request,
  }) => {
    const api = (await request.get(`${serverURL}/api/cfg/kefu`)).headers();
    // The page's one inline script (the first frames' picker) is allowed by its hash, nothing else.
    const page = await (await request.get(`${baseURL}/`)).text();
    const inline = [...page.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(
      (m) =>
        `'sha256-${crypto
          .createHash('sha256')
          .update(m[1] ?? '')
          .digest('base64')}'`,
    );
    expect(inline).toHaveLength(1);
    for (const route of ['/', '/exchange', '/main.js', '/remotes.json', '/no-such-file.js']) {
      const headers = (await request.get(`${baseURL}${route}`)).headers();
      for (const name of sharedSecurityHeaders) expect(headers[name], `${route} ${name}`).toBe(api[name]);
      expect(headers['x-frame-options'], route).toBe('SAMEORIGIN');
      expect(headers['x-content-type-options'], route).toBe('nosniff');
      const csp = directives(headers['content-security-policy']);
      expect(csp.get('script-src'), route).toEqual(["'self'", ...inline, ...remoteOrigins]);
      expect(csp.get('connect-src'), route).toEqual(["'self'", ...remoteOrigins]);
      expect(csp.get('default-src'), route).toEqual(["'self'"]);
      expect(csp.get('frame-ancestors'), route).toEqual(["'self'"]);
      expect(csp.get('object-src'), route).toEqual(["'none'"]);
      expect(csp.get('base-uri'), route).toEqual(["'self'"]);
      expect(csp.get('script-src-attr'), route).toEqual(["'none'"]);
      expect(csp.get('img-src'), route).toEqual(expect.arrayContaining(["'self'", 'data:', 'blob:']));
      expect(csp.get('frame-src'), route).toContain("'self'");
      // Emotion's run-time <style> elements need 'unsafe-inline' for styles; never for scripts.
      expect(csp.get('style-src'), route).toEqual(expect.arrayContaining(["'self'", "'unsafe-inline'"]));
      expect(headers['content-security-policy'], route).not.toMatch(/unsafe-eval|\*/);
    }
  });

  test('the host’s CSP follows remotes.json as it is edited, without a restart', async ({ request }) => {
    const moved = 'http://127.0.0.1:59999';
    writeRemotes({ otc: `${moved}/mf-manifest.json` });
    try {
      const csp = directives((await request.get(`${baseURL}/`)).headers()['content-security-policy']);
      expect(csp.get('script-src')).toContain(moved);
      expect(csp.get('connect-src')).toContain(moved);
      expect(csp.get('script-src')).not.toContain(remoteOrigin('otc'));
    } finally {
      writeRemotes();
    }
    const csp = directives((await request.get(`${baseURL}/`)).headers()['content-security-policy']);
    expect(csp.get('script-src')).toContain(remoteOrigin('otc'));
  });

  test('every remote sends the security headers, a script host’s CSP and CORS', async ({ request }) => {
    const api = (await request.get(`${serverURL}/api/cfg/kefu`)).headers();
    for (const origin of remoteOrigins) {
      for (const file of ['/mf-manifest.json', '/remoteEntry.js', '/missing.js']) {
        const headers = (await request.get(`${origin}${file}`, { headers: { Origin: baseURL } })).headers();
        for (const name of sharedSecurityHeaders)
          expect(headers[name], `${origin}${file} ${name}`).toBe(api[name]);
        expect(headers['x-content-type-options']).toBe('nosniff');
        expect(headers['x-frame-options']).toBe('DENY');
        expect(headers['access-control-allow-origin']).toBe('*');
        // Loaded by the host's origin: a same-origin resource policy would block the scripts.
        expect(headers['cross-origin-resource-policy']).toBe('cross-origin');
        const csp = directives(headers['content-security-policy']);
        expect(csp.get('default-src')).toEqual(["'none'"]);
        expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
      }
    }
  });
});

test.describe('framing', () => {
  test('another site cannot frame the app; the app itself can', async ({ page }) => {
    const framer = (origin: string) => `${origin}/framer-${Date.now()}`;
    const frameOn = async (url: string) => {
      // A made-up page at that origin that frames the app's home.
      await page.route(url, (route) =>
        route.fulfill({
          contentType: 'text/html',
          body: `<!doctype html><title>framer</title><iframe name="app" src="${baseURL}/"></iframe>`,
        }),
      );
      await page.goto(url);
      const frame = page.frame({ name: 'app' });
      if (!frame) throw new Error('no frame');
      return frame;
    };
    // The control: the host's own page may frame it (frame-ancestors 'self'), and the app runs.
    const own = await frameOn(framer(baseURL));
    await expect(own.locator('#root')).not.toBeEmpty();
    // Another origin on the same machine (a remote's port, so the browser's private-network rules
    // do not stop the frame before frame-ancestors does): the browser refuses the frame.
    const other = await frameOn(framer(remoteOrigin('markets')));
    await expect.poll(() => other.url()).toMatch(/^chrome-error:/);
    expect(await other.locator('#root').count()).toBe(0);
  });
});

test('the host’s CSP blocks an injected inline script, and the browser reports it', async ({ context }) => {
  // A page outside the fixture (which fails a test on any report): the report is the point here.
  const page = await context.newPage();
  const reports: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' && isCspViolation(m.text())) reports.push(m.text());
  });
  await page.goto('/download');
  const ran = await page.evaluate(() => {
    const script = document.createElement('script');
    script.textContent = 'window.__injected = true';
    document.head.append(script);
    const img = document.createElement('img');
    img.setAttribute('onerror', 'window.__injected = true');
    img.src = 'data:,';
    document.body.append(img);
    return (window as unknown as { __injected?: boolean }).__injected ?? false;
  });
  expect(ran).toBe(false);
  await expect.poll(() => reports.join('\n')).toMatch(/script-src/);
  await page.close();
});

test('the app’s pages run under the CSP: charts, QR codes, images, the chat frame, the socket', async ({
  page,
  request,
}) => {
  // The page fixture fails the test on any CSP violation; these routes use what a CSP may block.
  const { email, password } = await registerByApi(request);
  await useSessionIn(page, await loginByApi(request, email, password), email);
  const socket = page.waitForEvent('websocket', (ws) => ws.url().includes('/socket.io/'));
  await page.goto('/');
  expect(new URL((await socket).url()).host).toBe(new URL(baseURL).host);
  const banner = page.getByRole('region', { name: 'Banners' }).locator('img').first();
  await expect(banner).toBeVisible();
  await expect.poll(() => banner.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await page.goto('/kline');
  await expect(page.locator('.highcharts-root').first()).toBeVisible();
  await page.goto('/share');
  await expect(page.getByTestId('invite-qr')).toBeVisible();
  await page.goto('/onlineServer');
  const chat = page.frameLocator('iframe[title="Customer service chat"]');
  await expect(chat.getByRole('heading', { name: 'Online support' })).toBeVisible();
});

/** `node scripts/start.mjs` on its own ports (from `base`), with the built dists, as a user runs it. */
function launchStart(base: number, dbName: string) {
  const ports = {
    HOST_PORT: base,
    MARKETS_PORT: base + 1,
    TRADING_PORT: base + 2,
    WALLET_PORT: base + 3,
    OTC_PORT: base + 4,
    SERVER_PORT: base + 10,
  };
  const env: NodeJS.ProcessEnv = { ...process.env, SKIP_BUILD: '1', SKIP_INSTALL: '1', APP_MODE: 'test' };
  for (const [k, v] of Object.entries(ports)) env[k] = String(v);
  env.DB_FILE = path.join(runDir, dbName);
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: repoRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr.on('data', (c: Buffer) => (output += c.toString()));
  /** The process (and group) ids it reported, of one app or of all. */
  const pids = (name = '[^\\]]+') =>
    [...output.matchAll(new RegExp(`\\[${name}\\] started \\(pid (\\d+)\\)`, 'g'))].map((m) => Number(m[1]));
  return {
    child,
    ports,
    host: `http://127.0.0.1:${ports.HOST_PORT}`,
    output: () => output,
    pids,
    /** Whatever happens in the test, nothing it started outlives it. */
    cleanup: () => {
      if (child.exitCode === null) child.kill('SIGKILL');
      for (const pgid of pids()) if (groupAlive(pgid)) process.kill(-pgid, 'SIGKILL');
    },
  };
}

function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
}

const statusOf = (request: APIRequestContext, url: string) =>
  request.get(url).then(
    (r) => r.status(),
    () => 0,
  );

test.describe('the start script supervises its apps', () => {
  test.setTimeout(180_000);

  test('a dead app is restarted; SIGTERM stops every process group it started', async ({ request }) => {
    const app = launchStart(e2ePorts.host + 20, 'supervised.db');
    try {
      await expect.poll(app.output, { timeout: 120_000 }).toContain('The app is running');
      expect(await statusOf(request, `${app.host}/api/cfg/kefu`)).toBe(200);

      // The host dies: it is logged and restarted, and serves again.
      process.kill(app.pids('host')[0] ?? 0, 'SIGKILL');
      await expect.poll(() => app.pids('host').length, { timeout: 15_000 }).toBe(2);
      expect(app.output()).toMatch(/\[host\] exited \(SIGKILL\); restart 1\/5/);
      await expect.poll(() => statusOf(request, `${app.host}/`)).toBe(200);

      // So does the API server (run by node itself: its pid is the server).
      process.kill(app.pids('server')[0] ?? 0, 'SIGKILL');
      await expect.poll(() => app.pids('server').length, { timeout: 15_000 }).toBe(2);
      await expect.poll(() => statusOf(request, `${app.host}/api/cfg/kefu`), { timeout: 60_000 }).toBe(200);

      const groups = app.pids();
      expect(groups.length).toBe(8); // six apps, two restarts
      app.child.kill('SIGTERM');
      await expect.poll(() => app.child.exitCode, { timeout: 15_000 }).toBe(0);
      expect(groups.filter(groupAlive), 'process groups left running').toEqual([]);
      expect(await statusOf(request, `${app.host}/`)).toBe(0);
    } finally {
      app.cleanup();
    }
  });

  test('an app that keeps dying is restarted 5 times, then everything stops', async ({ request }) => {
    const base = e2ePorts.host + 50;
    // The API server's port is taken: each start of it fails at once.
    const squatter = net.createServer().listen(base + 10, '127.0.0.1');
    const app = launchStart(base, 'supervised-limit.db');
    try {
      await expect.poll(() => app.child.exitCode, { timeout: 120_000 }).toBe(1);
      expect(app.output()).toMatch(/\[server\] exited \(1\); restart 5\/5 in 8000 ms/);
      expect(app.output()).toMatch(/\[server\] exited \(1\) 5 times within 60 s; stopping everything/);
      expect(app.pids('server')).toHaveLength(6);
      expect(app.pids().filter(groupAlive), 'process groups left running').toEqual([]);
      expect(await statusOf(request, `${app.host}/`)).toBe(0);
    } finally {
      app.cleanup();
      squatter.close();
    }
  });
});
