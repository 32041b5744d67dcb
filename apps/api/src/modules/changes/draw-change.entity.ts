import { Column, CreateDateColumn, Entity, Index, PrimaryColumn, PrimaryGeneratedColumn } from 'typeorm';

/**
 * The change log the public feed (`GET /changes`, contract section 12) reads: every draw event, written in the same
 * transaction as the draw change it reports (webhook-outbox.ts writes it with the webhooks' outbox, whoever
 * subscribed), with the webhook's body. `commit_seq` is set when the writing transaction commits, under a lock that
 * commits one writer at a time (the deferred trigger of migration DrawChanges1796920000000): events are handed
 * out in (commit_seq, id) order, which is commit order, and a reader that sees one commit has seen every earlier one.
 */
@Entity({ name: 'draw_changes' })
@Index('IDX_draw_changes_position', ['commitSeq', 'id'])
export class DrawChange {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id!: string;

  /** The event's id (its body's `id`, the webhook's X-Lottery-Event-Id). */
  @Column({ name: 'event_id', type: 'uuid' })
  eventId!: string;

  @Column({ type: 'varchar', length: 32 })
  type!: string;

  @Column({ name: 'lottery_tag', type: 'varchar', length: 64 })
  lotteryTag!: string;

  /** The event as JSON, byte for byte what a webhook delivery POSTs. */
  @Column({ type: 'text' })
  body!: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  /** Null until the writing transaction commits (and only that transaction sees it null). */
  @Column({ name: 'commit_seq', type: 'bigint', nullable: true })
  commitSeq!: string | null;

  @Column({ name: 'committed_at', type: 'timestamptz', nullable: true })
  committedAt!: Date | null;
}

/**
 * One row: the last position retention deleted (0, 0 before any). A cursor before it has missed events: 410.
 */
@Entity({ name: 'draw_change_horizon' })
export class DrawChangeHorizon {
  @PrimaryColumn({ type: 'smallint' })
  id!: number;

  @Column({ name: 'commit_seq', type: 'bigint' })
  commitSeq!: string;

  @Column({ name: 'change_id', type: 'bigint' })
  changeId!: string;
}
