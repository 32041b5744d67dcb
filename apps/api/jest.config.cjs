const { readdirSync, readFileSync } = require('node:fs');
const { join, relative } = require('node:path');

/**
 * Unit specs live next to the code (src/**\/*.spec.ts); HTTP tests boot the real AppModule (test/**\/*.spec.ts).
 * test/server-engine/ needs a PostgreSQL server (several processes on one database): it runs in the server pass
 * (TEST_ENGINE=server, which `npm test` runs whenever DATABASE_URL or TEST_DATABASE_URL is set), with the HTTP specs
 * whose outcome the engine can change (ENGINE_DEPENDENT, test/support/spec-groups.cjs) and the unit specs that use a
 * database; the embedded pass runs everything else.
 * content-disposition (ESM-only, `require`d by @fastify/static) is compiled to CommonJS for Jest's module loader.
 * cookie (ESM-only, which @fastify/cookie loads with `import()`) is left as it is: the dynamic import goes through
 * Jest's ES module loader (--experimental-vm-modules, which `npm test` sets). Compiled to CommonJS it fails on
 * Node.js 24, where that import still loads it as an ES module ("exports is not defined").
 */
const ESM_ONLY = ['content-disposition'];

/** Which HTTP specs each pass runs, and, when LRS_TEST_GROUPS=1 (`npm test`), several to a Jest file. */
const { aloneSpecs, httpSpecs } = require('./test/support/spec-groups.cjs');
const engine = process.env.TEST_ENGINE === 'server' ? 'server' : 'embedded';
const grouped = process.env.LRS_TEST_GROUPS === '1';

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
  testMatch: [
    '<rootDir>/src/**/*.spec.ts',
    ...(grouped ? ['<rootDir>/test/groups/*.spec.ts'] : []),
    ...(grouped ? aloneSpecs(engine) : httpSpecs(engine)).map(
      (path) => `<rootDir>/${relative(__dirname, path)}`,
    ),
  ],
  testPathIgnorePatterns: ['/node_modules/', ...(engine === 'server' ? PURE_UNIT_SPECS : [])],
  moduleFileExtensions: ['ts', 'js', 'json'],
  globalSetup: '<rootDir>/test/support/global-setup.ts',
  setupFilesAfterEnv: ['<rootDir>/test/support/file-teardown-hook.ts'],
  globalTeardown: '<rootDir>/test/support/global-teardown.ts',
  testTimeout: 60000,
  // A worker's heap grows with every test file it runs (each boots apps; jest keeps part of each file's module graph):
  // the server pass reached 3.8 GB of a 4 GB heap in one worker and once died of it. A worker above this limit
  // after a file is replaced by a fresh one.
  workerIdleMemoryLimit: '1500MB',
};
