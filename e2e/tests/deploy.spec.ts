// Independent deploys (scripts/deploy.mjs, README "Deploying a remote"): a remote is released into
// an immutable folder, switched live in remotes.json while the app runs and rolled back; a release
// the live host cannot satisfy is refused by the deploy command, and refused by the host at run time.
// These tests use the e2e's own remotes.json and release root (RELEASES_DIR under the run folder).
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { test, expect, softNavigate } from './fixtures';
import { tr } from './catalog';
import { baseURL, releasesDir, remoteOrigin, remotesFile, repoRoot } from '../env';
import { writeRemotes } from '../global-setup';

const otcDist = path.join(repoRoot, 'remote-otc', 'dist');

interface Manifest {
  metaData: { buildInfo: { buildVersion: string; buildId: string; buildTime: string } };
  shared: { name: string; version: string; requiredVersion: string }[];
}

const readManifest = (dir: string): Manifest =>
  JSON.parse(fs.readFileSync(path.join(dir, 'mf-manifest.json'), 'utf8')) as Manifest;

/** `pnpm --filter remote-otc run <script> [args]`, as the README shows it, on the e2e's files. */
function otc(
  script: 'deploy' | 'rollback' | 'releases',
  args: string[] = [],
  env: Record<string, string> = {},
) {
  const result = spawnSync('pnpm', ['--silent', '--filter', 'remote-otc', 'run', script, ...args], {
    cwd: repoRoot,
    encoding: 'utf8',
    env: {
      ...process.env,
      RELEASES_DIR: releasesDir,
      REMOTES_FILE: remotesFile,
      OTC_URL: remoteOrigin('otc'),
      HOST_URL: baseURL,
      ...env,
    },
  });
  return { status: result.status, output: `${result.stdout}\n${result.stderr}` };
}

const liveOtc = () => (JSON.parse(fs.readFileSync(remotesFile, 'utf8')) as Record<string, string>).otc;

/** A copy of a release with another build id and, optionally, a patched shared list. */
function copyRelease(from: string, to: string, buildId: string, patch?: (m: Manifest) => void): void {
  fs.rmSync(to, { recursive: true, force: true });
  fs.cpSync(from, to, { recursive: true });
  const manifest = readManifest(to);
  manifest.metaData.buildInfo.buildId = buildId;
  patch?.(manifest);
  fs.writeFileSync(path.join(to, 'mf-manifest.json'), JSON.stringify(manifest));
}

const requireReact18 = (m: Manifest) => {
  for (const s of m.shared)
    if (s.name === 'react' || s.name.startsWith('react/'))
      Object.assign(s, { version: '18.3.1', requiredVersion: '^18.3.1' });
};

test.describe.configure({ mode: 'serial' });

test.beforeAll(() => {
  fs.rmSync(releasesDir, { recursive: true, force: true });
  writeRemotes();
});
test.afterAll(() => writeRemotes());

test('a new release of a remote goes live while its page is open, then rolls back, with no host reload', async ({
  page,
}) => {
  test.setTimeout(300_000);
  // The current build is the first release.
  const first = readManifest(otcDist).metaData.buildInfo;
  const firstRelease = first.buildId.startsWith(`${first.buildVersion}-`)
    ? first.buildId
    : `${first.buildVersion}-${first.buildId}`;
  const deployed = otc('deploy', ['--no-build']);
  expect(deployed.status, deployed.output).toBe(0);
  expect(liveOtc()).toBe(`${remoteOrigin('otc')}/${firstRelease}/mf-manifest.json`);
  // Releases are immutable: everything in the folder is cached for good.
  const head = await page.request.get(`${remoteOrigin('otc')}/${firstRelease}/mf-manifest.json`);
  expect(head.headers()['cache-control']).toBe('public, max-age=31536000, immutable');

  await page.goto('/about');
  const otcRow = page.getByRole('list', { name: 'Builds' }).getByTestId('build-otc');
  await expect(otcRow).toContainText(`Release ${firstRelease}`);
  await expect(page.getByTestId('otc-build')).toContainText(`build ${first.buildId}`);
  const marker = await page.evaluate(
    () => ((window as unknown as { __marker: number }).__marker = Math.random()),
  );

  // A new build of remote-otc, released and switched live while /about is open.
  const buildId = `e2e-${Date.now().toString(36)}`;
  const second = otc('deploy', [], { BUILD_ID: buildId });
  expect(second.status, second.output).toBe(0);
  const secondRelease = `${first.buildVersion}-${buildId}`;
  expect(liveOtc()).toBe(`${remoteOrigin('otc')}/${secondRelease}/mf-manifest.json`);
  expect(fs.existsSync(path.join(releasesDir, 'otc', firstRelease, 'mf-manifest.json'))).toBe(true);

  // Navigating inside the app (no reload) shows the new release's code.
  await expect(async () => {
    await softNavigate(page, '/help');
    await expect(page.locator('[data-page="otc/HelpPage"]')).toBeAttached();
    await softNavigate(page, '/about');
    await expect(page.getByTestId('otc-build')).toContainText(`build ${buildId}`, { timeout: 2000 });
  }).toPass({ timeout: 30_000 });
  await expect(otcRow).toContainText(`Release ${secondRelease}`);
  await expect(otcRow).not.toContainText('Behind');

  const listed = otc('releases');
  expect(listed.output).toContain(`* ${secondRelease}`);
  expect(listed.output).toContain(`  ${firstRelease}`);

  // Rolled back: the first release again, marked as behind (a newer release exists).
  const rolledBack = otc('rollback');
  expect(rolledBack.status, rolledBack.output).toBe(0);
  expect(liveOtc()).toBe(`${remoteOrigin('otc')}/${firstRelease}/mf-manifest.json`);
  await expect(async () => {
    await softNavigate(page, '/help');
    await expect(page.locator('[data-page="otc/HelpPage"]')).toBeAttached();
    await softNavigate(page, '/about');
    await expect(page.getByTestId('otc-build')).toContainText(`build ${first.buildId}`, { timeout: 2000 });
  }).toPass({ timeout: 30_000 });
  await expect(otcRow).toContainText(`Release ${firstRelease}`);
  await expect(otcRow).toContainText('Behind');
  await expect(otcRow).toContainText(`A newer release, ${secondRelease}, is not live`);
  expect(await page.evaluate(() => (window as unknown as { __marker: number }).__marker)).toBe(marker);
});

test('a release built against shared versions the live host does not provide is refused by the deploy command', () => {
  const live = liveOtc();
  const source = path.join(path.dirname(releasesDir), 'skewed-otc');
  copyRelease(otcDist, source, 'e2e-react18', requireReact18);
  const refused = otc('deploy', ['--from', source]);
  expect(refused.status).not.toBe(0);
  expect(refused.output).toContain('refused');
  expect(refused.output).toContain('react: the remote requires ^18.3.1, the live host provides 19.');
  // Nothing changed: the live entry, and no release folder was made.
  expect(liveOtc()).toBe(live);
  expect(fs.existsSync(path.join(releasesDir, 'otc', '0.1.0-e2e-react18'))).toBe(false);
});

test('the host refuses a live entry pointing at an incompatible release: its routes show a translated error, others work', async ({
  page,
}) => {
  // Pointed at by hand (not through the deploy command, which refuses it).
  const release = `${readManifest(otcDist).metaData.buildInfo.buildVersion}-e2e-skew`;
  copyRelease(otcDist, path.join(releasesDir, 'otc', release), 'e2e-skew', requireReact18);
  writeRemotes({ otc: `${remoteOrigin('otc')}/${release}/mf-manifest.json` });
  const fromRelease: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes(`/${release}/`)) fromRelease.push(new URL(r.url()).pathname);
  });

  const english =
    'This part of the app is being updated and does not match this version of the app yet. Please try again later.';
  await page.goto('/about');
  await expect(page.getByRole('alert')).toContainText(english);
  await softNavigate(page, '/');
  await expect(page.locator('[data-page="markets/HomePage"]')).toBeAttached();
  await softNavigate(page, '/help');
  await expect(page.getByRole('alert')).toContainText('does not match this version of the app');
  // Only the manifest was read: none of the release's code ran.
  expect(fromRelease).toEqual([`/${release}/mf-manifest.json`]);

  // In another language, the same error, translated.
  await page.evaluate(() => {
    localStorage.setItem('lang', 'zh');
    localStorage.setItem('locale', 'zh');
  });
  await page.goto('/about');
  await expect(page.getByRole('alert')).toContainText(tr('zh', 'host', english));
});
