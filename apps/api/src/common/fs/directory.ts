import { accessSync, constants, existsSync, mkdirSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';

/**
 * `mkdir -p` that fails instead of spinning, then checks the folder can be written to.
 *
 * Node's recursive mkdirSync loops for ever when mkdir answers ENOENT for a folder whose parent exists (a path
 * under /proc, say: DATA_DIR=/proc/nope kept the service busy in system calls, with no output, until killed).
 * Here each missing folder is created on its own, from the nearest one that exists, so the first that cannot be
 * created throws its own error.
 */
export function makeWritableDirectory(path: string, mode?: number): void {
  const missing: string[] = [];
  let current = resolve(path);
  while (!existsSync(current)) {
    missing.unshift(current);
    const parent = dirname(current);
    if (parent === current) break;
    current = parent;
  }
  for (const folder of missing) {
    try {
      mkdirSync(folder, { mode });
    } catch (error) {
      // Another process may have created it meanwhile; anything else is the answer.
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  if (!statSync(path).isDirectory()) throw new Error(`${path} is not a folder`);
  accessSync(path, constants.W_OK);
}
