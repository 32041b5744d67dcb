import { ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
// Test infrastructure shared with the other projects' tests; tools/ is not a project, so the rule cannot model it.
// eslint-disable-next-line @nx/enforce-module-boundaries
import { API_PROCESS_FLAGS, apiProcessEnv } from '../../../../tools/testing/api-process-runtime';
import { TEST_ENV } from './test-engine';
import { freePort } from './free-port';

const MAIN = join(__dirname, '..', '..', '..', '..', 'dist', 'apps', 'api', 'main.js');

/** The built server (`dist/apps/api/main.js`) in a process of its own, as `npm start` runs it. */
export interface ApiProcess {
  baseUrl: string;
  child: ChildProcess;
  /** Everything it printed so far (stdout and stderr). */
  output(): string;
  /** Sends `signal` and resolves with the exit code once the process has ended. */
  stop(signal: NodeJS.Signals): Promise<number | null>;
}

/**
 * Starts the built API with the test settings plus `env` and resolves once /health/live answers. Tests that must
 * see what a real signal does (not RunningApp.close() called in-process) use it.
 */
export async function startApiProcess(env: Record<string, string>): Promise<ApiProcess> {
  if (!existsSync(MAIN)) throw new Error(`${MAIN} not found: build the API first (npx nx run api:build)`);
  const port = await freePort();
  const child = spawn(process.execPath, [...API_PROCESS_FLAGS, MAIN], {
    env: { ...process.env, ...apiProcessEnv(), ...TEST_ENV, PORT: String(port), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const baseUrl = `http://${env.HOST ?? '127.0.0.1'}:${port}`;
  const started = Date.now();
  for (let ready = false; !ready;) {
    if (child.exitCode !== null) throw new Error(`the API exited before it was ready:\n${output}`);
    if (Date.now() - started > 60_000) {
      child.kill('SIGKILL');
      throw new Error(`the API was not ready within 60 s:\n${output}`);
    }
    ready = await fetch(`${baseUrl}/health/live`).then(
      (r) => r.ok,
      () => false,
    );
    if (!ready) await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    baseUrl,
    child,
    output: () => output,
    async stop(signal) {
      if (child.exitCode === null) child.kill(signal);
      return exited;
    },
  };
}
