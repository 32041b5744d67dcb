import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * One running instance's standing towards the quota (QuotaAuthority): whether it reaches Redis, and where it
 * counts quota units. Instances meet here, in PostgreSQL, because one that has lost Redis cannot tell the others
 * through Redis. Rows of instances not seen for a lease are ignored (crashed); a clean stop deletes its row.
 */
@Entity({ name: 'metering_instances' })
export class MeteringInstance {
  @PrimaryColumn({ type: 'uuid', primaryKeyConstraintName: 'PK_metering_instances' })
  id!: string;

  /** It cannot reach Redis: every instance charges the ledger until it can again. */
  @Column({ type: 'boolean' })
  away!: boolean;

  /** It counts quota units in Redis, or is about to (then it waits until nobody charges the ledger). */
  @Column({ name: 'counts_in_redis', type: 'boolean' })
  countsInRedis!: boolean;

  /** It charges quota units in the ledger, or is about to (then it waits until nobody counts in Redis). */
  @Column({ name: 'charges_ledger', type: 'boolean' })
  chargesLedger!: boolean;

  @Index('IDX_metering_instances_seen_at')
  @Column({ name: 'seen_at', type: 'timestamptz' })
  seenAt!: Date;
}

/** Which Redis the quota counters were last re-seeded into (one row): a restarted Redis has another run_id. */
@Entity({ name: 'counter_store_runs' })
export class CounterStoreRun {
  @PrimaryColumn({ type: 'smallint', primaryKeyConstraintName: 'PK_counter_store_runs' })
  id!: number;

  @Column({ name: 'run_id', type: 'varchar', length: 64 })
  runId!: string;
}
