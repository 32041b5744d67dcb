import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * Metered (charged) requests per account and UTC day; a month's usage is the sum of its days. No foreign key to
 * accounts: the rows outlive a deleted account (an operator's books; see DeletedAccount).
 */
@Entity({ name: 'usage_daily' })
export class UsageDaily {
  @PrimaryColumn({ name: 'account_id', type: 'uuid' })
  accountId!: string;

  /** UTC calendar day, 'YYYY-MM-DD'. */
  @PrimaryColumn({ type: 'date' })
  day!: string;

  /** Every charged request: successes and errors. */
  @Column({ type: 'integer', default: 0 })
  count!: number;

  /** The charged requests answered with a client error (4xx); successes are `count - errors`. */
  @Column({ type: 'integer', default: 0 })
  errors!: number;
}
