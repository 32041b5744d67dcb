#!/usr/bin/env node
// `npm test`: every check CI runs, with a summary at the end.
//   build; then two lanes: the API tests on the embedded engine in one, the other checks in the other (generated
//   files up to date → type-check and lint → formatting → portal unit tests → OpenAPI lint); then each lane takes
//   the next long step: API tests on a PostgreSQL server (when TEST_DATABASE_URL or DATABASE_URL is set), portal
//   browser tests in two parts (when a Chromium is found; required in CI), SDK tests, migrations check (server).
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { CrashedSuites } from './testing/crashed-suites.mjs';
import { JestFailures } from './testing/jest-failures.mjs';

// SYNC=off: every API the tests start (in process, or as `node dist/apps/api/main.js` for the SDK and the portal)
// keeps its sources to itself; the bundled ones name the operators' hosts, which no test may reach. A test that
// polls turns it on over a local source server.
// LRS_RUN_SEED_NAME: the steps that start built APIs from a seeded data directory (the browser tests' two parts)
// share one, seeded by whichever comes first (tools/testing/api-process.ts: seedDataDirectory); removed at the end.
const RUN_SEED_NAME = `lrs-run-seed-${process.pid}`;
const env = {
  ...process.env,
  NX_DAEMON: 'false',
  NX_NO_CLOUD: 'true',
  NX_TUI: 'false',
  SYNC: 'off',
  LRS_RUN_SEED_NAME: RUN_SEED_NAME,
};
const jestEnv = {
  ...env,
  NODE_OPTIONS: `${env.NODE_OPTIONS ?? ''} --experimental-vm-modules --no-warnings`.trim(),
};
const serverUrl = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
const chrome =
  process.env.CHROME_PATH ?? ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => existsSync(p));
const hasProject = (path) => existsSync(`${path}/project.json`);

/**
 * What every test step needs, first: the build (the API specs that start `dist/apps/api/main.js`, the portal's and
 * the SDK's tests; the generated files' check writes the OpenAPI document with dist/'s generator).
 */
const buildSteps = [{ name: 'build', cmd: ['npx', 'nx', 'run-many', '-t', 'build', '--outputStyle=static'] }];

/**
 * The checks that nothing waits for: in the second lane while the first runs the embedded API pass (one after the
 * other before it, they left one core nearly idle for a minute or two).
 */
const checkSteps = [
  hasProject('libs/sdk') && {
    name: 'generated OpenAPI document and SDK are up to date',
    cmd: ['node', 'tools/check-generated.mjs', '--built'],
  },
  {
    name: 'type-check and lint',
    cmd: ['npx', 'nx', 'run-many', '-t', 'typecheck', 'lint', '--outputStyle=static'],
  },
  { name: 'formatting (Prettier)', cmd: ['npx', 'prettier', '--check', '.', '--log-level=warn'] },
  hasProject('apps/portal') && {
    name: 'portal unit tests (vitest)',
    cmd: ['npx', 'vitest', 'run', '-c', 'apps/portal/vitest.config.ts'],
  },
  // redocly.yaml: Redocly's recommended rules, warnings raised to errors (a warning fails the step too).
  hasProject('libs/sdk') && {
    name: 'OpenAPI document lint-clean (Redocly recommended)',
    cmd: ['npx', 'redocly', 'lint', 'libs/sdk/openapi.json', '--format=stylish'],
    // No telemetry and no update check: neither may reach a host outside the machine.
    env: { ...env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
  },
].filter(Boolean);

/**
 * Then the long steps, two at a time: a test process waits much of the time (on its apps, a PostgreSQL server's
 * processes, timers, the browser), so two side by side on two cores take well under the time of one after the
 * other. Each of two lanes takes the next step from this list as soon as its previous one ends, longest first, so
 * that both lanes end about together whatever the machine (the embedded pass runs every HTTP spec and takes about
 * as long as all the rest). The first lane starts with the embedded pass while the second runs the checks.
 */
const portal = hasProject('apps/portal') && (chrome || process.env.CI);
// The build step has just built the portal: both parts use that bundle (neither rebuilds it under the other).
const portalEnv = { ...jestEnv, CHROME_PATH: chrome ?? '', PORTAL_E2E_SKIP_BUILD: '1' };
/**
 * About two fifths of the browser specs' time: the portal's two parts let the lanes even out (the first lane's
 * embedded pass ends well after the second lane's checks and server pass).
 */
const PORTAL_PART_1 =
  'e2e/(session-expiry|number-stats|draws|try-it|try-it-agents|check-numbers|sync|account-email|webhooks-edit|webhooks)\\.e2e\\.ts$';

/**
 * The API passes run their HTTP specs several to a Jest file (apps/api/test/support/spec-groups.cjs): the app's
 * modules then load once a group instead of once a file (about 2 s of CPU each).
 */
const apiPassEnv = { FUZZ_RUNS: '250', ...jestEnv, LRS_TEST_GROUPS: '1' };

const longSteps = [
  {
    name: 'API tests (embedded PostgreSQL)',
    cmd: ['npx', 'jest', '-c', 'apps/api/jest.config.cjs'],
    retryCrashedFiles: true,
    // 250 fuzz cases per route in each pass, each with its own random seed: 500 per route in all (`npm run
    // test:fuzz` runs 1,000 on one engine).
    env: { ...apiPassEnv, TEST_ENGINE: 'embedded', DATABASE_URL: '' },
  },
  serverUrl && {
    name: 'API tests (PostgreSQL server)',
    cmd: ['npx', 'jest', '-c', 'apps/api/jest.config.cjs'],
    retryCrashedFiles: true,
    env: { ...apiPassEnv, TEST_ENGINE: 'server', TEST_DATABASE_URL: serverUrl },
  },
  portal && {
    name: 'portal browser tests, part 2 (Chromium)',
    cmd: ['npx', 'jest', '-c', 'apps/portal/jest.e2e.config.cjs', '--testPathIgnorePatterns', PORTAL_PART_1],
    env: portalEnv,
  },
  portal && {
    name: 'portal browser tests, part 1 (Chromium)',
    cmd: ['npx', 'jest', '-c', 'apps/portal/jest.e2e.config.cjs', PORTAL_PART_1],
    env: portalEnv,
  },
  hasProject('libs/sdk') && {
    name: 'SDK tests (live API)',
    cmd: ['npx', 'jest', '-c', 'libs/sdk/jest.config.cjs'],
    env: jestEnv,
  },
  serverUrl && {
    name: 'migrations match the entities',
    cmd: ['node', 'tools/check-migrations.mjs'],
    env: { ...env, TEST_DATABASE_URL: serverUrl },
  },
].filter(Boolean);

if (!serverUrl)
  console.log('Note: DATABASE_URL/TEST_DATABASE_URL unset: the API tests run on the embedded engine only.');
if (hasProject('apps/portal') && !chrome && !process.env.CI)
  console.log('Note: no Chromium found: portal browser tests skipped (set CHROME_PATH).');

const results = [];

/**
 * The CPU time of this process's children that have ended (Linux: /proc/self/stat's cutime + cstime, in seconds; the
 * kernel adds a child's own and its waited-for descendants' time when it is reaped). Read as each step's process
 * ends, the difference since the last read is that step's CPU time, unless the other lane's step ended in the same
 * moment (then one line carries both). Processes that leave the step's tree before they end are not in it: the
 * browser parts' Chromium renderers, about half of what those steps cost. Undefined elsewhere.
 */
// Linux reports these fields in USER_HZ, which is 100 on every architecture Node.js runs on.
const CLOCK_TICKS_PER_SECOND = 100;
function endedChildrenCpuSeconds() {
  try {
    // The command name (field 2) may hold spaces: count the fields after its closing parenthesis.
    const stat = readFileSync('/proc/self/stat', 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[13]) + Number(fields[14])) / CLOCK_TICKS_PER_SECOND;
  } catch {
    return undefined;
  }
}
let cpuSecondsRead = endedChildrenCpuSeconds();
/** CPU seconds of the children that ended since the last call. */
function cpuSecondsSinceLastRead() {
  const now = endedChildrenCpuSeconds();
  const spent = now === undefined || cpuSecondsRead === undefined ? undefined : now - cpuSecondsRead;
  cpuSecondsRead = now;
  return spent;
}
/** Failed tests, named again at the very end (CI shows only the last lines of the output). */
const failedTests = [];

/** Runs one command of a step; `onLine` sees its output lines. Resolves to whether it exited 0. */
function runCommand(cmd, stepEnv, prefix, cpu, onLine) {
  const say = (line) => process.stdout.write(`${prefix}${line}\n`);
  return new Promise((resolve) => {
    const child = spawn(cmd[0], cmd.slice(1), {
      stdio: ['ignore', prefix ? 'pipe' : 'inherit', prefix ? 'pipe' : 'inherit'],
      env: stepEnv ?? env,
    });
    if (prefix)
      for (const stream of [child.stdout, child.stderr])
        createInterface({ input: stream, crlfDelay: Infinity }).on('line', (line) => {
          onLine?.(line);
          say(line);
        });
    child.on('close', (code) => {
      cpu.seconds += cpuSecondsSinceLastRead() ?? Number.NaN;
      resolve(code === 0);
    });
  });
}

/**
 * Runs one step; its output lines carry `prefix` (lanes run side by side). Resolves to whether it passed.
 * A Jest step whose only failures are test files whose worker process was killed (`retryCrashedFiles`: see
 * testing/crashed-suites.mjs) runs those files once more, and passes only if they do; the summary names them.
 */
async function run(step, prefix = '') {
  const say = (line) => process.stdout.write(`${prefix}${line}\n`);
  say('');
  say(`=== ${step.name} ===`);
  const started = Date.now();
  const crashes = new CrashedSuites();
  const failures = new JestFailures();
  const cpu = { seconds: 0 };
  let ok = await runCommand(step.cmd, step.env, prefix, cpu, (line) => {
    crashes.read(line);
    failures.read(line);
  });
  let rerun = '';
  if (!ok && step.retryCrashedFiles && crashes.onlyCrashes) {
    const files = [...crashes.crashed];
    say(
      `=== ${step.name}: every failure was a worker killed by a signal; running ${files.join(', ')} again ===`,
    );
    ok = await runCommand([...step.cmd, ...files], step.env, prefix, cpu);
    rerun = `; ${files.length} file${files.length > 1 ? 's' : ''} run again after a worker crash: ${files.join(', ')}`;
  }
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  const cost = Number.isNaN(cpu.seconds) ? `${seconds} s` : `${seconds} s, ${cpu.seconds.toFixed(0)} CPU-s`;
  say(`=== ${ok ? 'ok' : 'FAILED'}: ${step.name} (${cost}${rerun}) ===`);
  results.push(`${ok ? 'ok    ' : 'FAILED'} ${step.name} (${cost}${rerun})`);
  if (!ok) failedTests.push(...failures.failures.map((failure) => `${step.name}: ${failure}`));
  return ok;
}

/** The run's seeded data directory, wherever the data directory root is (tools/testing/data-directory-root.ts). */
const removeRunSeed = () => {
  for (const root of ['/dev/shm', tmpdir()])
    rmSync(join(root, RUN_SEED_NAME), { recursive: true, force: true });
};

let failed = 0;
// One left by an earlier run that was killed under the same process id would be an older bundle.
removeRunSeed();
for (const step of buildSteps) if (!(await run(step))) failed += 1;
// The embedded pass is the longest step: the first lane takes it at once, the second runs the checks beside it.
const queue = [...longSteps];
/** Runs long steps from the queue until none is left; resolves to how many failed. */
async function takeLongSteps(prefix) {
  let laneFailed = 0;
  while (queue.length) if (!(await run(queue.shift(), prefix))) laneFailed += 1;
  return laneFailed;
}
async function runChecks(prefix) {
  let checksFailed = 0;
  for (const step of checkSteps) if (!(await run(step, prefix))) checksFailed += 1;
  return checksFailed;
}
const laneResults = await Promise.all([
  takeLongSteps('[1] '),
  runChecks('[2] ').then(async (checksFailed) => checksFailed + (await takeLongSteps('[2] '))),
]);
failed += laneResults.reduce((a, b) => a + b, 0);
removeRunSeed();
console.log(`\n${results.join('\n')}`);
if (failedTests.length) {
  const shown = failedTests.slice(0, 12);
  console.log(`\nfailed tests (${failedTests.length}):\n${shown.join('\n')}`);
  if (failedTests.length > shown.length)
    console.log(`… and ${failedTests.length - shown.length} more (see above)`);
}
console.log(`test steps: ${results.length - failed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
