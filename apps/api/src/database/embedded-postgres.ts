import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface EmbeddedPostgres {
  /** A postgres:// URL the ordinary pg driver connects to. */
  url: string;
  stop(): Promise<void>;
}

const SOCKET_PORT = 5432;

/**
 * Embedded PostgreSQL: PGlite kept on disk in `dataDir`, served over a private unix socket so that TypeORM and
 * the pg driver use it exactly like a server. PGlite runs one transaction at a time, which is why
 * `maxConnections` must be at least the pool size (otherwise it resets the other pool connections).
 */
export async function startEmbeddedPostgres(dataDir: string, maxConnections = 32): Promise<EmbeddedPostgres> {
  mkdirSync(dataDir, { recursive: true });
  const db = await PGlite.create(dataDir);
  // Unix socket paths are limited to ~100 bytes, so the socket lives in a short temporary folder.
  const socketDir = mkdtempSync(join(tmpdir(), 'pgl-'));
  const server = new PGLiteSocketServer({
    db,
    path: join(socketDir, `.s.PGSQL.${SOCKET_PORT}`),
    maxConnections,
  });
  await server.start();
  const url = `postgres://postgres:embedded@localhost:${SOCKET_PORT}/postgres?host=${encodeURIComponent(socketDir)}`;
  return {
    url,
    async stop() {
      await server.stop();
      await db.close();
      rmSync(socketDir, { recursive: true, force: true });
    },
  };
}
