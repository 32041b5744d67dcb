import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startApiProcess } from './support/api-process';

/**
 * What an operator sees on the very first start (`npm start` on an empty data directory: migrations, the bundled
 * data, the embedded engine's restart): a healthy start logs no warning and no error. Background workers used to
 * poll the database while it was being restarted and logged "Webhook deliveries paused, the database does not
 * answer", then "resume" in the same second.
 */
describe('the first start on an empty data directory', () => {
  it('logs no warning and no error', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'lrs-first-start-'));
    const api = await startApiProcess({
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      REDIS_URL: '',
      LOG_FORMAT: 'json',
      LOG_LEVEL: 'log',
      WEBHOOK_POLL_INTERVAL_MS: '100',
    });
    try {
      // Long enough for many rounds of the background workers once the instance listens.
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect(await api.stop('SIGTERM')).toBe(0);
      const lines = api
        .output()
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .map((line) => JSON.parse(line) as { level: number; msg: string });
      expect(lines.some((line) => line.msg.startsWith('Loaded 28724 draws'))).toBe(true);
      expect(lines.filter((line) => line.level >= 40).map((line) => line.msg)).toEqual([]);
    } finally {
      await api.stop('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
