import { screen, within } from '@testing-library/react';
import { renderPage } from '@app/shared/testing';
import AboutPage from './AboutPage';
import { resetAppState } from '../testing/fixtures';

const manifest = (name: string, version: string, time?: string) => ({
  metaData: {
    buildInfo: { buildName: name, buildVersion: version, buildTime: time, buildId: `${version}-abc` },
  },
});

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
});
