#!/usr/bin/env node
// Compiles the server for production: one CommonJS file per entry (the API server and the
// admin CLI) in dist/. Registry dependencies stay packages (better-sqlite3 is native);
// workspace packages (@app/contract, TypeScript sources) are compiled in. No tsx at run
// time: `node dist/main.cjs`. Types are checked by `tsc --noEmit` in the test command.
import { build } from 'esbuild';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const pkg = JSON.parse(fs.readFileSync(path.join(here, 'package.json'), 'utf8'));
const external = Object.entries({ ...pkg.dependencies, ...pkg.devDependencies })
  .filter(([, spec]) => !String(spec).startsWith('workspace:'))
  .flatMap(([name]) => [name, `${name}/*`]);

await build({
  absWorkingDir: here,
  entryPoints: { main: 'src/main.ts', admin: 'src/admin/cli.ts' },
  outdir: 'dist',
  outExtension: { '.js': '.cjs' },
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  external,
  sourcemap: true,
  logLevel: 'warning',
});
