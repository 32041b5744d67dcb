import { Column, CreateDateColumn, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import type { RuleEra } from './domain/lottery-rules';
import type { DrawSchedule } from './domain/draw-schedule';

/** A lottery game. Its current `main`/`special` rules are derived from `rules`, the era history. */
@Entity({ name: 'lotteries' })
export class Lottery {
  @PrimaryColumn({ type: 'varchar', length: 64 })
  tag!: string;

  @Column({ type: 'varchar', length: 100 })
  name!: string;

  @Column({ type: 'varchar', length: 64 })
  country!: string;

  @Column({ type: 'varchar', length: 64 })
  timezone!: string;

  /** What the special numbers are called (Powerball, Lucky Stars, …); null without special numbers. */
  @Column({ name: 'special_name', type: 'varchar', length: 64, nullable: true })
  specialName!: string | null;

  /** Rule eras ascending by `from`. */
  @Column({ type: 'jsonb' })
  rules!: RuleEra[];

  /** Whether main numbers are stored in the order they were drawn (else as published, usually sorted). */
  @Column({ name: 'draw_order', type: 'boolean', default: false })
  drawOrder!: boolean;

  /** The draw calendar (eras of weekdays and local times); null when draws follow no schedule. */
  @Column({ type: 'jsonb', nullable: true })
  schedule!: DrawSchedule | null;

  /** The authority for the lottery's results (the operator's publication), shown to every client. */
  @Column({ type: 'text', nullable: true })
  source!: string | null;

  /** Who runs the game, short ("Française des Jeux"), shown to every client; null when not recorded. */
  @Column({ type: 'text', nullable: true })
  operator!: string | null;

  /**
   * The terms under which the shipped source publishes the results, short ('none found' where none were found),
   * shown to every client; null when not recorded.
   */
  @Column({ type: 'text', nullable: true })
  terms!: string | null;

  /**
   * Where the service's copy of the history was taken from (a repository or mirror, with its licence): for
   * administrators (GET /admin/lotteries), not in every client's answer.
   */
  @Column({ type: 'text', nullable: true })
  provenance!: string | null;

  /** The date the game ended ('YYYY-MM-DD'); null while it is played. A retired game keeps its history. */
  @Column({ name: 'retired_on', type: 'date', nullable: true })
  retiredOn!: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
