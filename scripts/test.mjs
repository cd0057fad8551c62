#!/usr/bin/env node
// `npm test`: every test of the project, in the order a failure is cheapest to find:
// format, lint, types, catalogues, unit + server (Jest), build, end to end (Playwright).
// Prints one closing line: "N passed, M failed".
import fs from 'node:fs';
import path from 'node:path';
import { ensureChromium, ensurePnpm, install, log, root, run } from './lib.mjs';
import { build } from './build.mjs';
import { ensurePostgres } from './with-postgres.mjs';
import { typecheck } from './typecheck.mjs';

function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

async function main() {
  // Before anything else: a missing browser or database must not be found after ten minutes of other steps.
  try {
    ensureChromium();
    ensurePostgres(log);
  } catch (error) {
    console.error(`\n${error.message}`);
    process.exit(1);
  }
  const pnpm = ensurePnpm();
  await install(pnpm);
  const out = path.join(root, '.run');
  fs.mkdirSync(out, { recursive: true });
  const jestJson = path.join(out, 'jest-results.json');
  const pgJson = path.join(out, 'jest-postgres-results.json');
  const e2eJson = path.join(out, 'e2e-results.json');
  for (const f of [jestJson, pgJson, e2eJson]) fs.rmSync(f, { force: true });

  let failure = null;
  const step = async (name, fn) => {
    if (failure) return;
    log(name);
    try {
      await fn();
    } catch (error) {
      failure = `${name}: ${error.message}`;
    }
  };

  await step('format (prettier --check)', () =>
    run(pnpm, ['exec', 'prettier', '--check', '.', '--log-level', 'warn']),
  );
  await step('lint (eslint)', () => run(pnpm, ['exec', 'eslint', '.', '--max-warnings=0']));
  await step('typecheck (tsc, strict)', async () => {
    await typecheck(pnpm);
  });
  await step('build (catalogues strict + webpack)', () => build(pnpm));
  await step('size budgets (JS before first render per route, scripts/budgets.json)', () =>
    run(process.execPath, ['scripts/check-budgets.mjs']),
  );
  await step('unit and server tests (jest)', () =>
    run(pnpm, ['exec', 'jest', '--ci', '--json', `--outputFile=${jestJson}`], { env: { TZ: 'UTC' } }),
  );
  // The server suite again on PostgreSQL (a throwaway cluster and Redis: scripts/with-postgres.mjs).
  await step('server tests on PostgreSQL (jest --selectProjects server)', () =>
    run(
      process.execPath,
      [
        'scripts/with-postgres.mjs',
        pnpm,
        'exec',
        'jest',
        '--ci',
        '--selectProjects',
        'server',
        '--json',
        `--outputFile=${pgJson}`,
      ],
      { env: { TZ: 'UTC' } },
    ),
  );
  await step('end to end (playwright, composed app, real server)', () =>
    run(pnpm, ['--filter', 'e2e', 'test'], { env: { PLAYWRIGHT_JSON_OUTPUT_NAME: e2eJson } }),
  );

  const jest = readJson(jestJson);
  const pg = readJson(pgJson);
  const e2e = readJson(e2eJson);
  // A flaky e2e test (failed, then passed on its one retry) counts as passed; the report lists it.
  const passed =
    (jest?.numPassedTests ?? 0) +
    (pg?.numPassedTests ?? 0) +
    (e2e?.stats?.expected ?? 0) +
    (e2e?.stats?.flaky ?? 0);
  const failed = (jest?.numFailedTests ?? 0) + (pg?.numFailedTests ?? 0) + (e2e?.stats?.unexpected ?? 0);
  if (failure) console.error(`\nFAILED at ${failure}`);
  console.log(`\n${passed} passed, ${failed + (failure && failed === 0 ? 1 : 0)} failed`);
  process.exit(failure ? 1 : 0);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
