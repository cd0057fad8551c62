// Small helpers shared by start.mjs, build.mjs and test.mjs (no dependencies: they run
// before `pnpm install` on a fresh machine).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const PNPM_VERSION = '10.34.9';

export function log(message) {
  console.log(`\x1b[36m▸ ${message}\x1b[0m`);
}

/** Runs a command in the foreground; rejects on a non-zero exit. */
export function run(cmd, args, options = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, {
      cwd: root,
      stdio: 'inherit',
      ...options,
      env: { ...process.env, ...options.env },
    });
    child.on('error', reject);
    child.on('exit', (code, signal) =>
      code === 0 ? resolve() : reject(new Error(`${cmd} ${args.join(' ')} failed (${signal ?? code})`)),
    );
  });
}

function works(cmd, args) {
  const r = spawnSync(cmd, args, { stdio: 'ignore' });
  return r.status === 0;
}

/** pnpm is the workspace's package manager; a fresh machine has only npm. */
export function ensurePnpm() {
  if (works('pnpm', ['--version'])) return 'pnpm';
  log(`installing pnpm ${PNPM_VERSION} (npm i -g)`);
  const r = spawnSync('npm', ['install', '-g', `pnpm@${PNPM_VERSION}`], { stdio: 'inherit' });
  if (r.status === 0 && works('pnpm', ['--version'])) return 'pnpm';
  throw new Error('pnpm is missing and could not be installed: run `npm install -g pnpm@10` and try again');
}

/**
 * Debian's Chromium, which the end-to-end tests drive (nothing here may download a browser):
 * returns its path, installs it when it is missing and this process can (root with apt-get,
 * as .ci/run does), or throws at once with the exact command to run.
 */
export function ensureChromium() {
  const custom = process.env.CHROMIUM_PATH;
  const exe = custom || '/usr/bin/chromium';
  const usable = () => {
    try {
      fs.accessSync(exe, fs.constants.X_OK);
      return fs.statSync(exe).isFile();
    } catch {
      return false;
    }
  };
  if (usable()) return exe;
  if (custom) throw new Error(`CHROMIUM_PATH=${custom} is not an executable file: fix it or unset it`);
  const root = process.getuid?.() === 0;
  const command = root
    ? 'apt-get update && apt-get install -y --no-install-recommends chromium'
    : 'sudo apt-get update && sudo apt-get install -y --no-install-recommends chromium';
  if (root && works('apt-get', ['--version'])) {
    log("installing Debian's chromium (apt-get)");
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    const update = spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
    const add =
      update.status === 0 &&
      spawnSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', 'chromium'], {
        stdio: 'inherit',
        env,
      });
    if (add && add.status === 0 && usable()) return exe;
    throw new Error(`installing chromium failed: run \`${command}\` and try again`);
  }
  throw new Error(
    `Debian's Chromium is missing (${exe}); the end-to-end tests need it. Run \`${command}\` ` +
      '(or set CHROMIUM_PATH to a Chromium binary) and try again',
  );
}

export async function install(pnpm) {
  log('installing dependencies (pnpm install)');
  await run(pnpm, ['install', '--frozen-lockfile']);
}

/** Runs async tasks with at most `limit` at once (two cores here: builds two by two). */
export async function pool(tasks, limit) {
  const results = [];
  let next = 0;
  const workers = Array.from({ length: Math.min(limit, tasks.length) }, async () => {
    while (next < tasks.length) {
      const i = next++;
      results[i] = await tasks[i]();
    }
  });
  await Promise.all(workers);
  return results;
}

export async function waitFor(url, timeoutMs = 60_000) {
  const start = Date.now();
  for (;;) {
    try {
      const r = await fetch(url);
      if (r.status < 500) return;
    } catch {
      // not up yet
    }
    if (Date.now() - start > timeoutMs) throw new Error(`timed out waiting for ${url}`);
    await new Promise((r) => setTimeout(r, 300));
  }
}
