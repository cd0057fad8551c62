import { IncompatibleRemoteError, skewOf } from './skew';

const host = { react: '19.3.1', 'react-dom': '19.3.1', '@app/shared': '0.2.0' };

describe('skewOf', () => {
  it('accepts a remote whose required ranges the host satisfies', () => {
    expect(
      skewOf(
        [
          { name: 'react', version: '19.1.0', requiredVersion: '^19.1.0' },
          { name: '@app/shared', version: '0.2.0', requiredVersion: '^0.2.0' },
          // Not provided by the host: the remote brings its own, no skew.
          { name: 'left-pad', version: '1.0.0', requiredVersion: '^1.0.0' },
        ],
        host,
      ),
    ).toEqual([]);
  });

  it('names every shared module whose range the host misses, with both versions', () => {
    const problems = skewOf(
      [
        { name: 'react', version: '18.3.1', requiredVersion: '^18.3.1' },
        { name: 'react-dom', version: '19.3.1', requiredVersion: '^19.3.1' },
        { name: '@app/shared', version: '0.1.0', requiredVersion: '^0.1.0' },
      ],
      host,
    );
    expect(problems).toEqual([
      { name: 'react', requiredVersion: '^18.3.1', hostVersion: '19.3.1' },
      { name: '@app/shared', requiredVersion: '^0.1.0', hostVersion: '0.2.0' },
    ]);
    expect(new IncompatibleRemoteError('otc', problems).message).toBe(
      'remote otc needs react ^18.3.1 (host: 19.3.1), @app/shared ^0.1.0 (host: 0.2.0)',
    );
  });
});
