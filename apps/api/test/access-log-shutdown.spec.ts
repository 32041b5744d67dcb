import { startApiProcess } from './support/api-process';
import { provisionDatabase } from './support/test-app';

/**
 * Access lines are formatted and written off the request's thread (pretty: pino's worker; JSON: an asynchronous
 * destination). The built server, under load, gets SIGTERM: every request it answered has its line in its output.
 */
describe.each(['pretty', 'json'])('access lines at SIGTERM (%s)', (format) => {
  it('every answered request has its line, none is lost to the exit', async () => {
    const database = await provisionDatabase();
    const api = await startApiProcess({
      DATA_DIR: database.dataDir,
      DATABASE_URL: database.databaseUrl ?? '',
      REDIS_URL: '',
      LOG_FORMAT: format,
      LOG_LEVEL: 'log',
    });
    try {
      // Ten clients send requests one after another; SIGTERM comes while they are at it.
      const answered = new Set<number>();
      let next = 0;
      let sending = true;
      const clients = Array.from({ length: 10 }, async () => {
        while (sending) {
          const probe = next++;
          const response = await fetch(`${api.baseUrl}/health/live?probe=${probe}`).catch(() => null);
          if (!response) return; // the listener is closed: nothing more is accepted
          await response.arrayBuffer();
          answered.add(probe);
        }
      });
      while (answered.size < 400) await new Promise((resolve) => setTimeout(resolve, 5));
      expect(await api.stop('SIGTERM')).toBe(0);
      sending = false;
      await Promise.all(clients);

      const logged = new Set([...api.output().matchAll(/probe=(\d+)/g)].map((match) => Number(match[1])));
      const missing = [...answered].filter((probe) => !logged.has(probe));
      console.log(
        `[${format}] ${answered.size} requests answered before the exit, ${missing.length} lines missing`,
      );
      expect(missing).toEqual([]);
    } finally {
      await api.stop('SIGKILL');
      await database.dispose();
    }
  });
});
