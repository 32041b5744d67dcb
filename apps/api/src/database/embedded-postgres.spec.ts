import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { Client } from 'pg';
import { startEmbeddedPostgres } from './embedded-postgres';

describe('embedded PostgreSQL', () => {
  // Its socket used to be in the shared temporary folder, where a cleaner could delete it and cut the running
  // service off its database until a restart.
  it('serves its socket beside its data (DATA_DIR/run), not in the shared temporary folder', async () => {
    const dataRoot = mkdtempSync(join(tmpdir(), 'lrs-embedded-'));
    const embedded = await startEmbeddedPostgres(join(dataRoot, 'pg'));
    try {
      const socketDir = new URL(embedded.url).searchParams.get('host');
      expect(socketDir).toBe(join(dataRoot, 'run'));
      expect(dirname(socketDir!)).not.toBe(tmpdir());
      expect(existsSync(join(socketDir!, '.s.PGSQL.5432'))).toBe(true);
      const client = new Client({ connectionString: embedded.url });
      await client.connect();
      expect((await client.query('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
      await client.end();
    } finally {
      await embedded.stop();
      rmSync(dataRoot, { recursive: true, force: true });
    }
  }, 60_000);

  // After the bundled data load the engine is restarted to give back its memory: the data must survive it.
  it('restarts on the same data and socket', async () => {
    const dataRoot = mkdtempSync(join(tmpdir(), 'lrs-embedded-'));
    const embedded = await startEmbeddedPostgres(join(dataRoot, 'pg'));
    try {
      const before = new Client({ connectionString: embedded.url });
      await before.connect();
      await before.query('CREATE TABLE kept (value int)');
      await before.query('INSERT INTO kept VALUES (42)');
      await before.end();
      await embedded.restart();
      const after = new Client({ connectionString: embedded.url });
      await after.connect();
      expect((await after.query('SELECT value FROM kept')).rows).toEqual([{ value: 42 }]);
      await after.end();
    } finally {
      await embedded.stop();
      rmSync(dataRoot, { recursive: true, force: true });
    }
  }, 60_000);
});
