import { Column, CreateDateColumn, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * The outbox: an event written in the same transaction as the draw change it reports, only when some enabled
 * subscription wants it. `body` is the exact JSON POSTed (the same bytes on every attempt).
 */
@Entity({ name: 'webhook_events' })
@Index('IDX_webhook_events_created', ['createdAt'])
export class WebhookEvent {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Column({ type: 'varchar', length: 32 })
  type!: string;

  @Column({ name: 'lottery_tag', type: 'varchar', length: 64, nullable: true })
  lotteryTag!: string | null;

  @Column({ type: 'text' })
  body!: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
