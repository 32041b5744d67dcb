import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { provisionDatabase } from './support/test-app';
import { TEST_ENV } from './support/test-engine';

const MAIN = join(__dirname, '..', '..', '..', 'dist', 'apps', 'api', 'main.js');

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/**
 * Access lines are formatted and written off the request's thread (pretty: pino's worker; JSON: an asynchronous
 * destination). The built server, under load, gets SIGTERM: every request it answered has its line in its output.
 */
describe.each(['pretty', 'json'])('access lines at SIGTERM (%s)', (format) => {
  it('every answered request has its line, none is lost to the exit', async () => {
    if (!existsSync(MAIN)) throw new Error(`${MAIN} not found: build the API first (npx nx run api:build)`);
    const database = await provisionDatabase();
    const port = await freePort();
    const child = spawn(process.execPath, [MAIN], {
      env: {
        ...process.env,
        ...TEST_ENV,
        PORT: String(port),
        DATA_DIR: database.dataDir,
        DATABASE_URL: database.databaseUrl ?? '',
        REDIS_URL: '',
        LOG_FORMAT: format,
        LOG_LEVEL: 'log',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    try {
      const base = `http://127.0.0.1:${port}`;
      for (let ready = false; !ready;) {
        if (child.exitCode !== null) throw new Error(`the API exited before it was ready:\n${output}`);
        ready = await fetch(`${base}/health/live`).then(
          (r) => r.ok,
          () => false,
        );
        if (!ready) await new Promise((resolve) => setTimeout(resolve, 100));
      }

      // Ten clients send requests one after another; SIGTERM comes while they are at it.
      const answered = new Set<number>();
      let next = 0;
      let sending = true;
      const clients = Array.from({ length: 10 }, async () => {
        while (sending) {
          const probe = next++;
          const response = await fetch(`${base}/health/live?probe=${probe}`).catch(() => null);
          if (!response) return; // the listener is closed: nothing more is accepted
          await response.arrayBuffer();
          answered.add(probe);
        }
      });
      while (answered.size < 400) await new Promise((resolve) => setTimeout(resolve, 5));
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
      sending = false;
      await Promise.all(clients);

      const logged = new Set([...output.matchAll(/probe=(\d+)/g)].map((match) => Number(match[1])));
      const missing = [...answered].filter((probe) => !logged.has(probe));
      console.log(
        `[${format}] ${answered.size} requests answered before the exit, ${missing.length} lines missing`,
      );
      expect(missing).toEqual([]);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
      await database.dispose();
    }
  });
});
