import {
  Column,
  CreateDateColumn,
  Entity,
  JoinColumn,
  OneToOne,
  PrimaryColumn,
  UpdateDateColumn,
} from 'typeorm';
import { Lottery } from '../lotteries/lottery.entity';
import type { SourceEndpoint } from './domain/source-config';
import type { SourceMapping } from './domain/generic-mapping';
import type { SyncResult } from './sync-result';
import type { Validators } from './source-fetcher';

/**
 * The validators of each endpoint's last answer that was read (the source's URL, then each fallback's), sent back
 * with the scheduler's next request to it. `request` fingerprints what was asked and how it was read (the request,
 * the adapter and its mapping): validators are sent only when it is unchanged, since the same answer read another
 * way (a new mapping) or another question (a later `since`) must be fetched in full.
 */
export type SourceValidators = Record<string, Validators & { request: string }>;

/**
 * Where a lottery's new draws are fetched from (configured in data: adapter, URL, field mapping), with the sync
 * state of that source. One source per lottery.
 */
@Entity({ name: 'draw_sources' })
export class DrawSource {
  @PrimaryColumn({ name: 'lottery_tag', type: 'varchar', length: 64 })
  lotteryTag!: string;

  /** One of ADAPTER_NAMES. */
  @Column({ type: 'varchar', length: 32 })
  adapter!: string;

  @Column({ type: 'text' })
  url!: string;

  /** The generic adapter's field mapping; null for the dedicated adapters. */
  @Column({ type: 'jsonb', nullable: true })
  mapping!: SourceMapping | null;

  /** Publications tried in order when the one before fails (SourceEndpoint: adapter, url, mapping). */
  @Column({ type: 'jsonb', default: () => "'[]'" })
  fallbacks!: SourceEndpoint[];

  @Column({ type: 'boolean', default: true })
  enabled!: boolean;

  @Column({ name: 'last_attempt_at', type: 'timestamptz', nullable: true })
  lastAttemptAt!: Date | null;

  @Column({ name: 'last_success_at', type: 'timestamptz', nullable: true })
  lastSuccessAt!: Date | null;

  /** Why the last attempt failed (null after a success). */
  @Column({ name: 'last_error', type: 'text', nullable: true })
  lastError!: string | null;

  /** When the scheduler will poll next (null: not planned yet). */
  @Column({ name: 'next_attempt_at', type: 'timestamptz', nullable: true })
  nextAttemptAt!: Date | null;

  @Column({ name: 'consecutive_failures', type: 'integer', default: 0 })
  consecutiveFailures!: number;

  /** Polls since the expected draw was due and not found: the exponent of the back-off. */
  @Column({ name: 'backoff_step', type: 'integer', default: 0 })
  backoffStep!: number;

  /** What the last completed sync did (counts, rejected rows). */
  @Column({ name: 'last_result', type: 'jsonb', nullable: true })
  lastResult!: SyncResult | null;

  /**
   * The highest draw number read from the source (a mapping's `contest`): a URL holding `{contest}` is asked for
   * the numbers after it. Null until one is read.
   */
  @Column({ name: 'last_contest', type: 'integer', nullable: true })
  lastContest!: number | null;

  /** For conditional requests: each endpoint's ETag and Last-Modified, by URL. */
  @Column({ type: 'jsonb', default: () => "'{}'" })
  validators!: SourceValidators;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;

  @OneToOne(() => Lottery, { onDelete: 'CASCADE', onUpdate: 'CASCADE' })
  @JoinColumn({ name: 'lottery_tag' })
  lottery?: Lottery;
}
