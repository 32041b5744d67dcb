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
 * A change of an account's e-mail address waiting for its confirmation link (issue 34), sent to the new address.
 * Only the SHA-256 of the link's secret is kept, as for password-reset links and API tokens.
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

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt!: Date;

  /** Set when the link was used. A newer request of the account deletes the older pending ones. */
  @Column({ name: 'used_at', type: 'timestamptz', nullable: true })
  usedAt!: Date | null;
}
