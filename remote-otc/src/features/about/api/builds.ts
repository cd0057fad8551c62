// Which deploy of the host and of each remote is live: remotes.json (served by the host) names
// each remote's mf-manifest.json, whose metaData.buildInfo carries version, build time and id
// (scripts/webpack.config.cjs). The host's own manifest is /mf-manifest.json.
import { REMOTES } from '@app/shared';

export interface BuildInfo {
  name: string;
  version: string;
  buildTime: string | null;
  buildId: string | null;
}

export interface AppBuild {
  /** 'host' or a remote's name. */
  app: string;
  manifestUrl: string;
  info: BuildInfo | null;
  /** The manifest could not be read. */
  failed: boolean;
}

interface Manifest {
  metaData?: {
    buildInfo?: { buildVersion?: string; buildName?: string; buildTime?: string; buildId?: string };
  };
}

async function fetchJson<T>(url: string, signal?: AbortSignal): Promise<T> {
  const response = await fetch(url, { cache: 'no-cache', signal });
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  return (await response.json()) as T;
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

async function readBuild(app: string, manifestUrl: string, signal?: AbortSignal): Promise<AppBuild> {
  try {
    const info = buildInfoOf(await fetchJson<Manifest>(manifestUrl, signal));
    return { app, manifestUrl, info, failed: info === null };
  } catch {
    return { app, manifestUrl, info: null, failed: true };
  }
}

/** The host and every remote of remotes.json, each read from its manifest. */
export async function loadBuilds(signal?: AbortSignal): Promise<AppBuild[]> {
  const remotes = await fetchJson<Record<string, unknown>>('/remotes.json', signal);
  const entries: [string, string][] = [['host', new URL('/mf-manifest.json', window.location.href).href]];
  for (const name of REMOTES) {
    const url = remotes[name];
    if (typeof url === 'string' && url) entries.push([name, url]);
  }
  return Promise.all(entries.map(([app, url]) => readBuild(app, url, signal)));
}
