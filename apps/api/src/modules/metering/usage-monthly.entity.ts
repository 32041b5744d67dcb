import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * The quota's ledger (QuotaLedger): the units charged per account and UTC month that have been written, with a
 * version raised by every write, so that a counter seeded from a snapshot can be ordered against later writes.
 * No foreign key to accounts: the rows outlive a deleted account (an operator's books; see DeletedAccount).
 */
@Entity({ name: 'usage_monthly' })
@Index('IDX_usage_monthly_needs_reseed', ['accountId', 'month'], { where: '"needs_reseed"' })
export class UsageMonthly {
  @PrimaryColumn({ name: 'account_id', type: 'uuid' })
  accountId!: string;

  /** The month's first day, 'YYYY-MM-01'. */
  @PrimaryColumn({ type: 'date' })
  month!: string;

  /** Charged requests (successes and client errors; refunds taken off). */
  @Column({ type: 'integer', default: 0 })
  used!: number;

  @Column({ type: 'bigint', default: 0 })
  version!: number;

  /** Set when the month's counter in Redis may have missed a write: an instance re-seeds it, then clears this. */
  @Column({ name: 'needs_reseed', type: 'boolean', default: false })
  needsReseed!: boolean;
}
