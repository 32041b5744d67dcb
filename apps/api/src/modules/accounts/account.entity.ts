import {
  Column,
  CreateDateColumn,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  PrimaryGeneratedColumn,
} from 'typeorm';
import { License } from '../licenses/license.entity';

export type AccountRole = 'user' | 'admin';

@Entity({ name: 'accounts' })
export class Account {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  /** Stored lower-cased, so the unique index is case-insensitive. */
  @Index('UQ_accounts_email', { unique: true })
  @Column({ type: 'varchar', length: 254 })
  email!: string;

  @Column({ name: 'password_hash', type: 'varchar', length: 255 })
  passwordHash!: string;

  @Column({ type: 'varchar', length: 16, default: 'user' })
  role!: AccountRole;

  @Column({ type: 'boolean', default: false })
  disabled!: boolean;

  @Column({ name: 'license_name', type: 'varchar', length: 64, nullable: true })
  licenseName!: string | null;

  @ManyToOne(() => License, { nullable: true, onDelete: 'SET NULL', onUpdate: 'CASCADE' })
  @JoinColumn({ name: 'license_name' })
  license?: License | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  /**
   * Carried in every access token (claim `sv`); a password change increments it, so the sessions opened before
   * are refused while the one that changed it gets a new token.
   */
  @Column({ name: 'session_version', type: 'integer', default: 0 })
  sessionVersion!: number;

  /**
   * Whether the address was shown to be the holder's. False only while an account registered with
   * REGISTRATION_VERIFY_EMAIL waits for its verification link (it has no license until then); accounts from before
   * that setting, those created by the service itself, and every account registered without it count as verified.
   */
  @Column({ name: 'email_verified', type: 'boolean', default: true })
  emailVerified!: boolean;

  /**
   * When the holder last asked to change the address (POST /profile/email): one request a minute, whatever its
   * outcome, so that the route cannot be used to test which addresses have accounts faster than that.
   */
  @Column({ name: 'email_change_asked_at', type: 'timestamptz', nullable: true })
  emailChangeAskedAt!: Date | null;
}
