import type { DataSource } from 'typeorm';
import { type OthersStanding, type Standing, STANDING_LEASE_MS, type StandingBoard } from './quota-authority';

/**
 * The instances' standings in PostgreSQL (metering_instances): one upsert per publish, which also reads the other
 * live rows (its snapshot is taken before its own write commits: QuotaAuthority decides on a later read).
 */
export class MeteringInstancesBoard implements StandingBoard {
  constructor(private readonly dataSource: DataSource) {}

  async publish(id: string, standing: Standing): Promise<OthersStanding> {
    const [row]: { away: boolean | null; counts: boolean | null; charges: boolean | null }[] =
      await this.dataSource.query(
        `WITH others AS (
           SELECT bool_or(away) AS away, bool_or(counts_in_redis) AS counts, bool_or(charges_ledger) AS charges
             FROM metering_instances
            WHERE id <> $1 AND seen_at > now() - make_interval(secs => $5::double precision / 1000)),
         mine AS (
           INSERT INTO metering_instances AS m (id, away, counts_in_redis, charges_ledger, seen_at)
           VALUES ($1, $2, $3, $4, now())
           ON CONFLICT (id) DO UPDATE
              SET away = $2, counts_in_redis = $3, charges_ledger = $4, seen_at = now())
         SELECT * FROM others`,
        [id, standing.away, standing.countsInRedis, standing.chargesLedger, STANDING_LEASE_MS],
      );
    return {
      away: row?.away ?? false,
      countsInRedis: row?.counts ?? false,
      chargesLedger: row?.charges ?? false,
    };
  }

  async withdraw(id: string): Promise<void> {
    await this.dataSource.query(`DELETE FROM metering_instances WHERE id = $1`, [id]);
  }
}
