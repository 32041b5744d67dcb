import { rmSync } from 'node:fs';
import { Client } from 'pg';
import { EMBEDDED_TEMPLATE_DIR, RUN_PREFIX, serverBaseUrl, testEngine } from './test-engine';

export default async function globalTeardown(): Promise<void> {
  if (testEngine() === 'server') {
    const admin = new Client({ connectionString: serverBaseUrl() });
    await admin.connect();
    // This run's databases, and those of runs that died before their teardown (their pid is gone).
    const { rows } = await admin.query(`SELECT datname FROM pg_database WHERE datname LIKE 'lrs\\_test\\_%'`);
    for (const { datname } of rows as { datname: string }[]) {
      if (datname.startsWith(RUN_PREFIX) || !runAlive(datname))
        await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
    }
    await admin.end();
  } else {
    rmSync(EMBEDDED_TEMPLATE_DIR, { recursive: true, force: true });
  }
}

/** Whether the jest run that made this database (lrs_test_<pid>_…) is still running. */
function runAlive(datname: string): boolean {
  const pid = Number(/^lrs_test_(\d+)_/.exec(datname)?.[1]);
  if (!pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
