import type { EntityManager } from 'typeorm';

/** The licenses every installation starts with (contract section 4), all with the public service's rate limits. */
export const SEEDED_LICENSES = [
  { name: 'free', monthlyQuota: 1_000 },
  { name: 'basic', monthlyQuota: 50_000 },
  { name: 'pro', monthlyQuota: 1_000_000 },
].map((l) => ({ ...l, perSecond: 20, perMinute: 1_200, perHour: 72_000 }));

/** Idempotent: an existing license (perhaps edited by an administrator) is left as it is. */
export async function seedLicenses(manager: EntityManager): Promise<void> {
  for (const l of SEEDED_LICENSES) {
    await manager.query(
      `INSERT INTO licenses (name, monthly_quota, per_second, per_minute, per_hour) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (name) DO NOTHING`,
      [l.name, l.monthlyQuota, l.perSecond, l.perMinute, l.perHour],
    );
  }
}
