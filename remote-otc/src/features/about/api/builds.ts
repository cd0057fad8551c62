// Which deploy of the host and of each remote is live: remotes.json (served by the host) names
// each remote's mf-manifest.json, whose metaData.buildInfo carries version, build time and id
// (scripts/webpack.config.cjs) and whose `shared` list the versions it was built against. The
// host's own manifest is /mf-manifest.json. A remote released by scripts/deploy.mjs is served
// from <origin>/<release>/, beside its release history <origin>/releases.json.
import { REMOTES } from '@app/shared';

export interface BuildInfo {
  name: string;
  version: string;
  buildTime: string | null;
  buildId: string | null;
}

export interface SharedVersion {
  name: string;
  version: string;
}

/** Why a remote is behind the host (see `behindOf`). */
export interface Behind {
  /** Shared libraries the remote was built against in an older version than the host provides. */
  olderShared: (SharedVersion & { hostVersion: string })[];
  /** A newer release of the remote exists than the live one (it was rolled back). */
  newerRelease: string | null;
}

export interface AppBuild {
  /** 'host' or a remote's name. */
  app: string;
  manifestUrl: string;
  info: BuildInfo | null;
  /** The live release: `<version>-<build id>` (the release folder's name). */
  release: string | null;
  /** Shared libraries (by package) and the versions this build was made with. */
  shared: SharedVersion[];
  /** Remotes only: null when it is not behind. */
  behind: Behind | null;
  /** The manifest could not be read. */
  failed: boolean;
}

interface Manifest {
  metaData?: {
    buildInfo?: { buildVersion?: string; buildName?: string; buildTime?: string; buildId?: string };
  };
  shared?: { name?: string; version?: string }[];
}

interface ReleaseHistory {
  live?: string | null;
  releases?: { release?: string }[];
}

/** A JSON file read as it is (static files: no API envelope, so not through the API client). */
async function fetchJson(url: string, signal?: AbortSignal): Promise<unknown> {
  const response = await fetch(url, { cache: 'no-cache', signal });
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  return response.json();
}

type Json = Record<string, unknown>;
const isRecord = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);
const records = (value: unknown): Json[] => (Array.isArray(value) ? value.filter(isRecord) : []);

/** The parts of an mf-manifest.json /about reads, checked field by field (a CDN may serve anything). */
export function manifestOf(value: unknown): Manifest {
  if (!isRecord(value)) throw new Error('not a manifest');
  const meta = isRecord(value.metaData) ? value.metaData : {};
  const info = isRecord(meta.buildInfo) ? meta.buildInfo : {};
  return {
    metaData: {
      buildInfo: {
        buildVersion: text(info.buildVersion),
        buildName: text(info.buildName),
        buildTime: text(info.buildTime),
        buildId: text(info.buildId),
      },
    },
    shared: records(value.shared).map((s) => ({ name: text(s.name), version: text(s.version) })),
  };
}

function historyOf(value: unknown): ReleaseHistory {
  if (!isRecord(value)) throw new Error('not a release history');
  return {
    live: text(value.live) ?? null,
    releases: records(value.releases).map((r) => ({ release: text(r.release) })),
  };
}

export function buildInfoOf(manifest: Manifest): BuildInfo | null {
  const info = manifest.metaData?.buildInfo;
  if (!info?.buildVersion) return null;
  return {
    name: info.buildName ?? '',
    version: info.buildVersion,
    buildTime: info.buildTime ?? null,
    buildId: info.buildId ?? null,
  };
}

/** The release name, as scripts/deploy.mjs names the folder: build ids already start with the version. */
export function releaseOf(info: BuildInfo | null): string | null {
  if (!info?.buildId) return null;
  return info.buildId.startsWith(`${info.version}-`) ? info.buildId : `${info.version}-${info.buildId}`;
}

/** `@mui/material/Box` -> `@mui/material`, `react/jsx-runtime` -> `react`. */
export function packageOf(module: string): string {
  const parts = module.split('/');
  return module.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] ?? module);
}

/**
 * One version per shared package, sorted by name in code-unit order (npm's names are identifiers,
 * not words: the same order in every locale, and no ICU collator built for `localeCompare`).
 */
export function sharedOf(manifest: Manifest): SharedVersion[] {
  const byPackage = new Map<string, string>();
  for (const s of manifest.shared ?? []) {
    if (!s.name || !s.version) continue;
    const name = packageOf(s.name);
    if (!byPackage.has(name)) byPackage.set(name, s.version);
  }
  return [...byPackage]
    .map(([name, version]) => ({ name, version }))
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

/** Compares x.y.z versions (pre-release tags ignored): negative when a is older than b. */
export function compareVersions(a: string, b: string): number {
  const parse = (v: string) =>
    v
      .replace(/^[^\d]*/, '')
      .split(/[.+-]/)
      .slice(0, 3)
      .map(Number);
  const [x, y] = [parse(a), parse(b)];
  for (let i = 0; i < 3; i += 1) {
    const d = (x[i] || 0) - (y[i] || 0);
    if (d) return d;
  }
  return 0;
}

/**
 * A remote is behind the host when it was built against an older version of a shared library
 * than the one the host provides (it runs on the host's copy, but was made and tested with the
 * older one), or when a newer release of it exists than the live one (it was rolled back).
 */
export function behindOf(
  shared: SharedVersion[],
  hostShared: SharedVersion[],
  release: string | null,
  history: ReleaseHistory | null,
): Behind | null {
  const host = new Map(hostShared.map((s) => [s.name, s.version]));
  const olderShared = shared.flatMap((s) => {
    const hostVersion = host.get(s.name);
    return hostVersion && compareVersions(s.version, hostVersion) < 0 ? [{ ...s, hostVersion }] : [];
  });
  const latest = history?.releases?.at(-1)?.release ?? null;
  const newerRelease = latest && release && latest !== release ? latest : null;
  return olderShared.length || newerRelease ? { olderShared, newerRelease } : null;
}

async function readManifest(manifestUrl: string, signal?: AbortSignal) {
  try {
    const manifest = manifestOf(await fetchJson(manifestUrl, signal));
    return { manifest, info: buildInfoOf(manifest) };
  } catch {
    return { manifest: null, info: null };
  }
}

/** The release history beside a release folder's manifest (`<origin>/<release>/mf-manifest.json`). */
async function readHistory(manifestUrl: string, signal?: AbortSignal): Promise<ReleaseHistory | null> {
  if (!/\/[^/]+\/mf-manifest\.json$/.test(new URL(manifestUrl).pathname)) return null;
  try {
    return historyOf(await fetchJson(new URL('../releases.json', manifestUrl).href, signal));
  } catch {
    return null;
  }
}

/** The host and every remote of remotes.json, each read from its manifest. */
export async function loadBuilds(signal?: AbortSignal): Promise<AppBuild[]> {
  const answer = await fetchJson('/remotes.json', signal);
  const remotes = isRecord(answer) ? answer : {};
  const hostUrl = new URL('/mf-manifest.json', window.location.href).href;
  const entries: [string, string][] = [];
  for (const name of REMOTES) {
    const url = remotes[name];
    if (typeof url === 'string' && url) entries.push([name, url]);
  }
  const [host, ...remoteBuilds] = await Promise.all([
    readManifest(hostUrl, signal),
    ...entries.map(async ([, url]) => {
      const [read, history] = await Promise.all([readManifest(url, signal), readHistory(url, signal)]);
      return { ...read, history };
    }),
  ]);
  const hostShared = host.manifest ? sharedOf(host.manifest) : [];
  const builds: AppBuild[] = [
    {
      app: 'host',
      manifestUrl: hostUrl,
      info: host.info,
      release: releaseOf(host.info),
      shared: hostShared,
      behind: null,
      failed: host.info === null,
    },
  ];
  entries.forEach(([app, manifestUrl], i) => {
    const read = remoteBuilds[i];
    const info = read?.info ?? null;
    const shared = read?.manifest ? sharedOf(read.manifest) : [];
    const release = releaseOf(info);
    builds.push({
      app,
      manifestUrl,
      info,
      release,
      shared,
      behind: info ? behindOf(shared, hostShared, release, read?.history ?? null) : null,
      failed: info === null,
    });
  });
  return builds;
}
