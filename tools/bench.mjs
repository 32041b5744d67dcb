#!/usr/bin/env node
// `npm run bench`: start-up and throughput figures of the built API, measured in one run on this machine.
//   1. start-up on an empty data directory (embedded PostgreSQL, bundled data load with its draws/s);
//   2. requests/s of metered routes (token → cache → quota → rate limit → query) as a ratio of an unmetered
//      baseline (/health/live) measured in the same run, with autocannon (-c 50, 5 s each).
// Requires `npx nx run api:build` first. DATABASE_URL set → the server engine instead of the embedded one.
import autocannon from 'autocannon';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const freePort = () =>
  new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(join(tmpdir(), 'lrs-bench-'));
const admin = { email: 'bench-admin@example.test', password: 'bench password 123' };
const started = Date.now();
const child = spawn(process.execPath, ['dist/apps/api/main.js'], {
  env: {
    ...process.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    IP_RATE_LIMIT: 'off',
    LOG_LEVEL: 'warn',
    ADMIN_EMAIL: admin.email,
    ADMIN_PASSWORD: admin.password,
    JWT_SECRET: process.env.JWT_SECRET ?? 'bench-secret-bench-secret-bench-secret-0123',
  },
  stdio: ['ignore', 'pipe', 'inherit'],
});
let log = '';
child.stdout.on('data', (chunk) => (log += chunk));
const stop = () => {
  child.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
};

try {
  while (
    !(await fetch(`${base}/health/ready`).then(
      (r) => r.ok,
      () => false,
    ))
  ) {
    if (Date.now() - started > 120_000) throw new Error('the API did not become ready in 120 s');
    await new Promise((r) => setTimeout(r, 100));
  }
  const startupMs = Date.now() - started;
  const json = async (method, path, body, jwt) => {
    const res = await fetch(base + path, {
      method,
      headers: { 'Content-Type': 'application/json', ...(jwt ? { Authorization: `Bearer ${jwt}` } : {}) },
      body: body && JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
    return res.status === 204 ? null : res.json();
  };
  // A holder on an unlimited license, so the benchmark measures the chain, not its refusals.
  const { accessToken: adminJwt } = await json('POST', '/auth/login', admin);
  await json(
    'PUT',
    '/admin/licenses/bench',
    { monthlyQuota: null, perSecond: 1e6, perMinute: 1e8, perHour: 1e9 },
    adminJwt,
  );
  const holder = { email: 'bench-holder@example.test', password: 'bench password 456' };
  const account = await json('POST', '/auth/register', holder);
  await json('PATCH', `/admin/accounts/${account.id}`, { license: 'bench' }, adminJwt);
  const { accessToken: jwt } = await json('POST', '/auth/login', holder);
  const { token } = await json('POST', '/profile/token', { id: 'bench' }, jwt);

  const run = (path, headers = {}) =>
    autocannon({ url: base + path, connections: 50, duration: 5, headers }).then((r) => ({
      rps: r.requests.average,
      p99: r.latency.p99,
      non2xx: r.non2xx,
    }));
  const baseline = await run('/health/live');
  const cases = [
    ['metered: latest draw', '/lottery/us_powerball/draw/latest/numbers'],
    ['metered: page of 15 draws', '/lottery/de_lotto/draws?limit=15&offset=1000'],
    ['metered: lottery list', '/lotteries'],
  ];
  const loadLine = log.match(/Loaded (\d+) bundled draws .*?\((\d+) draws\/s\)/);
  console.log(`engine: ${process.env.DATABASE_URL ? 'PostgreSQL server' : 'embedded PostgreSQL (PGlite)'}`);
  console.log(`start-up on an empty data directory: ${(startupMs / 1000).toFixed(1)} s`);
  if (loadLine) console.log(`bundled data load: ${loadLine[1]} draws at ${loadLine[2]} draws/s`);
  console.log(`baseline /health/live: ${baseline.rps.toFixed(0)} req/s (p99 ${baseline.p99} ms)`);
  for (const [name, path] of cases) {
    const r = await run(path, { 'X-API-Token': token });
    console.log(
      `${name}: ${r.rps.toFixed(0)} req/s, ratio to baseline ${(r.rps / baseline.rps).toFixed(2)} ` +
        `(p99 ${r.p99} ms, non-2xx ${r.non2xx})`,
    );
  }
} finally {
  stop();
}
