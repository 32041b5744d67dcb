#!/usr/bin/env node
// `npm run cli -- <command>`: builds the API if needed and runs its command-line tool (import, lotteries, …).
import { spawnSync } from 'node:child_process';

const env = { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true', NX_TUI: 'false' };
const build = spawnSync('npx', ['nx', 'run', 'api:build', '--outputStyle=static'], {
  stdio: ['ignore', 'ignore', 'inherit'],
  env,
});
if (build.status !== 0) process.exit(build.status ?? 1);
const run = spawnSync(process.execPath, ['dist/apps/api/bin/cli.js', ...process.argv.slice(2)], {
  stdio: 'inherit',
});
process.exit(run.status ?? 1);
