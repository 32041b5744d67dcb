/**
 * Browser tests: headless Chromium (playwright-core, the machine's own browser) against the real API, started
 * from dist/apps/api with a copy of a data directory seeded once per run. The global set-up builds the portal,
 * seeds that directory, starts the one Chromium that every file connects to (each with browser contexts of its
 * own), and fails when no Chromium is found (CHROME_PATH, /usr/bin/chromium).
 */
module.exports = {
  displayName: 'portal-e2e',
  rootDir: __dirname,
  testEnvironment: 'node',
  testMatch: ['<rootDir>/e2e/**/*.e2e.ts'],
  transform: { '^.+\\.ts$': ['ts-jest', { tsconfig: '<rootDir>/tsconfig.node.json' }] },
  moduleFileExtensions: ['ts', 'js', 'json'],
  globalSetup: '<rootDir>/e2e/support/global-setup.ts',
  globalTeardown: '<rootDir>/e2e/support/global-teardown.ts',
  // One browser and one API at a time: the machine has two cores.
  maxWorkers: 1,
  testTimeout: 120000,
};
