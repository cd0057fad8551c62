// The host's remote loading (./remotes.ts) for the federation-free "floor" build of
// scripts/bench-floor.mjs: the same exports, but a page is a plain dynamic import of the remote's
// source (one chunk per page, as webpack splits any lazy route), with no federation runtime, no
// remote entry and no manifest. Measurement only: this build is never served to users.
import type { ComponentType } from 'react';
import { REMOTES, type RemoteName } from '@app/shared';

export type RemoteManifestMap = Partial<Record<RemoteName, string>>;

interface PageModule {
  default: ComponentType;
}

const pages = new Map<string, Promise<ComponentType>>();

/** Every remote is "registered": there is nothing to fetch. */
export function loadRemoteManifests(): Promise<RemoteManifestMap> {
  return Promise.resolve(Object.fromEntries(REMOTES.map((name) => [name, 'floor'])));
}

export function remoteManifestUrl(): string | undefined {
  return undefined;
}

export function loadPage(remote: RemoteName, page: string): Promise<ComponentType> {
  const key = `${remote}/${page}`;
  let pending = pages.get(key);
  if (!pending) {
    pending = (
      import(
        /* webpackExclude: /\.test\.tsx$/ */
        `../../../remote-${remote}/src/pages/${page}.tsx`
      ) as Promise<PageModule>
    ).then((mod) => mod.default);
    pending.catch(() => pages.delete(key));
    pages.set(key, pending);
  }
  return pending;
}
