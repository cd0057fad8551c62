// Where the composed app runs during end-to-end tests: its own ports and its own fresh
// database, so a running demo (npm start) never interferes.
import path from 'node:path';
import os from 'node:os';

// E2E_PORT_BASE moves the whole set (and the run folder) so several checkouts can run at once.
const base = Number(process.env.E2E_PORT_BASE || 18080);
export const e2ePorts = {
  host: base,
  markets: base + 1,
  trading: base + 2,
  wallet: base + 3,
  otc: base + 4,
  server: base + 10,
};
export const baseURL = `http://127.0.0.1:${e2ePorts.host}`;
export const serverURL = `http://127.0.0.1:${e2ePorts.server}`;
export const runDir = path.join(os.tmpdir(), base === 18080 ? 'trading-app-e2e' : `trading-app-e2e-${base}`);
export const appConfigFile = path.join(runDir, 'app-config.json');
export const remotesFile = path.join(runDir, 'remotes.json');
export const dbFile = path.join(runDir, 'e2e.db');
/** Releases of the remotes (scripts/deploy.mjs), served by each remote's server. */
export const releasesDir = path.join(runDir, 'releases');
export const remoteOrigin = (name: 'markets' | 'trading' | 'wallet' | 'otc') =>
  `http://127.0.0.1:${e2ePorts[name]}`;
export const repoRoot = path.resolve(__dirname, '..');
