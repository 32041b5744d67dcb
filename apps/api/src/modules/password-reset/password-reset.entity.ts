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

/** Who asked for the link: the account holder (by e-mail) or an administrator (handed over by hand). */
export type PasswordResetOrigin = 'email' | 'admin';

/** A one-time password-reset link. Only the SHA-256 of its secret is kept, as for API tokens. */
@Entity({ name: 'password_resets' })
export class PasswordReset {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'PK_password_resets' })
  id!: string;

  @Index('IDX_password_resets_account')
  @Column({ name: 'account_id', type: 'uuid' })
  accountId!: string;

  @ManyToOne(() => Account, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'account_id', foreignKeyConstraintName: 'FK_password_resets_account' })
  account?: Account;

  @Index('UQ_password_resets_secret_hash', { unique: true })
  @Column({ name: 'secret_hash', type: 'char', length: 64 })
  secretHash!: string;

  @Column({ type: 'varchar', length: 8 })
  origin!: PasswordResetOrigin;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt!: Date;

  /**
   * The account's session version when the link was made. Every password change moves the account's on (change,
   * reset), so a link works only until the password changes, however it changes.
   */
  @Column({ name: 'session_version', type: 'integer' })
  sessionVersion!: number;

  /** Set when the link was used, or when another link of the account was used first. */
  @Column({ name: 'used_at', type: 'timestamptz', nullable: true })
  usedAt!: Date | null;
}
