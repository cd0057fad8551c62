#!/usr/bin/env node
// Releases of one remote (README "Deploying a remote"): every deploy is an immutable folder
// <releases>/<remote>/<version>-<build id>/ and the live remotes.json entry points at one of them.
// The host is never rebuilt or restarted: it reads remotes.json (REMOTES_FILE) on every request.
//
//   node scripts/deploy.mjs deploy <remote> [--no-build] [--from <dist dir>] [--force]
//   node scripts/deploy.mjs list <remote>
//   node scripts/deploy.mjs rollback <remote> [--force]
//
// <remote> is `otc` or `remote-otc`. Environment (all optional):
//   RELEASES_DIR   releases root (.run/releases); the remote's static server serves it (serve.mjs)
//   REMOTES_FILE   the live remotes.json the host serves (.run/remotes.json)
//   <NAME>_URL     public origin of the remote's server (OTC_URL=http://127.0.0.1:8084)
//   HOST_URL       the live host, whose /mf-manifest.json lists the shared versions it provides
//                  (http://127.0.0.1:8080; host/dist/mf-manifest.json when it is not running)
//   BUILD_ID       the build id of a new build (default <version>-<base 36 time>)
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { ensurePnpm, run, root } from './lib.mjs';

const require = createRequire(import.meta.url);
const semver = require('semver');
const { ports, remoteDirs } = require('./ports.cjs');

export class DeployError extends Error {}

const here = process.env.INIT_CWD || process.cwd();
const resolvePath = (p) => path.resolve(here, p);

export function defaults(env = process.env) {
  return {
    releasesDir: env.RELEASES_DIR ? resolvePath(env.RELEASES_DIR) : path.join(root, '.run', 'releases'),
    remotesFile: env.REMOTES_FILE ? resolvePath(env.REMOTES_FILE) : path.join(root, '.run', 'remotes.json'),
    hostUrl: env.HOST_URL || `http://127.0.0.1:${ports.host}`,
  };
}

/** `otc` or `remote-otc` -> { name: 'otc', dir: 'remote-otc' }. */
export function remoteOf(arg) {
  const name = Object.keys(remoteDirs).find((k) => k === arg || remoteDirs[k] === arg);
  if (!name) throw new DeployError(`unknown remote "${arg}" (one of ${Object.keys(remoteDirs).join(', ')})`);
  return { name, dir: remoteDirs[name] };
}

export const originOf = (name, env = process.env) =>
  (env[`${name.toUpperCase()}_URL`] || `http://127.0.0.1:${ports[name]}`).replace(/\/+$/, '');

/**
 * The release folder's name: `<version>-<build id>`. Build ids made by the webpack config already
 * start with the version (`0.1.0-mwujkup7`), so the version is not repeated.
 */
export function releaseName(version, buildId) {
  const id = String(buildId || '').replace(/[^A-Za-z0-9._-]/g, '-');
  if (!id) throw new DeployError('the manifest has no build id (metaData.buildInfo.buildId)');
  return id.startsWith(`${version}-`) ? id : `${version}-${id}`;
}

function readJson(file) {
  return JSON.parse(fs.readFileSync(file, 'utf8'));
}

/** Writes a file so that readers see the old or the new content, never half of it. */
export function writeAtomic(file, text) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.${Date.now()}.tmp`;
  fs.writeFileSync(tmp, text);
  fs.renameSync(tmp, file);
}

export function buildInfoOf(manifest) {
  const info = manifest?.metaData?.buildInfo ?? {};
  return {
    name: manifest?.metaData?.name ?? manifest?.name,
    version: info.buildVersion,
    buildId: info.buildId,
    buildTime: info.buildTime ?? null,
  };
}

/** name -> version of every shared module a manifest lists (the host's: what it provides). */
export function providedVersions(hostManifest) {
  const out = {};
  for (const s of hostManifest.shared ?? []) if (s.name && s.version) out[s.name] = s.version;
  return out;
}

/**
 * Shared modules of a remote's manifest the host cannot satisfy: the host provides the module
 * (singletons: the remote will use the host's copy) but not in the range the remote was built for.
 */
export function skewOf(remoteManifest, provided) {
  const problems = [];
  for (const s of remoteManifest.shared ?? []) {
    const hostVersion = provided[s.name];
    if (!hostVersion || !s.requiredVersion) continue;
    if (!semver.satisfies(hostVersion, s.requiredVersion, { includePrerelease: true }))
      problems.push({ name: s.name, requiredVersion: s.requiredVersion, hostVersion });
  }
  return problems;
}

export function describeSkew(problems) {
  return problems
    .map(
      (p) => `  ${p.name}: the remote requires ${p.requiredVersion}, the live host provides ${p.hostVersion}`,
    )
    .join('\n');
}

/** The live host's manifest: from the running host, else the host's build. */
export async function loadHostManifest({ hostManifest, hostUrl }) {
  if (hostManifest) {
    if (/^https?:/.test(hostManifest)) return fetchJson(hostManifest);
    return readJson(resolvePath(hostManifest));
  }
  try {
    return await fetchJson(`${hostUrl.replace(/\/+$/, '')}/mf-manifest.json`);
  } catch {
    const built = path.join(root, 'host', 'dist', 'mf-manifest.json');
    if (!fs.existsSync(built))
      throw new DeployError(`no live host at ${hostUrl} and no host build (${built})`);
    console.warn(`[deploy] the host at ${hostUrl} is not answering: checking against ${built}`);
    return readJson(built);
  }
}

async function fetchJson(url) {
  const response = await fetch(url, { cache: 'no-store', signal: AbortSignal.timeout(5000) });
  if (!response.ok) throw new DeployError(`${url}: ${response.status}`);
  return response.json();
}

const historyFile = (releasesDir, name) => path.join(releasesDir, name, 'history.json');

/**
 * The release history of a remote: every release made (oldest first) and the stack of live
 * releases (a deploy pushes, a rollback pops).
 */
export function readHistory(releasesDir, name) {
  const file = historyFile(releasesDir, name);
  if (!fs.existsSync(file)) return { remote: name, live: null, releases: [], stack: [] };
  return readJson(file);
}

function writeHistory(releasesDir, name, history) {
  writeAtomic(historyFile(releasesDir, name), JSON.stringify(history, null, 2) + '\n');
}

/** Points the remote's entry of the live remotes.json at a release (temp file + rename). */
export function switchLive({ remotesFile, name, url }) {
  let current = {};
  if (fs.existsSync(remotesFile)) current = readJson(remotesFile);
  else for (const n of Object.keys(remoteDirs)) current[n] = `${originOf(n)}/mf-manifest.json`;
  const next = { ...current, [name]: url };
  writeAtomic(remotesFile, JSON.stringify(next, null, 2) + '\n');
  return current[name];
}

const manifestUrl = (origin, release) => `${origin}/${release}/mf-manifest.json`;

/** Builds (or takes) a remote's dist, checks it against the live host, releases it and switches to it. */
export async function deploy(options) {
  const { name, dir } = remoteOf(options.remote);
  const { releasesDir, remotesFile, hostUrl } = { ...defaults(), ...options };
  const origin = options.origin || originOf(name);
  let source = options.from ? resolvePath(options.from) : path.join(root, dir, 'dist');
  if (!options.from && options.build !== false) {
    console.log(`[deploy] building ${dir}`);
    await run(ensurePnpm(), ['--filter', dir, 'build'], { stdio: options.quiet ? 'ignore' : 'inherit' });
  }
  const manifestFile = path.join(source, 'mf-manifest.json');
  if (!fs.existsSync(manifestFile))
    throw new DeployError(`${manifestFile} does not exist: build ${dir} first`);
  const manifest = readJson(manifestFile);
  const info = buildInfoOf(manifest);
  if (info.name !== name) throw new DeployError(`${source} is a build of "${info.name}", not of "${name}"`);
  const release = releaseName(info.version, info.buildId);

  const host = await loadHostManifest({ hostManifest: options.hostManifest, hostUrl });
  const problems = skewOf(manifest, providedVersions(host));
  if (problems.length && !options.force) {
    throw new DeployError(
      `deploy of ${dir} ${release} refused: the live host cannot satisfy its shared versions\n${describeSkew(problems)}\n` +
        `(rebuild the remote against the host's versions, or deploy the host first)`,
    );
  }

  const folder = path.join(releasesDir, name, release);
  if (fs.existsSync(folder)) {
    const existing = buildInfoOf(readJson(path.join(folder, 'mf-manifest.json')));
    if (existing.buildId !== info.buildId || existing.buildTime !== info.buildTime)
      throw new DeployError(`${folder} already holds another build: releases are never overwritten`);
  } else if (path.resolve(source) !== folder) {
    // Copied beside the target, then renamed: a release folder is complete or absent.
    const tmp = path.join(releasesDir, name, `.${release}.${process.pid}.tmp`);
    fs.rmSync(tmp, { recursive: true, force: true });
    fs.cpSync(source, tmp, { recursive: true });
    fs.renameSync(tmp, folder);
  }

  const history = readHistory(releasesDir, name);
  if (!history.releases.some((r) => r.release === release)) {
    history.releases.push({
      release,
      version: info.version,
      buildId: info.buildId,
      buildTime: info.buildTime,
      releasedAt: new Date().toISOString(),
    });
  }
  if (history.stack.at(-1) !== release) history.stack.push(release);
  history.live = release;
  writeHistory(releasesDir, name, history);
  const url = manifestUrl(origin, release);
  const previous = switchLive({ remotesFile, name, url });
  if (!options.quiet)
    console.log(`[deploy] ${name} is live at ${release} (${url})${previous ? `; was ${previous}` : ''}`);
  return { name, release, url, previous };
}

/** Switches the remote back to the release that was live before the current one. */
export async function rollback(options) {
  const { name } = remoteOf(options.remote);
  const { releasesDir, remotesFile, hostUrl } = { ...defaults(), ...options };
  const origin = options.origin || originOf(name);
  const history = readHistory(releasesDir, name);
  if (history.stack.length < 2)
    throw new DeployError(`${name} has no earlier release to roll back to (live: ${history.live ?? 'none'})`);
  const from = history.stack.at(-1);
  const to = history.stack.at(-2);
  const manifest = readJson(path.join(releasesDir, name, to, 'mf-manifest.json'));
  const host = await loadHostManifest({ hostManifest: options.hostManifest, hostUrl });
  const problems = skewOf(manifest, providedVersions(host));
  if (problems.length && !options.force)
    throw new DeployError(
      `rollback of ${name} to ${to} refused: the live host cannot satisfy its shared versions\n${describeSkew(problems)}`,
    );
  history.stack.pop();
  history.live = to;
  writeHistory(releasesDir, name, history);
  const url = manifestUrl(origin, to);
  switchLive({ remotesFile, name, url });
  if (!options.quiet) console.log(`[deploy] ${name} rolled back from ${from} to ${to} (${url})`);
  return { name, release: to, url, previous: from };
}

/** Every release of a remote, newest first, with the live one marked. */
export function list(options) {
  const { name } = remoteOf(options.remote);
  const { releasesDir } = { ...defaults(), ...options };
  const history = readHistory(releasesDir, name);
  const rows = [...history.releases].reverse().map((r) => {
    const manifestFile = path.join(releasesDir, name, r.release, 'mf-manifest.json');
    const shared = fs.existsSync(manifestFile) ? providedVersions(readJson(manifestFile)) : {};
    return { ...r, live: r.release === history.live, react: shared.react, appShared: shared['@app/shared'] };
  });
  return { name, live: history.live, rows };
}

function parseArgs(argv) {
  const [command, remote, ...rest] = argv;
  const options = { remote };
  for (let i = 0; i < rest.length; i += 1) {
    const arg = rest[i];
    if (arg === '--no-build') options.build = false;
    else if (arg === '--force') options.force = true;
    else if (arg === '--quiet') options.quiet = true;
    else if (arg === '--from') options.from = rest[++i];
    else if (arg === '--origin') options.origin = rest[++i];
    else if (arg === '--host-manifest') options.hostManifest = rest[++i];
    else throw new DeployError(`unknown option ${arg}`);
  }
  return { command, options };
}

async function main() {
  const { command, options } = parseArgs(process.argv.slice(2));
  if (!options.remote || !['deploy', 'list', 'rollback'].includes(command)) {
    throw new DeployError(
      'usage: deploy.mjs deploy <remote> [--no-build] [--from <dir>] [--force]\n' +
        '       deploy.mjs list <remote>\n       deploy.mjs rollback <remote> [--force]',
    );
  }
  if (command === 'deploy') await deploy(options);
  else if (command === 'rollback') await rollback(options);
  else {
    const { name, live, rows } = list(options);
    if (!rows.length) console.log(`${name}: no releases yet`);
    for (const r of rows)
      console.log(
        `${r.live ? '*' : ' '} ${r.release.padEnd(28)} built ${r.buildTime ?? '?'}  released ${r.releasedAt}` +
          `  react ${r.react ?? '?'}  @app/shared ${r.appShared ?? '?'}`,
      );
    if (live) console.log(`(* live: ${live})`);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((error) => {
    console.error(error instanceof DeployError ? `[deploy] ${error.message}` : error);
    process.exit(1);
  });
}
