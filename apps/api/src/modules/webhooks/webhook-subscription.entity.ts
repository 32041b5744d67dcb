import {
  Column,
  CreateDateColumn,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  PrimaryGeneratedColumn,
  UpdateDateColumn,
} from 'typeorm';
import { Account } from '../accounts/account.entity';

export const WEBHOOK_EVENT_TYPES = [
  'draw.published',
  'draw.corrected',
  'draw.deleted',
  'draw.prizes',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];
/** Sent only by the test ping, to the one subscription asked. */
export const TEST_EVENT_TYPE = 'webhook.test';

/** An account holder's subscription: where to POST which events, signed with its secret. */
@Entity({ name: 'webhook_subscriptions' })
export class WebhookSubscription {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Index('IDX_webhook_subscriptions_account')
  @Column({ name: 'account_id', type: 'uuid' })
  accountId!: string;

  @Column({ type: 'varchar', length: 2048 })
  url!: string;

  /** The event types delivered (WEBHOOK_EVENT_TYPES). */
  @Column({ type: 'jsonb' })
  events!: WebhookEventType[];

  /** Lottery tags to deliver events of; null = every lottery. */
  @Column({ type: 'jsonb', nullable: true })
  lotteries!: string[] | null;

  @Column({ type: 'boolean', default: true })
  enabled!: boolean;

  /** Why the service disabled it (deliveries kept failing); null when enabled or disabled by its owner. */
  @Column({ name: 'disabled_reason', type: 'text', nullable: true })
  disabledReason!: string | null;

  /**
   * The signing secret. Kept readable (HMAC needs it), shown to its owner only at creation and rotation; a
   * database reader could forge signatures, as with every HMAC webhook scheme.
   */
  @Column({ type: 'varchar', length: 80 })
  secret!: string;

  /** After a rotation with a grace period: the replaced secret, also signed with until the grace ends. */
  @Column({ name: 'previous_secret', type: 'varchar', length: 80, nullable: true })
  previousSecret!: string | null;

  @Column({ name: 'previous_secret_expires_at', type: 'timestamptz', nullable: true })
  previousSecretExpiresAt!: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;

  @ManyToOne(() => Account, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'account_id' })
  account?: Account;
}
