import {
  Column,
  CreateDateColumn,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  PrimaryGeneratedColumn,
} from 'typeorm';
import { Lottery } from '../lotteries/lottery.entity';

/**
 * open: waits for an administrator; accepted / rejected: decided by one; corrected: written at once because
 * SYNC_ACCEPT_CORRECTIONS is on (kept as the log of corrections).
 */
export type ConflictStatus = 'open' | 'accepted' | 'rejected' | 'corrected';

/** A fetched draw that differs from the stored one: never written silently. */
@Entity({ name: 'draw_conflicts' })
@Index('IDX_draw_conflicts_status_created', ['status', 'createdAt'])
@Index('IDX_draw_conflicts_draw', ['lotteryTag', 'drawDate'])
export class DrawConflict {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ name: 'lottery_tag', type: 'varchar', length: 64 })
  lotteryTag!: string;

  @Column({ name: 'draw_date', type: 'date' })
  drawDate!: string;

  @Column({ type: 'smallint', default: 1 })
  round!: number;

  @Column({ name: 'stored_main', type: 'smallint', array: true })
  storedMain!: number[];

  @Column({ name: 'stored_special', type: 'smallint', array: true })
  storedSpecial!: number[];

  @Column({ name: 'fetched_main', type: 'smallint', array: true })
  fetchedMain!: number[];

  @Column({ name: 'fetched_special', type: 'smallint', array: true })
  fetchedSpecial!: number[];

  /** The source that published the fetched numbers ("adapter url"). */
  @Column({ type: 'text' })
  source!: string;

  @Column({ name: 'fetched_at', type: 'timestamptz' })
  fetchedAt!: Date;

  @Column({ type: 'varchar', length: 16, default: 'open' })
  status!: ConflictStatus;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column({ name: 'resolved_at', type: 'timestamptz', nullable: true })
  resolvedAt!: Date | null;

  @ManyToOne(() => Lottery, { onDelete: 'CASCADE', onUpdate: 'CASCADE' })
  @JoinColumn({ name: 'lottery_tag' })
  lottery?: Lottery;
}
