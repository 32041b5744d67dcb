import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * Recent failed password attempts against one counter of LoginBackoff: an (e-mail address, client) pair, an
 * address's untrusted clients together, a device or an account's sessions. Only a keyed hash of what it counts is
 * kept: the table holds no address that someone merely typed, no client IP and no id.
 */
@Entity({ name: 'login_failures' })
export class LoginFailure {
  @PrimaryColumn({
    name: 'key_hash',
    type: 'char',
    length: 64,
    primaryKeyConstraintName: 'PK_login_failures',
  })
  keyHash!: string;

  /** Attempts since the last success (or since a quiet day), the one under way included. */
  @Column({ type: 'integer' })
  failures!: number;

  @Index('IDX_login_failures_last_failed_at')
  @Column({ name: 'last_failed_at', type: 'timestamptz' })
  lastFailedAt!: Date;

  /** No attempt is verified before this instant; null below the free failures. */
  @Column({ name: 'blocked_until', type: 'timestamptz', nullable: true })
  blockedUntil!: Date | null;
}
