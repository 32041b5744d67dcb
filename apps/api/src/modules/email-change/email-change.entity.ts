import {
  Column,
  CreateDateColumn,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  PrimaryGeneratedColumn,
} from 'typeorm';
import { Account } from '../accounts/account.entity';

/**
 * A change of an account's e-mail address waiting for its confirmation link (issue 34), sent to the new address,
 * with the cancellation link of the notice sent to the current one. Only the SHA-256 of each link's secret is kept,
 * as for password-reset links and API tokens.
 */
@Entity({ name: 'email_changes' })
export class EmailChange {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'PK_email_changes' })
  id!: string;

  @Index('IDX_email_changes_account')
  @Column({ name: 'account_id', type: 'uuid' })
  accountId!: string;

  @ManyToOne(() => Account, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'account_id', foreignKeyConstraintName: 'FK_email_changes_account' })
  account?: Account;

  /** Normalised (trimmed, lower-cased), as accounts.email. */
  @Column({ name: 'new_email', type: 'varchar', length: 254 })
  newEmail!: string;

  @Index('UQ_email_changes_secret_hash', { unique: true })
  @Column({ name: 'secret_hash', type: 'char', length: 64 })
  secretHash!: string;

  /**
   * The SHA-256 of the secret of the notice's "this wasn't me" link, which cancels the change and ends the account's
   * sessions. Null on changes asked before that link existed.
   */
  @Index('UQ_email_changes_cancel_hash', { unique: true })
  @Column({ name: 'cancel_hash', type: 'char', length: 64, nullable: true })
  cancelHash!: string | null;

  /**
   * The account's session version when the change was asked, with the password checked then. A password change or
   * reset moves the account's on, so the change (and both its links) dies with the password that asked for it.
   */
  @Column({ name: 'session_version', type: 'integer' })
  sessionVersion!: number;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt!: Date;

  /** Set when either link was used. A newer request of the account deletes the older pending ones. */
  @Column({ name: 'used_at', type: 'timestamptz', nullable: true })
  usedAt!: Date | null;
}
