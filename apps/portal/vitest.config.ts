import { resolve } from 'node:path';
import { defineConfig } from 'vitest/config';

const workspaceRoot = resolve(__dirname, '../..');

// Unit tests of the portal's pure modules (form values, formats, windows, query settings): `*.test.ts` beside the
// module, in Node, no browser. The journeys are the browser tests in e2e/ (jest + playwright-core).
export default defineConfig({
  root: __dirname,
  resolve: {
    alias: { '@lottery-results/sdk': resolve(workspaceRoot, 'libs/sdk/src/index.ts') },
  },
  test: {
    include: ['src/**/*.test.ts'],
    environment: 'node',
  },
});
