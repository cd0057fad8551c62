// Where the composed app runs during end-to-end tests: its own ports and its own fresh
// database, so a running demo (npm start) never interferes.
import path from 'node:path';
import os from 'node:os';

export const e2ePorts = {
  host: 18080,
  markets: 18081,
  trading: 18082,
  wallet: 18083,
  otc: 18084,
  server: 18090,
};
export const baseURL = `http://127.0.0.1:${e2ePorts.host}`;
export const serverURL = `http://127.0.0.1:${e2ePorts.server}`;
export const runDir = path.join(os.tmpdir(), 'trading-app-e2e');
export const appConfigFile = path.join(runDir, 'app-config.json');
export const remotesFile = path.join(runDir, 'remotes.json');
export const dbFile = path.join(runDir, 'e2e.db');
export const remoteOrigin = (name: 'markets' | 'trading' | 'wallet' | 'otc') =>
  `http://127.0.0.1:${e2ePorts[name]}`;
export const repoRoot = path.resolve(__dirname, '..');
