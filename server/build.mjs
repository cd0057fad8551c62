#!/usr/bin/env node
// Compiles the server for production: one CommonJS file per entry (the API server and the
// admin CLI) in dist/, dependencies left as packages (better-sqlite3 is native). No tsx at
// run time: `node dist/main.cjs`. Types are checked by `tsc --noEmit` in the test command.
import { build } from 'esbuild';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));

await build({
  absWorkingDir: here,
  entryPoints: { main: 'src/main.ts', admin: 'src/admin/cli.ts' },
  outdir: 'dist',
  outExtension: { '.js': '.cjs' },
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
