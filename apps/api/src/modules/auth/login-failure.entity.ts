import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * Recent failed log-ins to one e-mail address, known account or not (see LoginBackoff). Only the SHA-256 of the
 * normalised address is kept: the table holds no address that someone merely typed.
 */
@Entity({ name: 'login_failures' })
export class LoginFailure {
  @PrimaryColumn({
    name: 'email_hash',
    type: 'char',
    length: 64,
    primaryKeyConstraintName: 'PK_login_failures',
  })
  emailHash!: string;

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
