// Version skew between the host and a remote: the host provides every shared singleton (React,
// the router, jotai, Lingui, MUI, emotion, @app/shared...). A remote built for other versions
// would either run a second copy (two Reacts) or break on the host's; it is refused instead.
// The same rule as the deploy command's check (scripts/deploy.mjs, with the semver package).
import { satisfy } from '@module-federation/enhanced/runtime';

export interface ManifestShared {
  name: string;
  version?: string;
  requiredVersion?: string;
}

export interface SkewProblem {
  name: string;
  requiredVersion: string;
  hostVersion: string;
}

/** The shared modules of a remote's manifest whose required range the host's versions miss. */
export function skewOf(
  shared: readonly ManifestShared[],
  provided: Readonly<Record<string, string>>,
): SkewProblem[] {
  const problems: SkewProblem[] = [];
  for (const s of shared) {
    const hostVersion = provided[s.name];
    if (!hostVersion || !s.requiredVersion) continue;
    if (!satisfy(hostVersion, s.requiredVersion))
      problems.push({ name: s.name, requiredVersion: s.requiredVersion, hostVersion });
  }
  return problems;
}

/** Thrown (and remembered per remote) when the host refuses to compose a remote. */
export class IncompatibleRemoteError extends Error {
  constructor(
    readonly remote: string,
    readonly problems: SkewProblem[],
  ) {
    super(
      `remote ${remote} needs ${problems
        .map((p) => `${p.name} ${p.requiredVersion} (host: ${p.hostVersion})`)
        .join(', ')}`,
    );
    this.name = 'IncompatibleRemoteError';
  }
}
