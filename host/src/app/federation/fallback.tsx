// When a remote page cannot be loaded (retries spent, or the release refused), the runtime's
// errorLoadRemote hook answers with a fallback page: the route's translated error with a retry.
// Only that remote's routes fail; nothing is thrown into the host.
import type { ComponentType } from 'react';
import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { refusal } from './shared-version-guard';
import { IncompatibleRemote, RemoteUnavailable } from './RemoteUnavailable';

/** What loadRemote resolves to for an exposed page: the page, or this fallback. */
export interface PageModule {
  default: ComponentType;
  /** Set on the fallback: the page did not load (not to be cached). */
  failed?: true;
}

export function remoteFallback(): ModuleFederationRuntimePlugin {
  return {
    name: 'remote-fallback',
    errorLoadRemote({ id, error, lifecycle }) {
      if (lifecycle !== 'onLoad') return undefined;
      const remote = id.split('/')[0] ?? id;
      const refused = refusal(remote);
      if (!refused) console.error(`[host] ${id} could not be loaded`, error);
      const page: PageModule = {
        default: refused ? IncompatibleRemote : RemoteUnavailable,
        failed: true,
      };
      return page;
    },
  };
}
