/**
 * The SDK against a live API: the global set-up starts the built API (dist/apps/api/main.js) as a child process
 * on a free port with a fresh data directory; the teardown stops exactly that process.
 */
module.exports = {
  displayName: 'sdk',
  rootDir: __dirname,
  testEnvironment: 'node',
  testMatch: ['<rootDir>/test/**/*.spec.ts'],
  transform: { '^.+\\.ts$': ['ts-jest', { tsconfig: '<rootDir>/tsconfig.spec.json' }] },
  moduleFileExtensions: ['ts', 'js', 'json'],
  globalSetup: '<rootDir>/test/support/global-setup.ts',
  globalTeardown: '<rootDir>/test/support/global-teardown.ts',
  // One API for the whole run; the files share it, so they run one after another.
  maxWorkers: 1,
  testTimeout: 60000,
};
