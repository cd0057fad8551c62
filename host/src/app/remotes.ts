// Run-time discovery of the remotes: remotes.json is fetched at start and registered with
// the federation runtime; a page is loaded with loadRemote only when its route is visited.
// No remote URL is compiled into the host.
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { ComponentType } from 'react';
import { REMOTES, type RemoteName } from '@app/shared';

export type RemoteManifestMap = Partial<Record<RemoteName, string>>;

let manifests: RemoteManifestMap = {};
const pages = new Map<string, Promise<ComponentType>>();

export async function loadRemoteManifests(): Promise<RemoteManifestMap> {
  const response = await fetch(`/remotes.json?_t=${Date.now()}`, { cache: 'no-store' });
  if (!response.ok) throw new Error(`remotes.json: ${response.status}`);
  const raw = (await response.json()) as Record<string, unknown>;
  const map: RemoteManifestMap = {};
  for (const name of REMOTES) {
    const entry = raw[name];
    if (typeof entry === 'string' && entry) map[name] = entry;
  }
  manifests = map;
  registerRemotes(
    Object.entries(map).map(([name, entry]) => ({ name, entry })),
    { force: false },
  );
  return map;
}

export function remoteManifestUrl(remote: RemoteName): string | undefined {
  return manifests[remote];
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function importPage(remote: RemoteName, page: string): Promise<ComponentType> {
  const mod = await loadRemote<{ default: ComponentType }>(`${remote}/${page}`);
  if (!mod?.default) throw new Error(`${remote}/${page} has no default export`);
  return mod.default;
}

/** Forget what the runtime cached for a remote (a failed entry or a stale manifest). */
function resetRemote(remote: RemoteName): void {
  const entry = manifests[remote];
  if (entry) registerRemotes([{ name: remote, entry }], { force: true });
  for (const key of [...pages.keys()]) if (key.startsWith(`${remote}/`)) pages.delete(key);
}

/**
 * Loads an exposed page, retrying transient failures with backoff (300 ms, 1.2 s).
 * `fresh` is the retry button: it drops the cached failure and asks the remote again.
 */
export function loadPage(remote: RemoteName, page: string, fresh = false): Promise<ComponentType> {
  const key = `${remote}/${page}`;
  if (fresh) resetRemote(remote);
  let pending = pages.get(key);
  if (!pending) {
    pending = (async () => {
      // remotes.json itself may have failed at start: ask for it again.
      if (!manifests[remote]) await loadRemoteManifests();
      if (!manifests[remote]) throw new Error(`remote ${remote} is not in remotes.json`);
      const delays = [300, 1200];
      for (let attempt = 0; ; attempt += 1) {
        try {
          return await importPage(remote, page);
        } catch (error) {
          const delay = delays[attempt];
          if (delay === undefined) throw error;
          await sleep(delay);
          resetRemote(remote);
        }
      }
    })();
    pending.catch(() => pages.delete(key));
    pages.set(key, pending);
  }
  return pending;
}
