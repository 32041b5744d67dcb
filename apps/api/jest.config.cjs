const { readdirSync, readFileSync } = require('node:fs');
const { join } = require('node:path');

/**
 * Unit specs live next to the code (src/**\/*.spec.ts); HTTP tests boot the real AppModule (test/**\/*.spec.ts).
 * test/server-engine/ needs a PostgreSQL server (several processes on one database): it runs in the server pass
 * (TEST_ENGINE=server, which `npm test` runs whenever DATABASE_URL or TEST_DATABASE_URL is set), with the HTTP specs
 * whose outcome the engine can change (ENGINE_DEPENDENT) and the unit specs that use a database; the embedded pass
 * runs everything else.
 * content-disposition (ESM-only, `require`d by @fastify/static) is compiled to CommonJS for Jest's module loader.
 * cookie (ESM-only, which @fastify/cookie loads with `import()`) is left as it is: the dynamic import goes through
 * Jest's ES module loader (--experimental-vm-modules, which `npm test` sets). Compiled to CommonJS it fails on
 * Node.js 24, where that import still loads it as an ES module ("exports is not defined").
 */
const ESM_ONLY = ['content-disposition'];

/**
 * The HTTP specs the server pass runs besides test/server-engine/: those whose outcome the engine can change —
 * migrations, seeding and start-up on a server, writes and their locks, several instances or connections at once,
 * usage counted in the database, list and export queries (sorting and matching follow the server's collation), and random input
 * reaching SQL. Every other HTTP spec (the contract's answers, guards, headers, logs, settings, outbound policy,
 * answers served from memory) runs in the embedded pass only: the same SQL behind it is exercised here by the
 * engine-dependent specs.
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

/**
 * The unit specs (src/) that run on a database: found by what they use, so a new one joins the server pass by
 * itself. The others are pure (or use Redis only) and run once, in the embedded pass: the engine changes nothing
 * for them.
 */
const DATABASE_USE =
  /support\/test-database|provisionDatabase|createTestApp|DatabaseModule|testEngine\(|TEST_ENGINE/;
function unitSpecs(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return unitSpecs(path);
    return entry.name.endsWith('.spec.ts') ? [path] : [];
  });
}
const PURE_UNIT_SPECS = unitSpecs(join(__dirname, 'src'))
  .filter((path) => !DATABASE_USE.test(readFileSync(path, 'utf8')))
  .map((path) => `^${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);

module.exports = {
  displayName: 'api',
  rootDir: __dirname,
  testEnvironment: 'node',
  transform: {
    '^.+\\.ts$': ['ts-jest', { tsconfig: '<rootDir>/tsconfig.spec.json' }],
    [`/node_modules/(${ESM_ONLY.join('|')})/.+\\.js$`]: [
      'ts-jest',
      { tsconfig: { allowJs: true, module: 'commonjs', esModuleInterop: true }, isolatedModules: true },
    ],
  },
  transformIgnorePatterns: [`/node_modules/(?!(${ESM_ONLY.join('|')})/)`],
  testMatch:
    process.env.TEST_ENGINE === 'server'
      ? [
          '<rootDir>/src/**/*.spec.ts',
          '<rootDir>/test/server-engine/**/*.spec.ts',
          ...ENGINE_DEPENDENT.map((name) => `<rootDir>/test/${name}.spec.ts`),
        ]
      : ['<rootDir>/src/**/*.spec.ts', '<rootDir>/test/**/*.spec.ts'],
  testPathIgnorePatterns:
    process.env.TEST_ENGINE === 'server'
      ? ['/node_modules/', ...PURE_UNIT_SPECS]
      : ['/node_modules/', '<rootDir>/test/server-engine/'],
  moduleFileExtensions: ['ts', 'js', 'json'],
  globalSetup: '<rootDir>/test/support/global-setup.ts',
  globalTeardown: '<rootDir>/test/support/global-teardown.ts',
  testTimeout: 60000,
  // A worker's heap grows with every test file it runs (each boots apps; jest keeps part of each file's module graph):
  // the server pass reached 3.8 GB of a 4 GB heap in one worker and once died of it. A worker above this limit
  // after a file is replaced by a fresh one.
  workerIdleMemoryLimit: '1500MB',
};
