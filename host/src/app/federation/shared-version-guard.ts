// Refuses a remote whose manifest needs shared versions the host does not provide (skew.ts),
// before any of its code runs. The runtime wraps errors thrown by plugins, so the refusal is
// also remembered by remote name for the fallback to tell "incompatible" from "unreachable".
import { getInstance, type ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { IncompatibleRemoteError, skewOf, type ManifestShared } from '../skew';

const refused = new Map<string, IncompatibleRemoteError>();

/** The host refused the release of this remote it last read (its shared versions do not match). */
export function refusal(remote: string): IncompatibleRemoteError | undefined {
  return refused.get(remote);
}

/** Forget a refusal (a new release is live, or the user retries). */
export function forgetRefusal(remote: string): void {
  refused.delete(remote);
}

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

export function sharedVersionGuard(): ModuleFederationRuntimePlugin {
  return {
    name: 'shared-version-guard',
    loadRemoteSnapshot(args) {
      const shared = (args.manifestJson?.shared ?? []) as ManifestShared[];
      const problems = skewOf(shared, hostSharedVersions());
      if (!problems.length) return args;
      const error = new IncompatibleRemoteError(args.moduleInfo.name, problems);
      refused.set(args.moduleInfo.name, error);
      console.error(`[host] ${error.message}`);
      throw error;
    },
  };
}
