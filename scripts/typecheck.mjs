#!/usr/bin/env node
// `npm run typecheck`: `tsc --noEmit` (strict) on every TypeScript project of the workspace, the
// same step as in `npm test` (scripts/test.mjs). Each project is checked with its own tsconfig:
// they are not composite projects, so there is no `tsc -b` build graph to run.
import { ensurePnpm, run } from './lib.mjs';

export const typecheckProjects = [
  'contract',
  'scripts/api-report',
  'shared',
  'host',
  'remote-markets',
  'remote-trading',
  'remote-wallet',
  'remote-otc',
  'server',
  'e2e',
];

export async function typecheck(pnpm) {
  for (const p of typecheckProjects) await run(pnpm, ['exec', 'tsc', '-p', p, '--noEmit']);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  typecheck(ensurePnpm()).catch((error) => {
    console.error(error.message);
    process.exit(1);
  });
}
