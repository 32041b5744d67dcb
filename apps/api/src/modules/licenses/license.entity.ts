import { Column, CreateDateColumn, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/** A license: the monthly quota and the rate limits that apply to every account holding it. */
@Entity({ name: 'licenses' })
export class License {
  @PrimaryColumn({ type: 'varchar', length: 64 })
  name!: string;

  /** null = unlimited. */
  @Column({ name: 'monthly_quota', type: 'integer', nullable: true })
  monthlyQuota!: number | null;

  @Column({ name: 'per_second', type: 'integer' })
  perSecond!: number;

  @Column({ name: 'per_minute', type: 'integer' })
  perMinute!: number;

  @Column({ name: 'per_hour', type: 'integer' })
  perHour!: number;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
