import { screen, within } from '@testing-library/react';
import { renderPage } from '@app/shared/testing';
import AboutPage from './AboutPage';
import { resetAppState } from '../testing/fixtures';

const manifest = (name: string, version: string, time?: string, shared: Record<string, string> = {}) => ({
  metaData: {
    buildInfo: { buildName: name, buildVersion: version, buildTime: time, buildId: `${version}-abc` },
  },
  shared: Object.entries(shared).map(([n, v]) => ({ name: n, version: v, requiredVersion: `^${v}` })),
});

function answer(answers: Record<string, unknown>) {
  const fetchMock = jest.fn((url: string) => {
    const body = answers[url];
    return Promise.resolve({
      ok: body !== undefined,
      status: body ? 200 : 404,
      json: () => Promise.resolve(body),
    });
  });
  global.fetch = fetchMock as unknown as typeof fetch;
}

const realFetch = global.fetch;
beforeEach(() => resetAppState());
afterEach(() => {
  global.fetch = realFetch;
});

describe('AboutPage', () => {
  it("shows the host's and each remote's version and build time from their manifests", async () => {
    const answers: Record<string, unknown> = {
      '/remotes.json': {
        markets: 'http://m.test/mf-manifest.json',
        trading: 'http://t.test/mf-manifest.json',
        wallet: 'http://w.test/mf-manifest.json',
        otc: 'http://o.test/mf-manifest.json',
      },
      'http://localhost/mf-manifest.json': manifest('host', '0.1.0', '2026-11-22T09:00:00.000Z'),
      'http://m.test/mf-manifest.json': manifest('remote-markets', '0.2.0', '2026-11-21T08:00:00.000Z'),
      'http://w.test/mf-manifest.json': manifest('remote-wallet', '0.1.5'),
      'http://o.test/mf-manifest.json': manifest('remote-otc', '0.1.0', '2026-11-22T09:10:00.000Z'),
    };
    const fetchMock = jest.fn((url: string) => {
      const body = answers[url];
      return Promise.resolve({
        ok: body !== undefined,
        status: body ? 200 : 404,
        json: () => Promise.resolve(body),
      });
    });
    global.fetch = fetchMock as unknown as typeof fetch;
    renderPage(<AboutPage />, { url: '/about' });
    const builds = await screen.findByRole('list', { name: 'Builds' });
    expect(within(builds).getByTestId('build-host')).toHaveTextContent('host, version 0.1.0');
    expect(within(builds).getByTestId('build-host')).toHaveTextContent('Built 2026-11-22 17:00 UTC+8');
    expect(within(builds).getByTestId('build-markets')).toHaveTextContent('markets, version 0.2.0');
    expect(within(builds).getByTestId('build-markets')).toHaveTextContent('Build 0.2.0-abc');
    expect(within(builds).getByTestId('build-wallet')).toHaveTextContent('Built unknown');
    expect(within(builds).getByTestId('build-trading')).toHaveTextContent('Not reachable');
    expect(within(builds).getByTestId('build-trading')).toHaveTextContent('Offline');
    expect(within(builds).getByTestId('build-otc')).toHaveTextContent('otc, version 0.1.0');
  });

  it('reads a malformed manifest as far as it is valid, and one that is no object as not reachable', async () => {
    answer({
      '/remotes.json': {
        markets: 'http://m.test/mf-manifest.json',
        wallet: 'http://w.test/mf-manifest.json',
      },
      'http://localhost/mf-manifest.json': manifest('host', '0.1.0'),
      // `shared` is no list and the build time no text: the version is still read.
      'http://m.test/mf-manifest.json': {
        metaData: { buildInfo: { buildName: 'remote-markets', buildVersion: '0.2.0', buildTime: 7 } },
        shared: 'react',
      },
      'http://w.test/mf-manifest.json': ['not', 'a', 'manifest'],
    });
    renderPage(<AboutPage />, { url: '/about' });
    const builds = await screen.findByRole('list', { name: 'Builds' });
    expect(within(builds).getByTestId('build-markets')).toHaveTextContent('markets, version 0.2.0');
    expect(within(builds).getByTestId('build-markets')).toHaveTextContent('Built unknown');
    expect(within(builds).getByTestId('build-wallet')).toHaveTextContent('Not reachable');
  });

  it('shows the live release and the shared versions, and marks a remote behind the host', async () => {
    const host = {
      react: '19.3.1',
      'react-dom/client': '19.3.1',
      '@app/shared': '0.2.0',
      '@mui/material/Box': '9.5.0',
    };
    answer({
      '/remotes.json': {
        markets: 'http://m.test/mf-manifest.json',
        wallet: 'http://w.test/0.1.0-abc/mf-manifest.json',
        otc: 'http://o.test/0.1.0-abc/mf-manifest.json',
      },
      'http://localhost/mf-manifest.json': manifest('host', '0.2.0', undefined, host),
      // Same versions as the host: not behind.
      'http://m.test/mf-manifest.json': manifest('remote-markets', '0.2.0', undefined, host),
      // Built against an older @app/shared.
      'http://w.test/0.1.0-abc/mf-manifest.json': manifest('remote-wallet', '0.1.0', undefined, {
        ...host,
        '@app/shared': '0.1.0',
      }),
      'http://w.test/releases.json': { live: '0.1.0-abc', releases: [{ release: '0.1.0-abc' }] },
      // Rolled back: a newer release exists.
      'http://o.test/0.1.0-abc/mf-manifest.json': manifest('remote-otc', '0.1.0', undefined, host),
      'http://o.test/releases.json': {
        live: '0.1.0-abc',
        releases: [{ release: '0.1.0-abc' }, { release: '0.1.0-e2e1' }],
      },
    });
    renderPage(<AboutPage />, { url: '/about' });
    const builds = await screen.findByRole('list', { name: 'Builds' });
    const markets = within(builds).getByTestId('build-markets');
    expect(markets).toHaveTextContent('Release 0.2.0-abc');
    expect(markets).toHaveTextContent(
      'Built with @app/shared 0.2.0, @mui/material 9.5.0, react 19.3.1, react-dom 19.3.1',
    );
    expect(markets).not.toHaveTextContent('Behind');
    const wallet = within(builds).getByTestId('build-wallet');
    expect(wallet).toHaveTextContent('Behind');
    expect(wallet).toHaveTextContent('Built against @app/shared 0.1.0; the app provides 0.2.0');
    const otc = within(builds).getByTestId('build-otc');
    expect(otc).toHaveTextContent('Behind');
    expect(otc).toHaveTextContent('A newer release, 0.1.0-e2e1, is not live');
    expect(otc).not.toHaveTextContent('Built against');
  });
});
