import {
  Column,
  CreateDateColumn,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  PrimaryGeneratedColumn,
} from 'typeorm';
import { WebhookEvent } from './webhook-event.entity';
import { WebhookSubscription } from './webhook-subscription.entity';

/**
 * `failed` also holds a delivery dropped at fan-out because its subscription or account had too many pending
 * (never attempted: `attempts` 0, `lastError` says why), so the delivery log's shape stays what clients know.
 */
export type DeliveryStatus = 'pending' | 'delivered' | 'failed';

/** One event for one subscription: retried until delivered or past the retry horizon. */
@Entity({ name: 'webhook_deliveries' })
@Index('IDX_webhook_deliveries_due', ['status', 'nextAttemptAt'])
@Index('IDX_webhook_deliveries_subscription', ['subscriptionId', 'createdAt'])
// The pending caps count these, and the fair claim takes each subscription's oldest.
@Index('IDX_webhook_deliveries_pending', ['subscriptionId', 'createdAt'], { where: "status = 'pending'" })
// In flight (leased): at most one per subscription, a few per account.
@Index('IDX_webhook_deliveries_leased', ['lockedUntil'], { where: 'locked_until IS NOT NULL' })
// Retention deletes by age; an event is deleted once no delivery refers to it.
@Index('IDX_webhook_deliveries_created', ['createdAt'])
@Index('IDX_webhook_deliveries_event', ['eventId'])
export class WebhookDelivery {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ name: 'event_id', type: 'uuid' })
  eventId!: string;

  @Column({ name: 'subscription_id', type: 'uuid' })
  subscriptionId!: string;

  @Column({ type: 'varchar', length: 16, default: 'pending' })
  status!: DeliveryStatus;

  @Column({ type: 'integer', default: 0 })
  attempts!: number;

  @Column({ name: 'next_attempt_at', type: 'timestamptz', default: () => 'now()' })
  nextAttemptAt!: Date;

  /** Claimed by a worker until then (set with FOR UPDATE SKIP LOCKED): no other instance sends it meanwhile. */
  @Column({ name: 'locked_until', type: 'timestamptz', nullable: true })
  lockedUntil!: Date | null;

  @Column({ name: 'last_attempt_at', type: 'timestamptz', nullable: true })
  lastAttemptAt!: Date | null;

  /** The receiver's HTTP status; null when no answer came (timeout, refused address, connection error). */
  @Column({ name: 'last_status', type: 'integer', nullable: true })
  lastStatus!: number | null;

  @Column({ name: 'last_error', type: 'text', nullable: true })
  lastError!: string | null;

  @Column({ name: 'last_latency_ms', type: 'integer', nullable: true })
  lastLatencyMs!: number | null;

  /** The first characters of the receiver's answer, nothing more. */
  @Column({ name: 'response_excerpt', type: 'varchar', length: 500, nullable: true })
  responseExcerpt!: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @ManyToOne(() => WebhookEvent, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'event_id' })
  event?: WebhookEvent;

  @ManyToOne(() => WebhookSubscription, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'subscription_id' })
  subscription?: WebhookSubscription;
}
