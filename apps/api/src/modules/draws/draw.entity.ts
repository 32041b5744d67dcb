import { Column, Entity, JoinColumn, ManyToOne, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import { Lottery } from '../lotteries/lottery.entity';

/** One draw: numbers kept as arrays in draw order (main, then special). The primary key (lottery, date, round) serves newest-first scans. */
@Entity({ name: 'draws' })
export class Draw {
  @PrimaryColumn({ name: 'lottery_tag', type: 'varchar', length: 64 })
  lotteryTag!: string;

  /** The lottery's local calendar date, 'YYYY-MM-DD'. */
  @PrimaryColumn({ name: 'draw_date', type: 'date' })
  drawDate!: string;

  /** Which draw of its date (contract section 10): 1 unless the lottery's era has several rounds. */
  @PrimaryColumn({ type: 'smallint', default: 1 })
  round!: number;

  @Column({ type: 'smallint', array: true })
  main!: number[];

  @Column({ type: 'smallint', array: true, default: () => "'{}'" })
  special!: number[];

  /** Provenance of an ingested draw: the source it was fetched from ("adapter url"); null when written otherwise. */
  @Column({ type: 'text', nullable: true })
  source!: string | null;

  /** When the ingested numbers were fetched; null when written otherwise (bundled data, administrators). */
  @Column({ name: 'fetched_at', type: 'timestamptz', nullable: true })
  fetchedAt!: Date | null;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;

  @ManyToOne(() => Lottery, { onDelete: 'CASCADE', onUpdate: 'CASCADE' })
  @JoinColumn({ name: 'lottery_tag' })
  lottery?: Lottery;
}
