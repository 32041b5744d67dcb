import type { Settings } from '../config/settings';
import type { StartupReport } from './startup.service';

/** What a newcomer needs after `npm start`: where the service is and how to make the first request. */
export function printWelcome(options: { settings: Settings; port: number; report: StartupReport; startupMs: number }): void {
  const { settings, port, startupMs } = options;
  const base = `http://localhost:${port}`;
  const lines = [
    '',
    `Lottery Results Service is ready on ${base} (started in ${(startupMs / 1000).toFixed(1)} s).`,
    `  Database: ${settings.databaseUrl ? 'PostgreSQL server (DATABASE_URL)' : `embedded PostgreSQL in ${settings.dataDir}`}`,
    `  API docs: ${base}/docs   OpenAPI: ${base}/openapi.json   Health: ${base}/health/ready`,
    '',
  ];
  process.stdout.write(lines.join('\n') + '\n');
}
