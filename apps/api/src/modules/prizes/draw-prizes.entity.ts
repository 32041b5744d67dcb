import { Column, Entity, JoinColumn, ManyToOne, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import { Draw } from '../draws/draw.entity';
import type { StoredDivisionPrize, StoredDrawPrizes } from './domain/draw-prizes';

/**
 * What one draw paid (contract section 10): facts of the draw, published after its numbers, so a row of their own
 * that goes with the draw. Money is integer minor units inside the jsonb (never a float).
 */
@Entity({ name: 'draw_prizes' })
export class DrawPrizes {
  @PrimaryColumn({ name: 'lottery_tag', type: 'varchar', length: 64 })
  lotteryTag!: string;

  @PrimaryColumn({ name: 'draw_date', type: 'date' })
  drawDate!: string;

  @PrimaryColumn({ type: 'smallint' })
  round!: number;

  /** ISO 4217. */
  @Column({ type: 'character', length: 3 })
  currency!: string;

  @Column({ type: 'jsonb', nullable: true })
  jackpot!: StoredDrawPrizes['jackpot'];

  /** Ascending by rank. */
  @Column({ type: 'jsonb' })
  divisions!: StoredDivisionPrize[];

  @Column({ type: 'jsonb', nullable: true })
  next!: StoredDrawPrizes['next'];

  @Column({ type: 'text' })
  source!: string;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;

  @ManyToOne(() => Draw, { onDelete: 'CASCADE', onUpdate: 'CASCADE' })
  @JoinColumn([
    { name: 'lottery_tag', referencedColumnName: 'lotteryTag' },
    { name: 'draw_date', referencedColumnName: 'drawDate' },
    { name: 'round', referencedColumnName: 'round' },
  ])
  draw?: Draw;
}
