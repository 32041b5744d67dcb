// Shared by the SDK tests and the portal's browser tests: the real, built API as a child process.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';
import { API_PROCESS_FLAGS, apiProcessEnv } from './api-process-runtime';
import { dataDirectoryRoot } from './data-directory-root';

export const workspaceRoot = resolve(__dirname, '../..');
export const apiMain = resolve(workspaceRoot, 'dist/apps/api/main.js');

export interface ApiServer {
  baseUrl: string;
  adminEmail: string;
  adminPassword: string;
  /** Its DATA_DIR (removed by stop() unless started with keepData). */
  dataDir: string;
  /** The running process's PID (a new one after restart()). */
  readonly pid: number;
  stop(): Promise<void>;
  /**
   * Stops the process but keeps its data directory, runs `whileStopped` with the process's environment (so that
   * the CLI can work on the embedded database, which only one process may open), then starts the API again on the
   * same port, data and JWT secret: sessions and the browser's origin stay valid.
   */
  restart(whileStopped?: (env: NodeJS.ProcessEnv) => Promise<void>): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolvePort(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

const exited = (child: ChildProcess) =>
  new Promise<void>((done) =>
    child.exitCode !== null || child.signalCode !== null ? done() : child.once('exit', () => done()),
  );

/** The environment variable naming the run's seeded data directory (set by a test run's global set-up). */
export const SEEDED_DATA_DIR = 'LRS_SEEDED_DATA_DIR';

/**
 * Set by `npm test` (tools/test.mjs): the name, under the data directory root, of the one seeded data directory that
 * all of its test steps share (the browser tests' two parts), which it removes at the end.
 */
export const RUN_SEED_NAME = 'LRS_RUN_SEED_NAME';

/**
 * Starts the built API once on an empty data directory, which loads the bundled draws (≈ 8 s on 2 cores), stops it,
 * and names that directory in the environment: every startApi of the run then begins from a copy of it (≈ 2 s)
 * instead of loading the bundle again. It holds no account (no admin, no demo): each start creates its own admin.
 * Under `npm test` (RUN_SEED_NAME), the step that comes first seeds and the others take its directory. Returns the
 * directory and whether it is the caller's to remove.
 */
export async function seedDataDirectory(label: string): Promise<{ dir: string; own: boolean }> {
  const started = Date.now();
  const runSeed = process.env[RUN_SEED_NAME] ? join(dataDirectoryRoot(), process.env[RUN_SEED_NAME]) : null;
  if (runSeed && existsSync(runSeed)) {
    process.env[SEEDED_DATA_DIR] = runSeed;
    process.stdout.write(`[${label}] the run's seeded data directory taken, seeded by an earlier step\n`);
    return { dir: runSeed, own: false };
  }
  const server = await startApi({
    label: `${label}-seed`,
    fresh: true,
    keepData: true,
    env: () => ({ ADMIN_EMAIL: '', ADMIN_PASSWORD: '' }),
  });
  await server.stop();
  let dir = server.dataDir;
  if (runSeed) {
    // Whole or not at all for the steps after: a rename. A step that seeded at the same time may have got there first.
    try {
      renameSync(dir, runSeed);
    } catch (error) {
      if (!existsSync(runSeed)) throw error;
      rmSync(dir, { recursive: true, force: true });
    }
    dir = runSeed;
  }
  process.env[SEEDED_DATA_DIR] = dir;
  process.stdout.write(`[${label}] seeded data directory ready in ${Date.now() - started} ms\n`);
  return { dir, own: !runSeed };
}

/**
 * Starts the built API (`node dist/apps/api/main.js`, node itself, not npx, so the PID is the server's) on a free
 * port with a DATA_DIR of its own, and polls GET /health/ready until it answers 200. The DATA_DIR is a copy of the
 * run's seeded one when there is one (seedDataDirectory), else empty: a first boot then loads the bundled draws,
 * which takes a few seconds. stop() ends exactly that process.
 */
export async function startApi({
  label,
  timeoutMs = 180_000,
  env: extraEnv,
  fresh = false,
  keepData = false,
}: {
  label: string;
  timeoutMs?: number;
  /** More settings, given the API's base URL (e.g. PUBLIC_URL with SMTP_URL). */
  env?: (baseUrl: string) => Record<string, string>;
  /** An empty data directory even when the run has a seeded one: the first start's own loading. */
  fresh?: boolean;
  /** stop() leaves the data directory in place. */
  keepData?: boolean;
}): Promise<ApiServer> {
  if (!existsSync(apiMain))
    throw new Error(`${apiMain} not found: build the API first (npx nx run api:build)`);
  const port = await freePort();
  const dataDir = mkdtempSync(join(dataDirectoryRoot(), `lrs-${label}-`));
  // A copy of the run's seeded data directory (seedDataDirectory): the bundled draws without loading them again.
  const seeded = process.env[SEEDED_DATA_DIR];
  if (seeded && !fresh) cpSync(seeded, dataDir, { recursive: true });
  const adminEmail = `admin@${label}.example`;
  const adminPassword = `admin-${randomBytes(8).toString('hex')}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ...apiProcessEnv(),
    PORT: String(port),
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    REDIS_URL: '',
    JWT_SECRET: randomBytes(32).toString('hex'),
    IP_RATE_LIMIT: 'off',
    REGISTRATION_RATE_LIMIT: 'off',
    ADMIN_EMAIL: adminEmail,
    ADMIN_PASSWORD: adminPassword,
    CREATE_DEMO_ACCOUNT: 'false',
    LOG_LEVEL: 'warn',
    // Webhook tests deliver to a receiver on this machine, promptly.
    WEBHOOK_ALLOWED_HOSTS: '127.0.0.1',
    WEBHOOK_POLL_INTERVAL_MS: '200',
    // Sync tests fetch draws from a source server on this machine (plain http at a loopback address); the
    // scheduler stays off (the bundled sources name the operators' hosts), a test syncs by hand.
    SYNC_ALLOWED_HOSTS: '127.0.0.1',
    SYNC: 'off',
    // A test stops its API once its requests are answered: the default drain (10 s, of which idle keep-alive
    // connections get 1 s before they are closed) would make every stop() wait that second, for nothing.
    SHUTDOWN_TIMEOUT_MS: '400',
  };
  const baseUrl = `http://127.0.0.1:${port}`;
  Object.assign(env, extraEnv?.(baseUrl));

  let child: ChildProcess;
  let done: Promise<void>;
  let output = '';
  const launch = () => {
    child = spawn(process.execPath, [...API_PROCESS_FLAGS, apiMain], {
      cwd: workspaceRoot,
      stdio: ['ignore', 'pipe', 'pipe'],
      env,
    });
    output = '';
    const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-20_000));
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    done = exited(child);
  };
  const halt = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await done;
      clearTimeout(timer);
    }
  };
  const stop = async () => {
    await halt();
    if (!keepData) rmSync(dataDir, { recursive: true, force: true });
  };
  const ready = async () => {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if (child.exitCode !== null || child.signalCode !== null) {
        await stop();
        throw new Error(
          `The API exited (${child.exitCode ?? child.signalCode}) before it was ready:\n${output}`,
        );
      }
      try {
        if ((await fetch(`${baseUrl}/health/ready`)).status === 200) return;
      } catch (_notListeningYet) {
        // Connection refused until the server listens.
      }
      // A refused connection costs next to nothing: a short interval sees the API ready sooner.
      await new Promise((wait) => setTimeout(wait, 50));
    }
    await stop();
    throw new Error(`The API was not ready within ${timeoutMs / 1000} s:\n${output}`);
  };

  launch();
  await ready();
  return {
    baseUrl,
    adminEmail,
    adminPassword,
    dataDir,
    get pid() {
      return child.pid as number;
    },
    stop,
    async restart(whileStopped) {
      await halt();
      await whileStopped?.({ ...env });
      launch();
      await ready();
    },
  };
}
