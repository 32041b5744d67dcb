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
 * A link that verifies an account's address (REGISTRATION_VERIFY_EMAIL), sent to that address. Only the SHA-256 of
 * its secret is kept, as for the other links and API tokens.
 */
@Entity({ name: 'email_verifications' })
export class EmailVerification {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'PK_email_verifications' })
  id!: string;

  @Index('IDX_email_verifications_account')
  @Column({ name: 'account_id', type: 'uuid' })
  accountId!: string;

  @ManyToOne(() => Account, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'account_id', foreignKeyConstraintName: 'FK_email_verifications_account' })
  account?: Account;

  /** The address the link was sent to: it verifies only while that is still the account's. */
  @Column({ type: 'varchar', length: 254 })
  email!: string;

  @Index('UQ_email_verifications_secret_hash', { unique: true })
  @Column({ name: 'secret_hash', type: 'char', length: 64 })
  secretHash!: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt!: Date;

  /** Set when the link was used, or when another link of the account verified it first. */
  @Column({ name: 'used_at', type: 'timestamptz', nullable: true })
  usedAt!: Date | null;
}
