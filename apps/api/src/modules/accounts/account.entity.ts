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
}
