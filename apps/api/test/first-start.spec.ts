import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startApiProcess } from './support/api-process';
import { bundleFigures } from './support/bundle';

const BUNDLE = bundleFigures();

/**
 * What an operator sees on the very first start (`npm start` on an empty data directory: migrations, the bundled
 * data, the embedded engine's restart): a healthy start logs no warning and no error. Background workers used to
 * poll the database while it was being restarted and logged "Webhook deliveries paused, the database does not
 * answer", then "resume" in the same second. The welcome banner, with the demo account's one-time secrets, is
 * the last thing printed at start-up: it used to come before Nest's ≈150 boot lines (written asynchronously by the
 * logger), which scrolled it away. Ctrl-C stops it gracefully.
 */
describe('the first start on an empty data directory', () => {
  it('logs no warning and no error, prints the welcome banner after the boot lines, stops on Ctrl-C', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'lrs-first-start-'));
    const api = await startApiProcess({
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      REDIS_URL: '',
      LOG_FORMAT: 'json',
      LOG_LEVEL: 'log',
      WEBHOOK_POLL_INTERVAL_MS: '100',
      // As `npm start` does by default: the banner then shows the demo account's secrets.
      CREATE_DEMO_ACCOUNT: 'true',
    });
    try {
      // Long enough for many rounds of the background workers once the instance listens.
      await new Promise((resolve) => setTimeout(resolve, 1500));
      // Ctrl-C on `npm start`: SIGINT from the terminal, then the one tools/start.mjs passes on while the service
      // is closing. A graceful stop all the same (a signal without a listener used to end it at once: 130).
      api.child.kill('SIGINT');
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(await api.stop('SIGINT')).toBe(0);
      const output = api.output().split('\n');
      const lines = output
        .filter((line) => line.startsWith('{'))
        .map((line) => JSON.parse(line) as { level: number; msg: string });
      expect(lines.some((line) => line.msg.startsWith(`Loaded ${BUNDLE.draws} draws`))).toBe(true);
      expect(lines.filter((line) => line.level >= 40).map((line) => line.msg)).toEqual([]);

      // Nest's line per module, controller and route is debug-level: not printed at the default level.
      const boot = lines
        .map((line) => line.msg)
        .filter((msg) => /^Mapped \{|dependencies initialized$/.test(msg));
      expect(boot).toEqual([]);
      // The banner comes after the last line logged while starting (Nest's, then the catalog's).
      const [nest, catalog, banner, demo] = [
        '"msg":"Nest application successfully started"',
        `"msg":"Catalog loaded: ${BUNDLE.lotteries} lotteries`,
        'Lottery Results Service is ready on',
        'A demo account was created.',
      ].map((text) => output.findIndex((line) => line.includes(text)));
      expect(Math.min(nest, catalog)).toBeGreaterThanOrEqual(0);
      expect(banner).toBeGreaterThan(Math.max(nest, catalog));
      expect(demo).toBeGreaterThan(banner);
    } finally {
      await api.stop('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
