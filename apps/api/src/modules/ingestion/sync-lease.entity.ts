import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * A lease row: the instance named in `holder` runs the scheduler until `expires_at`. A row rather than an advisory
 * lock, because a session lock pins one pooled connection for as long as it is held, and the embedded engine has
 * only one.
 */
@Entity({ name: 'sync_leases' })
export class SyncLease {
  @PrimaryColumn({ type: 'varchar', length: 64 })
  name!: string;

  @Column({ type: 'varchar', length: 64 })
  holder!: string;

  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt!: Date;
}
