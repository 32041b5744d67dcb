import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Redis from 'ioredis';
import { freePort } from './free-port';

/**
 * A redis-server of the test's own, on a port of its own, that the test stops and starts (as an operator's Redis
 * crashes and comes back): nothing on disk, so every start is empty. Fails loudly when redis-server is missing.
 */
export interface PrivateRedis {
  url: string;
  port: number;
  /** Starts it (empty) and waits until it answers PING. */
  start(): Promise<void>;
  /** `SHUTDOWN NOSAVE`: its data is gone; waits until it no longer accepts connections. */
  stop(): Promise<void>;
  /** Runs a command with redis-cli (e.g. CLIENT PAUSE): its output. */
  cli(...args: string[]): string;
  /** Stops it for good and removes its folder. */
  dispose(): Promise<void>;
}

async function answers(port: number): Promise<boolean> {
  const probe = new Redis({
    port,
    host: '127.0.0.1',
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
    connectTimeout: 500,
  });
  probe.on('error', () => undefined);
  try {
    await probe.connect();
    return (await probe.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
}

async function until(condition: () => Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`private Redis: ${what} within 10 s`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

export async function startPrivateRedis(): Promise<PrivateRedis> {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'lrs-redis-'));
  const cli = (...args: string[]) => {
    const result = spawnSync('redis-cli', ['-h', '127.0.0.1', '-p', String(port), ...args], {
      encoding: 'utf8',
    });
    if (result.error) throw new Error(`redis-cli cannot run: ${result.error.message}`);
    return result.stdout.trim();
  };
  const redis: PrivateRedis = {
    url: `redis://127.0.0.1:${port}`,
    port,
    cli,
    async start() {
      const result = spawnSync(
        'redis-server',
        [
          '--port',
          String(port),
          '--bind',
          '127.0.0.1',
          '--save',
          '',
          '--appendonly',
          'no',
          '--daemonize',
          'yes',
          '--dir',
          dir,
          '--pidfile',
          join(dir, 'redis.pid'),
          '--logfile',
          join(dir, 'redis.log'),
        ],
        { encoding: 'utf8' },
      );
      if (result.error || result.status !== 0)
        throw new Error(
          `redis-server did not start (${result.error?.message ?? result.stderr}): install Debian's redis-server`,
        );
      await until(() => answers(port), 'no answer');
    },
    async stop() {
      cli('shutdown', 'nosave');
      await until(async () => !(await answers(port)), 'still answering');
    },
    async dispose() {
      if (await answers(port)) await redis.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
  await redis.start();
  return redis;
}
