import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * What stays of a deleted account: its id, which its metering records (usage_daily, usage_monthly) still carry, with
 * the e-mail they belong to. Registering that e-mail again gives the new account this id back (and the session
 * version after this one, so that access tokens of the old account stay refused): its quota counters, in memory,
 * in Redis and in the ledger, simply continue, whatever instance still has units of the old one to write.
 */
@Entity({ name: 'deleted_accounts' })
export class DeletedAccount {
  @PrimaryColumn({ type: 'uuid', primaryKeyConstraintName: 'PK_deleted_accounts' })
  id!: string;

  /** Lower-cased, as in accounts. */
  @Index('IDX_deleted_accounts_email')
  @Column({ type: 'varchar', length: 254 })
  email!: string;

  @Column({ name: 'session_version', type: 'integer' })
  sessionVersion!: number;

  @Column({ name: 'deleted_at', type: 'timestamptz', default: () => 'now()' })
  deletedAt!: Date;
}
