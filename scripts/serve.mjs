#!/usr/bin/env node
// Serves one built app (the host or a remote) as its own origin, as a CDN would:
// compressed (the .br/.gz copies made at build time when present), long-cached hashed chunks,
// never-cached entry files, CORS for remotes.
// The host also proxies /api, /dev and /socket.io to the API server and serves its
// run-time config files (remotes.json, app-config.json).
//
//   node scripts/serve.mjs <host|remote-markets|...> [--port N]
//   env: REMOTES_FILE, APP_CONFIG_FILE (host), SERVER_URL (host proxy target)
import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const httpProxy = require('http-proxy');
const { ports, remoteDirs } = require('./ports.cjs');

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
const distDir = path.join(root, app, 'dist');
const serverUrl = process.env.SERVER_URL || `http://127.0.0.1:${ports.server}`;

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

function send(req, res, status, body, ext, cacheControl) {
  const headers = {
    'Content-Type': types[ext] || 'application/octet-stream',
    'Cache-Control': cacheControl,
    'X-Content-Type-Options': 'nosniff',
    Vary: 'Accept-Encoding',
  };
  if (!isHost) headers['Access-Control-Allow-Origin'] = '*';
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

const proxy = isHost ? httpProxy.createProxyServer({ target: serverUrl, ws: true, xfwd: true }) : null;
proxy?.on('error', (_err, _req, res) => {
  if (res && 'writeHead' in res && !res.headersSent) {
    res.writeHead(502, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify({ type: 'error', message: 'API server unreachable', code: 'network.error' }));
  } else res?.destroy?.();
});

const server = http.createServer((req, res) => {
  const url = new URL(req.url || '/', 'http://x');
  if (proxy && /^\/(api|dev|socket\.io)(\/|$)/.test(url.pathname)) return proxy.web(req, res);
  if (req.method === 'OPTIONS') {
    res.writeHead(204, { 'Access-Control-Allow-Origin': '*', 'Access-Control-Allow-Methods': 'GET, HEAD' });
    return res.end();
  }
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.writeHead(405);
    return res.end();
  }
  if (isHost && (url.pathname === '/remotes.json' || url.pathname === '/app-config.json')) {
    const body = { raw: runtimeFile(url.pathname.slice(1)), br: null, gzip: null };
    return send(req, res, 200, body, '.json', 'no-store');
  }
  const rel = path.normalize(decodeURIComponent(url.pathname)).replace(/^(\.\.[/\\])+/, '');
  let file = path.join(distDir, rel);
  if (!file.startsWith(distDir)) {
    res.writeHead(403);
    return res.end();
  }
  const exists = fs.existsSync(file) && fs.statSync(file).isFile();
  if (!exists) {
    if (isHost && !path.extname(rel)) file = path.join(distDir, 'index.html');
    else {
      res.writeHead(404, {
        'Content-Type': 'text/plain',
        ...(isHost ? {} : { 'Access-Control-Allow-Origin': '*' }),
      });
      return res.end('not found');
    }
  }
  const ext = path.extname(file);
  // Hashed chunks never change; entry files, manifests and HTML must always be revalidated.
  const hashed = /\.[0-9a-f]{8}\.js$/.test(file);
  try {
    send(req, res, 200, load(file), ext, hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
  } catch {
    res.writeHead(404);
    res.end();
  }
});

if (proxy) server.on('upgrade', (req, socket, head) => proxy.ws(req, socket, head));

server.listen(port, '127.0.0.1', () => {
  console.log(`[serve] ${app} on http://127.0.0.1:${port}${isHost ? ` (api -> ${serverUrl})` : ''}`);
});
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => server.close(() => process.exit(0)));
