// Run-time discovery of the remotes: remotes.json is fetched at start and registered with
// the federation runtime; a page is loaded with loadRemote only when its route is visited.
// No remote URL is compiled into the host.
//
// Releases (scripts/deploy.mjs) switch a remote's entry in remotes.json while pages are open:
// every visit of a remote route revalidates remotes.json in the background, and a remote whose
// entry changed is registered again, so the next visit of its routes loads the new release
// without a reload. A remote whose manifest needs shared versions the host does not provide is
// refused before any of its code runs (skew.ts).
import {
  getInstance,
  loadRemote,
  registerPlugins,
  registerRemotes,
  type ModuleFederationRuntimePlugin,
} from '@module-federation/enhanced/runtime';
import type { ComponentType } from 'react';
import { REMOTES, type RemoteName } from '@app/shared';
import { IncompatibleRemoteError, skewOf, type ManifestShared } from './skew';

export type RemoteManifestMap = Partial<Record<RemoteName, string>>;

let manifests: RemoteManifestMap = {};
let checkedAt = 0;
let revalidating: Promise<unknown> | null = null;
const pages = new Map<string, Promise<ComponentType>>();
/** Remotes the host refused to compose, by manifest URL. */
const refused = new Map<string, IncompatibleRemoteError>();

/** What the host provides of each shared module (its own registrations, not the remotes'). */
function hostSharedVersions(): Record<string, string> {
  const instance = getInstance();
  const out: Record<string, string> = {};
  if (!instance) return out;
  for (const [name, list] of Object.entries(instance.options.shared)) {
    const own = list.find((s) => s.from === instance.options.name) ?? list[0];
    if (own?.version) out[name] = own.version;
  }
  return out;
}

const skewGuard: ModuleFederationRuntimePlugin = {
  name: 'shared-version-guard',
  loadRemoteSnapshot(args) {
    const shared = (args.manifestJson?.shared ?? []) as ManifestShared[];
    const problems = skewOf(shared, hostSharedVersions());
    if (problems.length) {
      const error = new IncompatibleRemoteError(args.moduleInfo.name, problems);
      if (args.manifestUrl) refused.set(args.manifestUrl, error);
      console.error(`[host] ${error.message}`);
      throw error;
    }
    return args;
  },
};
registerPlugins([skewGuard]);

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

/** The host refused the live release of this remote (its shared versions do not match). */
export function incompatibility(remote: RemoteName): IncompatibleRemoteError | undefined {
  const entry = manifests[remote];
  return entry ? refused.get(entry) : undefined;
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
  if (entry) {
    refused.delete(entry);
    registerRemotes([{ name: remote, entry }], { force: true });
  }
  for (const key of [...pages.keys()]) if (key.startsWith(`${remote}/`)) pages.delete(key);
}

/**
 * Loads an exposed page, retrying transient failures with backoff (300 ms, 1.2 s).
 * `fresh` is the retry button: it drops the cached failure and asks the remote again.
 * A refused (incompatible) release is not retried: it rejects with IncompatibleRemoteError.
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
      const delays = [300, 1200];
      for (let attempt = 0; ; attempt += 1) {
        try {
          return await importPage(remote, page);
        } catch (error) {
          const skew = incompatibility(remote);
          if (skew) throw skew;
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
