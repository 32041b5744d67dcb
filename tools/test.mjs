#!/usr/bin/env node
// `npm test`: every check CI runs, in order, with a summary line at the end.
//   type-check and lint → generated files up to date → API tests on the embedded engine →
//   API tests on the PostgreSQL server (when TEST_DATABASE_URL or DATABASE_URL is set) → SDK tests → portal
//   browser tests (when a Chromium is found; required in CI).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const env = { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true', NX_TUI: 'false' };
const jestEnv = {
  ...env,
  NODE_OPTIONS: `${env.NODE_OPTIONS ?? ''} --experimental-vm-modules --no-warnings`.trim(),
};
const serverUrl = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
const chrome =
  process.env.CHROME_PATH ?? ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => existsSync(p));
const hasProject = (path) => existsSync(`${path}/project.json`);

const steps = [
  {
    name: 'type-check and lint',
    cmd: ['npx', 'nx', 'run-many', '-t', 'typecheck', 'lint', '--outputStyle=static'],
  },
  { name: 'build', cmd: ['npx', 'nx', 'run-many', '-t', 'build', '--outputStyle=static'] },
  hasProject('libs/sdk') && {
    name: 'generated OpenAPI document and SDK are up to date',
    cmd: ['node', 'tools/check-generated.mjs'],
  },
  {
    name: 'API tests (embedded PostgreSQL)',
    cmd: ['npx', 'jest', '-c', 'apps/api/jest.config.cjs'],
    env: { ...jestEnv, TEST_ENGINE: 'embedded', DATABASE_URL: '' },
  },
  serverUrl && {
    name: 'API tests (PostgreSQL server)',
    cmd: ['npx', 'jest', '-c', 'apps/api/jest.config.cjs'],
    env: { ...jestEnv, TEST_ENGINE: 'server', TEST_DATABASE_URL: serverUrl },
  },
  serverUrl && {
    name: 'migrations match the entities',
    cmd: ['node', 'tools/check-migrations.mjs'],
    env: { ...env, TEST_DATABASE_URL: serverUrl },
  },
  hasProject('libs/sdk') && {
    name: 'SDK tests (live API)',
    cmd: ['npx', 'jest', '-c', 'libs/sdk/jest.config.cjs'],
    env: jestEnv,
  },
  hasProject('apps/portal') &&
    (chrome || process.env.CI) && {
      name: 'portal browser tests (Chromium)',
      cmd: ['npx', 'jest', '-c', 'apps/portal/jest.e2e.config.cjs'],
      env: { ...jestEnv, CHROME_PATH: chrome ?? '' },
    },
].filter(Boolean);

if (!serverUrl)
  console.log('Note: DATABASE_URL/TEST_DATABASE_URL unset: the API tests run on the embedded engine only.');
if (hasProject('apps/portal') && !chrome && !process.env.CI)
  console.log('Note: no Chromium found: portal browser tests skipped (set CHROME_PATH).');

let passed = 0;
let failed = 0;
for (const step of steps) {
  console.log(`\n=== ${step.name} ===`);
  const started = Date.now();
  const result = spawnSync(step.cmd[0], step.cmd.slice(1), { stdio: 'inherit', env: step.env ?? env });
  const ok = result.status === 0;
  console.log(
    `=== ${ok ? 'ok' : 'FAILED'}: ${step.name} (${((Date.now() - started) / 1000).toFixed(1)} s) ===`,
  );
  if (ok) passed += 1;
  else failed += 1;
}
console.log(`\ntest steps: ${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
