#!/usr/bin/env node
// Serves one built app (the host or a remote) as its own origin, as a CDN would:
// compressed (the .br/.gz copies made at build time when present), long-cached hashed chunks,
// never-cached entry files, CORS for remotes.
// The host also proxies /api, /dev and /socket.io to the API server and serves its
// run-time config files (remotes.json, app-config.json).
// No request stops it: a path that is not clean (bad or overlong percent-encoding, NUL or
// control characters, backslashes, `.`/`..` segments, encoded or not) answers 400, a missing
// file 404, an unreachable API server 502, and every socket and proxy error is handled.
// Security headers: those the API server sends (helmet) on every answer, plus a CSP: on the
// host a strict one built from the live remotes.json (read per request, like remotes.json
// itself), on a remote one for a script host (it serves no page).
//
// A remote also serves its releases (scripts/deploy.mjs) from RELEASES_DIR/<remote>/:
// /<version>-<build id>/... is one immutable release folder, /releases.json its history.
//
//   node scripts/serve.mjs <host|remote-markets|...> [--port N]
//   env: REMOTES_FILE, APP_CONFIG_FILE (host), SERVER_URL (host proxy target; a comma-separated
//        list of API nodes is served round robin, see pickServer),
//        PUBLIC_ORIGIN (host: the origin the API server builds chat and image links with),
//        RELEASES_DIR (remotes)
import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const httpProxy = require('http-proxy');
const { ports, remoteDirs } = require('./ports.cjs');
const { scriptHashes } = require('./first-frame.cjs');

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const app = process.argv[2];
const portArg = process.argv.indexOf('--port');
const isHost = app === 'host';
const remoteName = Object.keys(remoteDirs).find((k) => remoteDirs[k] === app);
if (!isHost && !remoteName) {
  console.error('usage: serve.mjs <host|remote-markets|remote-trading|remote-wallet|remote-otc> [--port N]');
  process.exit(2);
}
const port = portArg > 0 ? Number(process.argv[portArg + 1]) : isHost ? ports.host : ports[remoteName];
// DIST_DIR: serve another build of the same app (the federation-free floor build of
// scripts/bench-floor.mjs); its dist otherwise.
const distDir = process.env.DIST_DIR ? path.resolve(process.env.DIST_DIR) : path.join(root, app, 'dist');
const serverUrls = (process.env.SERVER_URL || `http://127.0.0.1:${ports.server}`)
  .split(',')
  .map((url) => url.trim())
  .filter(Boolean);
const serverUrl = serverUrls.join(', ');
const releasesDir =
  !isHost && process.env.RELEASES_DIR ? path.resolve(process.env.RELEASES_DIR, remoteName) : null;
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * A file of a release folder (`/<release>/<file>`), or the release history; null when the path
 * names no release. A release folder never changes once made, so everything in it is immutable.
 */
function releaseFile(pathname) {
  if (!releasesDir) return null;
  if (pathname === '/releases.json')
    return { file: path.join(releasesDir, 'history.json'), cache: 'no-cache' };
  const m = /^\/([A-Za-z0-9][A-Za-z0-9._-]*)\/(.+)$/.exec(pathname);
  if (!m) return null;
  const folder = path.join(releasesDir, m[1]);
  if (!fs.existsSync(folder) || !fs.statSync(folder).isDirectory()) return null;
  const file = path.join(folder, path.normalize(m[2]));
  if (!file.startsWith(folder + path.sep)) return null;
  return { file, cache: IMMUTABLE };
}

const types = {
  '.js': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
};
const compressible = new Set(['.js', '.json', '.html', '.css', '.map', '.svg']);
const cache = new Map(); // path -> { mtime, raw, br, gzip }

function defaultRemotes() {
  const out = {};
  for (const [name, dir] of Object.entries(remoteDirs)) {
    const envKey = `${name.toUpperCase()}_URL`;
    out[name] = `${process.env[envKey] || `http://127.0.0.1:${ports[name]}`}/mf-manifest.json`;
    void dir;
  }
  return out;
}

function runtimeFile(name) {
  // Deployed config beats the built default: edit the file, no rebuild, no restart.
  const envFile = name === 'remotes.json' ? process.env.REMOTES_FILE : process.env.APP_CONFIG_FILE;
  if (envFile && fs.existsSync(envFile)) return fs.readFileSync(envFile);
  const built = path.join(distDir, name);
  if (fs.existsSync(built)) return fs.readFileSync(built);
  if (name === 'remotes.json') return Buffer.from(JSON.stringify(defaultRemotes(), null, 2));
  return Buffer.from(JSON.stringify({ walletGate: true, walletDownloadUrl: '/download' }));
}

function load(file) {
  const stat = fs.statSync(file);
  const hit = cache.get(file);
  if (hit && hit.mtime === stat.mtimeMs) return hit;
  const raw = fs.readFileSync(file);
  // Copies compressed at build time (scripts/compress.mjs), when not older than the file.
  const precompressed = (suffix) => {
    try {
      return fs.statSync(file + suffix).mtimeMs >= stat.mtimeMs ? fs.readFileSync(file + suffix) : null;
    } catch {
      return null;
    }
  };
  const entry = { mtime: stat.mtimeMs, raw, br: precompressed('.br'), gzip: precompressed('.gz') };
  cache.set(file, entry);
  return entry;
}

/**
 * The request target's path as clean, decoded segments, or null when it is not a path a browser
 * asks a file server for: not origin-form, percent-encoding that does not decode (malformed or
 * overlong UTF-8 such as `%C0%AE`), a segment that is `.` or `..` (plain or encoded) or that
 * holds a NUL or other control character, a backslash or an encoded slash.
 */
function cleanPath(target) {
  if (typeof target !== 'string' || !target.startsWith('/')) return null;
  const end = target.search(/[?#]/);
  const pathname = end < 0 ? target : target.slice(0, end);
  const segments = [];
  for (const part of pathname.split('/')) {
    let segment;
    try {
      segment = decodeURIComponent(part);
    } catch {
      return null;
    }
    // eslint-disable-next-line no-control-regex
    if (segment === '.' || segment === '..' || /[\u0000-\u001f\u007f\\/]/.test(segment)) return null;
    if (segment) segments.push(segment);
  }
  return { pathname, segments };
}

// What the API server sends on every answer (@fastify/helmet's defaults, server/src/app.ts),
// except its CSP (each server has its own, below). A remote's files are loaded by the host's
// origin, so its resource policy is cross-origin; nothing of a remote is ever framed.
const securityHeaders = {
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Resource-Policy': isHost ? 'same-origin' : 'cross-origin',
  'Origin-Agent-Cluster': '?1',
  'Referrer-Policy': 'no-referrer',
  'Strict-Transport-Security': 'max-age=31536000; includeSubDomains',
  'X-Content-Type-Options': 'nosniff',
  'X-DNS-Prefetch-Control': 'off',
  'X-Download-Options': 'noopen',
  'X-Frame-Options': isHost ? 'SAMEORIGIN' : 'DENY',
  'X-Permitted-Cross-Domain-Policies': 'none',
  'X-XSS-Protection': '0',
};

// A remote serves scripts, manifests and assets, never a page: nothing may run or frame it.
const remoteCsp = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

// The origin the API server builds chat and image links with (the host's own, normally).
const publicOrigin = originOf(process.env.PUBLIC_ORIGIN);

function originOf(url) {
  try {
    const u = new URL(String(url ?? ''));
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.origin : null;
  } catch {
    return null;
  }
}

/**
 * The page's inline scripts as CSP sources ('sha256-...'): the first frame's script
 * (scripts/first-frame.cjs) runs before any file script, allowed by its hash, not by
 * 'unsafe-inline'. Read from the built index.html, again when it changes.
 */
let inlineCache = { mtime: -1, hashes: [] };
function inlineScriptHashes() {
  const file = path.join(distDir, 'index.html');
  const mtime = fs.statSync(file, { throwIfNoEntry: false })?.mtimeMs ?? 0;
  if (inlineCache.mtime !== mtime)
    inlineCache = { mtime, hashes: mtime ? scriptHashes(fs.readFileSync(file, 'utf8')) : [] };
  return inlineCache.hashes;
}

let cspCache = { key: '', value: '' };
/**
 * The host's CSP, from the live remotes.json: scripts from itself and the remotes' origins,
 * connections to itself (the API and the socket go through its proxy) and to the remotes (the
 * manifests are fetched). Styles allow 'unsafe-inline': emotion (MUI) injects <style> elements
 * at run time and the page has one inline <style>; nonces would need a per-request page and an
 * emotion cache wired to them. No inline script runs but the page's own, by its hash: script-src
 * has no 'unsafe-inline'.
 * Unlike helmet's default, no upgrade-insecure-requests: the app is served over plain http on
 * this machine and it would turn the remotes' http URLs into https ones.
 */
function hostCsp() {
  const raw = runtimeFile('remotes.json');
  const inline = inlineScriptHashes();
  const key = `${inline.join(' ')}\n${raw.toString('latin1')}`;
  if (cspCache.key === key) return cspCache.value;
  let remotes = [];
  try {
    const parsed = JSON.parse(raw.toString('utf8'));
    if (parsed && typeof parsed === 'object') remotes = Object.values(parsed).map(originOf).filter(Boolean);
  } catch {
    console.error('[serve] remotes.json is not JSON: the CSP names no remote');
  }
  const list = (...sources) => [...new Set(sources.flat().filter(Boolean))].join(' ');
  const value = [
    "default-src 'self'",
    `script-src ${list("'self'", inline, remotes)}`,
    "script-src-attr 'none'",
    `style-src ${list("'self'", "'unsafe-inline'", remotes)}`,
    `connect-src ${list("'self'", remotes)}`,
    `img-src ${list("'self'", 'data:', 'blob:', remotes, publicOrigin)}`,
    "font-src 'self' data:",
    // The support chat page (served by the API server, through this host's /api proxy).
    `frame-src ${list("'self'", publicOrigin)}`,
    "frame-ancestors 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
  ].join('; ');
  cspCache = { key, value };
  return value;
}

/** Security headers (and CORS on a remote) of every answer this server makes itself. */
function baseHeaders() {
  return {
    ...securityHeaders,
    'Content-Security-Policy': isHost ? hostCsp() : remoteCsp,
    ...(isHost ? {} : { 'Access-Control-Allow-Origin': '*' }),
  };
}

function sendStatus(res, status, text = http.STATUS_CODES[status] || '') {
  if (res.headersSent) return res.destroy();
  res.writeHead(status, {
    ...baseHeaders(),
    'Content-Type': 'text/plain; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
    'Cache-Control': 'no-store',
  });
  res.end(text);
}

function send(req, res, status, body, ext, cacheControl) {
  const headers = {
    ...baseHeaders(),
    'Content-Type': types[ext] || 'application/octet-stream',
    'Cache-Control': cacheControl,
    Vary: 'Accept-Encoding',
  };
  const accept = String(req.headers['accept-encoding'] || '');
  let payload = body.raw;
  if (compressible.has(ext) && payload.length > 1024) {
    if (/\bbr\b/.test(accept)) {
      body.br ??= zlib.brotliCompressSync(payload, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 9 } });
      payload = body.br;
      headers['Content-Encoding'] = 'br';
    } else if (/\bgzip\b/.test(accept)) {
      body.gzip ??= zlib.gzipSync(payload, { level: 9 });
      payload = body.gzip;
      headers['Content-Encoding'] = 'gzip';
    }
  }
  headers['Content-Length'] = payload.length;
  res.writeHead(status, headers);
  res.end(req.method === 'HEAD' ? undefined : payload);
}

/** The host is the edge: a client's own X-Forwarded-* must not reach the API server. */
function forwardable(req) {
  for (const h of [
    'x-forwarded-for',
    'x-forwarded-host',
    'x-forwarded-proto',
    'x-forwarded-port',
    'forwarded',
  ])
    delete req.headers[h];
  return req;
}

const proxy = isHost ? httpProxy.createProxyServer({ ws: true, xfwd: true }) : null;

/**
 * Several API nodes (npm run start:cluster): requests and websocket upgrades go round robin (the
 * socket uses the websocket transport only, so no stickiness is needed). A node that refuses a
 * connection is skipped for RETRY_DOWN_MS, and the request that met it goes to the next node when
 * it can be replayed (no body: GET, HEAD, an upgrade), else it answers 502.
 */
const RETRY_DOWN_MS = 2000;
const downUntil = new Map();
let nextServer = 0;
function pickServer(tried) {
  const now = Date.now();
  const candidates = serverUrls.filter((url) => !tried.has(url));
  const up = candidates.filter((url) => !((downUntil.get(url) ?? 0) > now));
  const pool = up.length > 0 ? up : candidates;
  if (pool.length === 0) return null;
  const url = pool[nextServer % pool.length];
  nextServer = (nextServer + 1) % 1_000_000;
  return url;
}
const replayable = (req) => req.method === 'GET' || req.method === 'HEAD' || req.method === 'OPTIONS';
const refused = (err) => ['ECONNREFUSED', 'ECONNRESET', 'EHOSTUNREACH'].includes(err?.code);

/** Proxies one request (res) or upgrade (socket, head) to a node, trying the others on refusal. */
function forward(req, res, head, tried = new Set()) {
  const target = pickServer(tried);
  if (!target) return proxyFailed(null, req, res);
  tried.add(target);
  const onError = (err, _req, out) => {
    if (refused(err)) downUntil.set(target, Date.now() + RETRY_DOWN_MS);
    const untouched = head !== undefined ? out.writable && out.bytesWritten === 0 : !out.headersSent;
    if (
      refused(err) &&
      untouched &&
      (head !== undefined || replayable(req)) &&
      tried.size < serverUrls.length
    )
      return forward(req, res, head, tried);
    return proxyFailed(err, req, out);
  };
  if (head !== undefined) proxy.ws(req, res, head, { target }, onError);
  else proxy.web(req, res, { target }, onError);
}

function proxyFailed(_err, _req, res) {
  try {
    if (res && 'writeHead' in res && !res.headersSent) {
      res.writeHead(502, { ...securityHeaders, 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ type: 'error', message: 'API server unreachable', code: 'network.error' }));
    } else if (res && !('writeHead' in res) && res.writable && res.bytesWritten === 0) {
      // A websocket upgrade (res is the client's socket) that never reached the API server.
      res.end('HTTP/1.1 502 Bad Gateway\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
    } else res?.destroy?.();
  } catch {
    res?.destroy?.();
  }
}

const proxied = /^\/(api|dev|socket\.io)(\/|$)/;

function handle(req, res) {
  const target = cleanPath(req.url);
  if (!target) return sendStatus(res, 400);
  if (proxy && proxied.test(target.pathname)) return forward(forwardable(req), res);
  if (req.method === 'OPTIONS') {
    res.writeHead(204, { ...baseHeaders(), 'Access-Control-Allow-Methods': 'GET, HEAD' });
    return res.end();
  }
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.setHeader('Allow', 'GET, HEAD, OPTIONS');
    return sendStatus(res, 405);
  }
  const { pathname, segments } = target;
  if (isHost && (pathname === '/remotes.json' || pathname === '/app-config.json')) {
    const body = { raw: runtimeFile(pathname.slice(1)), br: null, gzip: null };
    return send(req, res, 200, body, '.json', 'no-store');
  }
  // The clean path names a release file (or the history) when the remote serves releases.
  const released = releaseFile(`/${segments.join('/')}`);
  if (released) {
    const stat = fs.statSync(released.file, { throwIfNoEntry: false });
    if (!stat?.isFile()) return sendStatus(res, 404, 'not found');
    let body;
    try {
      body = load(released.file);
    } catch {
      return sendStatus(res, 404, 'not found');
    }
    return send(req, res, 200, body, path.extname(released.file), released.cache);
  }
  let file = path.join(distDir, ...segments);
  if (file !== distDir && !file.startsWith(distDir + path.sep)) return sendStatus(res, 400);
  const stat = fs.statSync(file, { throwIfNoEntry: false });
  if (!stat?.isFile()) {
    // The host's routes (no extension) are its page; anything else missing is a 404.
    // index.html, with the static first frames, for every route (its inline script picks one).
    if (isHost && !path.extname(segments.at(-1) ?? '')) file = path.join(distDir, 'index.html');
    else return sendStatus(res, 404, 'not found');
  }
  const ext = path.extname(file);
  // Hashed chunks never change; entry files, manifests and HTML must always be revalidated.
  const hashed = /\.[0-9a-f]{8}\.js$/.test(file);
  let body;
  try {
    body = load(file);
  } catch {
    return sendStatus(res, 404, 'not found');
  }
  send(req, res, 200, body, ext, hashed ? IMMUTABLE : 'no-cache');
}

const server = http.createServer((req, res) => {
  req.on('error', () => {});
  res.on('error', () => {});
  try {
    handle(req, res);
  } catch (error) {
    console.error(`[serve] ${req.method} ${JSON.stringify(req.url)} failed:`, error);
    try {
      sendStatus(res, 500);
    } catch {
      res.destroy();
    }
  }
});

// A request Node cannot parse (bad method or request line, headers over 16 KiB, conflicting
// lengths...) never reaches the handler: Node's own clientError handling answers 400 (431 for
// headers too large, 408 for a timeout) and closes that connection, or destroys it when an
// answer is already under way. No listener here, so that default applies.

server.on('upgrade', (req, socket, head) => {
  socket.on('error', () => socket.destroy());
  const target = cleanPath(req.url);
  if (proxy && target && /^\/socket\.io(\/|$)/.test(target.pathname)) {
    try {
      return forward(forwardable(req), socket, head);
    } catch {
      return socket.destroy();
    }
  }
  socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
});

server.listen(port, '127.0.0.1', () => {
  console.log(`[serve] ${app} on http://127.0.0.1:${port}${isHost ? ` (api -> ${serverUrl})` : ''}`);
});
// Stop at once on a signal: open keep-alive and proxied websocket connections must not hold it.
for (const sig of ['SIGINT', 'SIGTERM'])
  process.on(sig, () => {
    server.close(() => process.exit(0));
    server.closeAllConnections();
    setTimeout(() => process.exit(0), 1000).unref();
  });
