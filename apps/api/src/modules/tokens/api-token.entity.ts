import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { Account } from '../accounts/account.entity';

/**
 * An API token. Its secret is never stored: only sha256(secret) (hex, unique) and a short display prefix.
 * The token's `id` is chosen by the account holder and unique within the account.
 */
@Entity({ name: 'api_tokens' })
export class ApiToken {
  @PrimaryColumn({ name: 'account_id', type: 'uuid' })
  accountId!: string;

  @PrimaryColumn({ type: 'varchar', length: 64 })
  id!: string;

  @Column({ type: 'varchar', length: 500, nullable: true })
  description!: string | null;

  @Column({ type: 'varchar', length: 16 })
  prefix!: string;

  @Index('UQ_api_tokens_secret_hash', { unique: true })
  @Column({ name: 'secret_hash', type: 'char', length: 64 })
  secretHash!: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  /**
   * Written back in batches by the metering module, not once per request. Indexed for the start-up warm-up, which
   * loads the tokens used lately before the service answers (CredentialsCache.warmUp).
   */
  @Index('IDX_api_tokens_last_used_at')
  @Column({ name: 'last_used_at', type: 'timestamptz', nullable: true })
  lastUsedAt!: Date | null;

  /** Null: the token never expires. From then on it is refused like an unknown token. */
  @Column({ name: 'expires_at', type: 'timestamptz', nullable: true })
  expiresAt!: Date | null;

  /** After a roll with a grace period: the replaced secret's hash, which keeps working until the time below. */
  @Index('IDX_api_tokens_previous_secret_hash')
  @Column({ name: 'previous_secret_hash', type: 'char', length: 64, nullable: true })
  previousSecretHash!: string | null;

  @Column({ name: 'previous_secret_expires_at', type: 'timestamptz', nullable: true })
  previousSecretExpiresAt!: Date | null;

  @ManyToOne(() => Account, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'account_id' })
  account?: Account;
}
