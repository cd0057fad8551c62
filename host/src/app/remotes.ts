// Run-time discovery of the remotes: remotes.json is fetched at start and registered with
// the federation runtime; a page is loaded with loadRemote only when its route is visited.
// No remote URL is compiled into the host.
//
// Releases (scripts/deploy.mjs) switch a remote's entry in remotes.json while pages are open:
// every visit of a remote route revalidates remotes.json in the background, and a remote whose
// entry changed is registered again, so the next visit of its routes loads the new release
// without a reload. A remote whose manifest needs shared versions the host does not provide is
// refused before any of its code runs (skew.ts).
import { loadRemote, registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';
import type { ComponentType } from 'react';
import { REMOTES, type RemoteName } from '@app/shared';
import { remoteFallback, type PageModule } from './federation/fallback';
import { retryPlugin } from './federation/retry';
import { forgetRefusal, sharedVersionGuard } from './federation/shared-version-guard';

export type RemoteManifestMap = Partial<Record<RemoteName, string>>;

let manifests: RemoteManifestMap = {};
let checkedAt = 0;
let revalidating: Promise<unknown> | null = null;
const pages = new Map<string, Promise<ComponentType>>();

// One concern per plugin: refuse a skewed release, retry transient failures, and answer a page
// that still fails with its route's error (federation/).
registerPlugins([sharedVersionGuard(), retryPlugin(), remoteFallback()]);

/** Applies a fresh remotes.json: new remotes are registered, moved ones registered again. */
function apply(map: RemoteManifestMap): void {
  const added: { name: string; entry: string }[] = [];
  for (const name of REMOTES) {
    const entry = map[name];
    const before = manifests[name];
    if (!entry || entry === before) continue;
    if (!before) added.push({ name, entry });
    else {
      // A new release: forget the old one's container, manifest and pages.
      registerRemotes([{ name, entry }], { force: true });
      forgetRefusal(name);
      for (const key of [...pages.keys()]) if (key.startsWith(`${name}/`)) pages.delete(key);
    }
  }
  manifests = { ...manifests, ...map };
  if (added.length) registerRemotes(added, { force: false });
}

export async function loadRemoteManifests(): Promise<RemoteManifestMap> {
  const response = await fetch(`/remotes.json?_t=${Date.now()}`, { cache: 'no-store' });
  if (!response.ok) throw new Error(`remotes.json: ${response.status}`);
  const raw = (await response.json()) as Record<string, unknown>;
  const map: RemoteManifestMap = {};
  for (const name of REMOTES) {
    const entry = raw[name];
    if (typeof entry === 'string' && entry) map[name] = entry;
  }
  checkedAt = Date.now();
  apply(map);
  return map;
}

/** At most one background check of remotes.json every 2 s; a failed check changes nothing. */
function revalidate(): void {
  if (revalidating || Date.now() - checkedAt < 2000) return;
  revalidating = loadRemoteManifests()
    .catch(() => undefined)
    .finally(() => {
      revalidating = null;
    });
}

export function remoteManifestUrl(remote: RemoteName): string | undefined {
  return manifests[remote];
}

/** Forget what the runtime cached for a remote (a failed entry or a stale manifest). */
function resetRemote(remote: RemoteName): void {
  const entry = manifests[remote];
  forgetRefusal(remote);
  if (entry) registerRemotes([{ name: remote, entry }], { force: true });
  for (const key of [...pages.keys()]) if (key.startsWith(`${remote}/`)) pages.delete(key);
}

/**
 * Loads an exposed page. The runtime's plugins retry transient failures and answer a page that
 * still fails with its route's error (a fallback page, not cached, so the next visit asks again).
 * `fresh` is the retry button: it drops what the runtime cached and asks the remote again.
 */
export function loadPage(remote: RemoteName, page: string, fresh = false): Promise<ComponentType> {
  const key = `${remote}/${page}`;
  if (fresh) resetRemote(remote);
  else revalidate();
  let pending = pages.get(key);
  if (!pending) {
    pending = (async () => {
      // The retry button reads remotes.json again (a fixed release may be live by now), and
      // remotes.json itself may have failed at start: ask for it again.
      if (fresh) await loadRemoteManifests().catch(() => undefined);
      if (!manifests[remote]) await loadRemoteManifests();
      if (!manifests[remote]) throw new Error(`remote ${remote} is not in remotes.json`);
      const mod = await loadRemote<PageModule>(key);
      if (!mod?.default) throw new Error(`${key} has no default export`);
      if (mod.failed) pages.delete(key);
      return mod.default;
    })();
    pending.catch(() => pages.delete(key));
    pages.set(key, pending);
  }
  return pending;
}
