import { isIPv6 } from 'node:net';
import type { Settings } from '../config/settings';
import type { StartupReport } from './startup.service';

/** What a newcomer needs after `npm start`: where the service is and how to make the first request. */
export function printWelcome(options: {
  settings: Settings;
  port: number;
  report: StartupReport;
  startupMs: number;
}): void {
  const { settings, port, report, startupMs } = options;
  const base = `http://${reachableHost(settings.host)}:${port}`;
  const lines = [
    '',
    `Lottery Results Service is ready on ${base} (started in ${(startupMs / 1000).toFixed(1)} s).`,
    `  Database: ${settings.databaseUrl ? 'PostgreSQL server (DATABASE_URL)' : `embedded PostgreSQL in ${settings.dataDir}`}` +
      `; counters: ${settings.redisUrl ? 'Redis (REDIS_URL)' : 'in-process'}`,
  ];
  if (report.bundledData) {
    const { draws, lotteries, ms } = report.bundledData;
    const rate = Math.round(draws / Math.max(ms / 1000, 0.001));
    lines.push(`  Loaded ${draws} bundled draws of ${lotteries} lotteries in ${ms} ms (${rate} draws/s).`);
  }
  lines.push(
    `  Portal:   ${base}/portal/`,
    `  API docs: ${base}/docs   OpenAPI: ${base}/openapi.json   Health: ${base}/health/ready`,
  );
  if (report.admin)
    lines.push(
      `  Administrator: ${report.admin.email} (${report.admin.outcome === 'created' ? 'created now' : 'exists'})`,
    );
  if (report.demo) {
    lines.push(
      '',
      '  A demo account was created. Its secrets are shown this once — copy them now:',
      `    email ${report.demo.email}   password ${report.demo.password}`,
      `    API token ${report.demo.token}`,
      '',
      '  Try it:',
      `    curl -H "X-API-Token: ${report.demo.token}" ${base}/lottery/us_powerball/draw/latest/numbers`,
      `    curl -H "X-API-Token: ${report.demo.token}" ${base}/lottery/eu_euromillions/draw/2024-01-02/numbers`,
    );
  } else if (report.demoExists) {
    lines.push(
      '',
      '  The demo account (demo@example.com) was created on an earlier start; its token was printed then.',
      `  Lost it? Register on ${base}/portal/ and create a token, or delete ${settings.dataDir} to start afresh.`,
    );
  }
  process.stdout.write(lines.join('\n') + '\n\n');
}

/** The host to print: this machine for a wildcard address (every interface), else the address itself. */
function reachableHost(host: string): string {
  if (host === '0.0.0.0' || host === '::') return 'localhost';
  return isIPv6(host) ? `[${host}]` : host;
}
