// The built API as the benchmarks start it: its own process, the settings of a measurement, an administrator.
import { spawn } from 'node:child_process';
import { RUNTIME_ENV } from '../runtime-env.mjs';

export const ADMIN = { email: 'bench-admin@example.test', password: 'bench password 123' };
const JWT_SECRET = 'bench-secret-bench-secret-bench-secret-0123';

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * Starts the built API of the checkout at `root`; resolves once /health/ready answers. `logFormat` unset: the default
 * (as npm start); `env` adds or overrides settings.
 */
export async function startApi({ dataDir, databaseUrl, redis, logFormat, root = '.', env = {} }) {
  const started = Date.now();
  const child = spawn(process.execPath, ['dist/apps/api/main.js'], {
    cwd: root,
    env: {
      ...RUNTIME_ENV,
      ...process.env,
      PORT: '0',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl ?? '',
      REDIS_URL: redis ?? '',
      // One client address sends all the load: the per-IP limit is on, as in a default deployment, so that its
      // cost is measured, with windows that this load never fills.
      IP_RATE_LIMIT: '1000000000/s,1000000000/h',
      // The benchmarks register their holders from one address, run after run (with Redis, its counters persist).
      REGISTRATION_RATE_LIMIT: 'off',
      LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'log', // the default: one access line per request
      ...(logFormat ? { LOG_FORMAT: logFormat } : {}),
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      JWT_SECRET,
      CREATE_DEMO_ACCOUNT: 'false',
      // No polling of the operators' sources: the network stays out of the measurement (and of this machine).
      SYNC: 'off',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  // Start-up text is kept until the port is known; the access log that follows is drained and dropped.
  let output = '';
  let starting = true;
  child.stdout.on('data', (chunk) => {
    if (starting) output += chunk;
  });
  const port = await new Promise((resolve, reject) => {
    const timer = setInterval(() => {
      const match = output.match(/http:\/\/localhost:(\d+)/);
      if (match) {
        clearInterval(timer);
        starting = false;
        resolve(Number(match[1]));
      } else if (Date.now() - started > 180_000) {
        clearInterval(timer);
        reject(new Error(`the API did not start in 180 s:\n${output}`));
      }
    }, 20);
    child.once('exit', (code) => {
      clearInterval(timer);
      reject(new Error(`the API exited (${code}):\n${output}`));
    });
  });
  const base = `http://127.0.0.1:${port}`;
  while (
    !(await fetch(`${base}/health/ready`).then(
      (r) => r.ok,
      () => false,
    ))
  )
    await sleep(20);
  return {
    base,
    pid: child.pid,
    startupMs: Date.now() - started,
    output: () => output,
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', resolve);
        child.kill('SIGTERM');
      }),
  };
}

export async function json(base, method, path, { body, jwt, token } = {}) {
  const response = await fetch(base + path, {
    method,
    headers: {
      'Content-Type': 'application/json',
      ...(jwt ? { Authorization: `Bearer ${jwt}` } : {}),
      ...(token ? { 'X-API-Token': token } : {}),
    },
    body: body && JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return response.status === 204 ? null : response.json();
}

/** A holder on an unlimited license, so that the benchmark measures the chain, not its refusals. */
export async function holderToken(base) {
  const { accessToken: adminJwt } = await json(base, 'POST', '/auth/login', { body: ADMIN });
  const limits = { monthlyQuota: null, perSecond: 1e6, perMinute: 1e8, perHour: 1e9 };
  await json(base, 'PUT', '/admin/licenses/bench', { jwt: adminJwt, body: limits });
  const holder = { email: 'bench-holder@example.test', password: 'bench password 456' };
  const account = await json(base, 'POST', '/auth/register', { body: holder });
  await json(base, 'PATCH', `/admin/accounts/${account.id}`, { jwt: adminJwt, body: { license: 'bench' } });
  const { accessToken } = await json(base, 'POST', '/auth/login', { body: holder });
  return (await json(base, 'POST', '/profile/token', { jwt: accessToken, body: { id: 'bench' } })).token;
}
