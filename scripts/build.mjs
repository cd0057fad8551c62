#!/usr/bin/env node
// Builds everything the composed app serves: the API server (compiled to JavaScript),
// catalogues (failing on any missing translation), then the host and the four remotes,
// two at a time.
import path from 'node:path';
import { ensurePnpm, log, pool, root, run } from './lib.mjs';
import { compressDir } from './compress.mjs';

export async function build(pnpm = ensurePnpm()) {
  log('server: compile to server/dist (node runs JavaScript, not tsx)');
  await run(pnpm, ['--filter', 'server', 'build']);
  log('catalogues: extract and compile (fails on a missing translation)');
  await run(pnpm, ['exec', 'lingui', 'extract']);
  await run(pnpm, ['exec', 'lingui', 'compile', '--strict', '--typescript']);
  const apps = ['host', 'remote-markets', 'remote-trading', 'remote-wallet', 'remote-otc'];
  log(`webpack: ${apps.join(', ')}`);
  await pool(
    apps.map((app) => () => run(pnpm, ['--filter', app, 'build'])),
    2,
  );
  log('compress: .br and .gz beside every compressible file (served as they are)');
  for (const app of apps) compressDir(path.join(root, app, 'dist'));
  log('build done');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  build().catch((error) => {
    console.error(error.message);
    process.exit(1);
  });
}
