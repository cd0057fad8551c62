import fs from 'node:fs';
import { appConfigFile, dbFile, remoteOrigin, remotesFile, runDir } from './env';

// Fresh run-time files for the host (read on every request, so tests may rewrite them).
export default function globalSetup(): void {
  fs.mkdirSync(runDir, { recursive: true });
  writeRemotes();
  writeAppConfig({ walletGate: true });
  void dbFile;
}

export function writeRemotes(overrides: Record<string, string> = {}): void {
  const remotes = {
    markets: `${remoteOrigin('markets')}/mf-manifest.json`,
    trading: `${remoteOrigin('trading')}/mf-manifest.json`,
    wallet: `${remoteOrigin('wallet')}/mf-manifest.json`,
    otc: `${remoteOrigin('otc')}/mf-manifest.json`,
    ...overrides,
  };
  fs.writeFileSync(remotesFile, JSON.stringify(remotes, null, 2));
}

export function writeAppConfig(config: { walletGate: boolean }): void {
  fs.writeFileSync(appConfigFile, JSON.stringify({ ...config, walletDownloadUrl: '/download' }, null, 2));
}
