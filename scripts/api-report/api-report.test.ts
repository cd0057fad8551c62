import { checkReport, contractSurface, requiredVersion, sharedSurface } from './report';

const update = process.env.UPDATE_API_REPORT === '1';

describe('the versions of what the host shares with the remotes', () => {
  it('steps a version by what changed (0.x: minor when removed or changed, patch when added)', () => {
    expect(requiredVersion('0.1.0', 0, 0)).toBe('0.1.0');
    expect(requiredVersion('0.1.3', 0, 2)).toBe('0.1.4');
    expect(requiredVersion('0.1.3', 1, 2)).toBe('0.2.0');
    expect(requiredVersion('1.4.2', 0, 1)).toBe('1.5.0');
    expect(requiredVersion('1.4.2', 1, 0)).toBe('2.0.0');
  });

  it('@app/contract: its routes, channels and error codes are the recorded ones at its version', async () => {
    checkReport({ dir: 'contract', surface: await contractSurface(), update });
  });

  // @app/shared bundles the contract (its API client parses answers with it), so a change of the
  // wire is a change of @app/shared too: its version is the one the remotes' manifests check.
  it('@app/shared: its exports and the contract it bundles are the recorded ones at its version', async () => {
    const contract = (await contractSurface()).map((line) => `contract ${line}`);
    checkReport({ dir: 'shared', surface: [...sharedSurface(), ...contract], update });
  });
});
