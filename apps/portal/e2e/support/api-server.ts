import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { apiMain, workspaceRoot } from './paths';

export interface ApiServer {
  baseUrl: string;
  adminEmail: string;
  adminPassword: string;
  stop: () => Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

function exited(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
}

/**
 * Starts the built API (dist/apps/api/main.js) on a free port with a fresh data directory and waits until
 * /health/ready answers 200 (the first boot loads the bundled draws). stop() ends exactly that process.
 */
export async function startApi(): Promise<ApiServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'lrs-portal-e2e-'));
  const adminEmail = 'admin@portal-e2e.test';
  const adminPassword = `admin-${randomBytes(6).toString('hex')}`;
  const child = spawn(process.execPath, [apiMain], {
    cwd: workspaceRoot,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      REDIS_URL: '',
      JWT_SECRET: randomBytes(32).toString('hex'),
      IP_RATE_LIMIT: 'off',
      ADMIN_EMAIL: adminEmail,
      ADMIN_PASSWORD: adminPassword,
      CREATE_DEMO_ACCOUNT: 'false',
      LOG_LEVEL: 'warn',
    },
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const done = exited(child);

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15000);
      await done;
      clearTimeout(timer);
    }
    rmSync(dataDir, { recursive: true, force: true });
  };

  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 180000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`The API exited with code ${child.exitCode} before it was ready:\n${output}`);
    }
    try {
      const response = await fetch(`${baseUrl}/health/ready`);
      if (response.status === 200) return { baseUrl, adminEmail, adminPassword, stop };
    } catch (_notListening) {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await stop();
  throw new Error(`The API was not ready within 180 s:\n${output}`);
}
