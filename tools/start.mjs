#!/usr/bin/env node
// `npm start`: builds what is needed (Nx caches unchanged projects) and runs the API, which also serves the
// portal. Zero set-up: with DATABASE_URL unset the API uses its embedded PostgreSQL in DATA_DIR (.data/).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { RUNTIME_ENV } from './runtime-env.mjs';

const env = { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true', NX_TUI: 'false' };
// The SDK too: the service serves its package at /sdk/ for `npm install`.
const projects = [
  'api',
  ...(existsSync('apps/portal/project.json') ? ['portal'] : []),
  ...(existsSync('libs/sdk/project.json') ? ['sdk'] : []),
];
console.log(`Building ${projects.join(' and ')}…`);
const build = spawnSync('npx', ['nx', 'run-many', '-t', 'build', '-p', ...projects, '--outputStyle=static'], {
  stdio: ['ignore', 'inherit', 'inherit'],
  env,
});
if (build.status !== 0) process.exit(build.status ?? 1);

const server = spawn(process.execPath, ['dist/apps/api/main.js'], {
  stdio: 'inherit',
  env: { ...RUNTIME_ENV, ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
