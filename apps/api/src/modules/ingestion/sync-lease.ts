import type { DataSource } from 'typeorm';

export const SCHEDULER_LEASE = 'draw-sync-scheduler';

/**
 * Takes or renews the lease for `ttlMs` (on the database's clock, which every instance shares). True when this
 * holder has it: the row was free, expired, or already its own. One statement, so two instances can never both win.
 */
export async function tryLease(
  dataSource: DataSource,
  holder: string,
  ttlMs: number,
  name = SCHEDULER_LEASE,
): Promise<boolean> {
  const rows = await dataSource.query<unknown[]>(
    `INSERT INTO sync_leases (name, holder, expires_at)
     VALUES ($1, $2, now() + $3::integer * interval '1 millisecond')
     ON CONFLICT (name) DO UPDATE SET holder = EXCLUDED.holder, expires_at = EXCLUDED.expires_at
       WHERE sync_leases.holder = EXCLUDED.holder OR sync_leases.expires_at < now()
     RETURNING holder`,
    [name, holder, ttlMs],
  );
  return rows.length === 1;
}

/** Gives the lease up (at shutdown), so another instance takes over at its next check instead of after expiry. */
export async function releaseLease(
  dataSource: DataSource,
  holder: string,
  name = SCHEDULER_LEASE,
): Promise<void> {
  await dataSource.query('DELETE FROM sync_leases WHERE name = $1 AND holder = $2', [name, holder]);
}
