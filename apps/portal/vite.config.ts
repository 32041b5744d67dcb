import react from '@vitejs/plugin-react';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';

const workspaceRoot = resolve(__dirname, '../..');
// The SDK's version, for the versioned tarball URL in the portal's install lines (the portal may not import the
// SDK's package.json: module boundaries).
const sdkVersion: string = JSON.parse(
  readFileSync(resolve(workspaceRoot, 'libs/sdk/package.json'), 'utf8'),
).version;

// `vite dev` forwards the API's paths to a running API (npm start), so the portal keeps calling its own origin,
// exactly as it does once the API serves it at /portal/. VITE_API_URL (read by src/app/sdk.ts) overrides that.
const apiTarget = process.env.API_PROXY_TARGET ?? 'http://localhost:3000';
const apiPaths = [
  '/auth',
  '/profile',
  '/admin',
  '/lottery',
  '/lotteries',
  '/licenses',
  '/health',
  '/openapi.json',
  '/docs',
];

export default defineConfig({
  root: __dirname,
  base: '/portal/',
  define: { 'import.meta.env.SDK_VERSION': JSON.stringify(sdkVersion) },
  // Brotli and gzip copies beside each asset, served by @fastify/static's preCompressed option (no compression
  // work per request).
  plugins: [react({}), compression({ algorithms: ['brotliCompress', 'gzip'], threshold: 1024 })],
  resolve: {
    alias: { '@lottery-results/sdk': resolve(workspaceRoot, 'libs/sdk/src/index.ts') },
  },
  build: {
    outDir: resolve(workspaceRoot, 'dist/apps/portal'),
    emptyOutDir: true,
    // No source maps in what the API serves: the portal's source is this repository, not its visitors' business.
    sourcemap: false,
  },
  server: {
    port: 4200,
    strictPort: true,
    proxy: Object.fromEntries(apiPaths.map((path) => [path, { target: apiTarget, changeOrigin: true }])),
  },
  preview: { port: 4300 },
});
