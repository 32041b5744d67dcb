const { existsSync, readFileSync, readdirSync } = require('node:fs');
const { basename, join } = require('node:path');

/**
 * Which HTTP specs each API pass runs, and how `npm test` runs them: several to a Jest file (test/groups/), so that
 * they share one module registry. Jest gives every test file a registry of its own, and loading the app's modules
 * into one (NestJS, TypeORM, Fastify, the MCP SDK, ours) costs about 2 s of CPU a file; run together, the specs
 * load them once a group. Each spec still runs in a describe block of its own (named by its file), with its own
 * hooks, apps and data, and runs alone as before when named on the command line.
 */

const TEST_DIR = join(__dirname, '..');

/**
 * The HTTP specs the server pass runs besides test/server-engine/: those whose outcome the engine can change —
 * migrations, seeding and start-up on a server, writes and their locks, several instances or connections at once,
 * usage counted in the database, list and export queries (sorting and matching follow the server's collation), and
 * random input reaching SQL. Every other HTTP spec (the contract's answers, guards, headers, logs, settings,
 * outbound policy, answers served from memory) runs in the embedded pass only: the same SQL behind it is exercised
 * there by the engine-dependent specs.
 */
const ENGINE_DEPENDENT = [
  'admin-accounts',
  'admin-draws-list',
  'admin-lotteries',
  'caixa-contest-sources-migration',
  'change-feed',
  'changes',
  'cold-token-burst',
  'draw-data-migrations',
  'draws-bundled-data',
  'email-verification-migration',
  'export',
  'failures',
  'first-start',
  'fuzz',
  'given-up-import',
  'hostile-input',
  'import',
  'ingestion',
  'last-admin',
  'metered-access',
  'multi-instance',
  'operator-sources-migration',
  'operator-terms-migration',
  'prize-structures-migration',
  'restart-warm-up',
  'rounds-and-prizes-migrations',
  'route-cost',
  'shutdown',
  'startup',
  // Draws written from several answers of one source in one sync (catch-up), in draw order.
  'sync-catch-up',
];

/** Specs that keep a Jest file of their own: cli.spec replaces process.env while it runs the CLI in-process. */
const ALONE = ['cli'];

/** Groups per pass (test/groups/group-NN.spec.ts): a few specs each, so that a worker's heap stays small. */
const GROUP_COUNT = 10;

const specsIn = (dir) =>
  readdirSync(dir)
    .filter((name) => name.endsWith('.spec.ts'))
    .sort()
    .map((name) => join(dir, name));

/** Spec files under test/ outside the folders a pass runs (test/, test/server-engine/, test/groups/). */
function strayedSpecs(dir = TEST_DIR) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (!entry.isDirectory() || entry.name === 'node_modules') return [];
    const path = join(dir, entry.name);
    const known = dir === TEST_DIR && ['server-engine', 'groups'].includes(entry.name);
    return [...(known ? [] : specsIn(path)), ...strayedSpecs(path)];
  });
}

/** A spec that no pass would run must not go unnoticed. */
function checkLayout() {
  const strayed = strayedSpecs();
  if (strayed.length)
    throw new Error(`No test pass runs ${strayed.join(', ')}: HTTP specs go in test/ or test/server-engine/`);
  const missing = ENGINE_DEPENDENT.filter((name) => !existsSync(join(TEST_DIR, `${name}.spec.ts`)));
  if (missing.length)
    throw new Error(`ENGINE_DEPENDENT names specs that do not exist: ${missing.join(', ')}`);
  const groupFiles = specsIn(join(TEST_DIR, 'groups')).length;
  if (groupFiles !== GROUP_COUNT)
    throw new Error(`test/groups/ holds ${groupFiles} group files; GROUP_COUNT is ${GROUP_COUNT}`);
}

/** The HTTP specs of a pass: test/ on the embedded engine; on a server, test/server-engine/ and ENGINE_DEPENDENT. */
function httpSpecs(engine) {
  checkLayout();
  const top = specsIn(TEST_DIR);
  if (engine !== 'server') return top;
  return [
    ...top.filter((path) => ENGINE_DEPENDENT.includes(basename(path, '.spec.ts'))),
    ...specsIn(join(TEST_DIR, 'server-engine')),
  ];
}

const isAlone = (path) => ALONE.includes(basename(path, '.spec.ts'));

/** The HTTP specs of a pass that keep a Jest file of their own. */
const aloneSpecs = (engine) => httpSpecs(engine).filter(isAlone);

/** Specs that take the file's shared app (test-set-ups.ts: withSharedApp and the fixtures built on it). */
const takesSharedApp = (path) => /\bwithShared(App|Admin|TokenHolder)\(/.test(readFileSync(path, 'utf8'));

/**
 * The HTTP specs of a pass that run in group `group` (1…GROUP_COUNT): those that take the shared app all in group 1,
 * where one app serves them all; the others dealt out in turn by file name (over groups 1…GROUP_COUNT when no spec
 * of the pass takes the shared app).
 */
function groupMembers(group, engine) {
  const specs = httpSpecs(engine).filter((path) => !isAlone(path));
  const sharing = specs.filter(takesSharedApp);
  const others = specs.filter((path) => !takesSharedApp(path));
  if (!sharing.length) return others.filter((_, index) => index % GROUP_COUNT === group - 1);
  if (group === 1) return sharing;
  return others.filter((_, index) => index % (GROUP_COUNT - 1) === group - 2);
}

module.exports = { GROUP_COUNT, aloneSpecs, groupMembers, httpSpecs };
