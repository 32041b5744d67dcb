import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * How the tests run the built API's process (`node <flags> dist/apps/api/main.js`): the same code, set up for a
 * process that lives seconds, not days.
 * - `--liftoff-only`: the embedded PostgreSQL (WebAssembly) stays on V8's baseline compiler. Its optimizing tier
 *   recompiled the engine in the background on every start, about 2 CPU-s that a short-lived process never earns
 *   back (measured on 2 cores: 6.5 → 4.7 CPU-s from start to ready, seeded copy). WebAssembly computes the same in
 *   either tier; only its speed differs.
 */
export const API_PROCESS_FLAGS = ['--liftoff-only'];

/**
 * The environment each such process gets besides its settings. NODE_COMPILE_CACHE: the second and later starts load
 * the API's JavaScript already compiled (about 0.6 CPU-s a start), from the folder that Node.js and tsc use by
 * default; entries are checked against the source, so a rebuilt API never runs stale code.
 */
export const apiProcessEnv = (): Record<string, string> => ({
  NODE_COMPILE_CACHE: process.env.NODE_COMPILE_CACHE || join(tmpdir(), 'node-compile-cache'),
});
