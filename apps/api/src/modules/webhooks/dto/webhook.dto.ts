import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import type { WebhookDelivery } from '../webhook-delivery.entity';
import { WEBHOOK_EVENT_TYPES, type WebhookSubscription } from '../webhook-subscription.entity';

/** A subscription as its owner sees it: never its secret, except in the answers below. */
export class WebhookDto {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty({ example: 'https://example.com/hooks/lottery' })
  url!: string;

  @ApiProperty({ enum: WEBHOOK_EVENT_TYPES, isArray: true })
  events!: string[];

  @ApiProperty({ type: [String], nullable: true, description: 'null: every lottery.' })
  lotteries!: string[] | null;

  @ApiProperty()
  enabled!: boolean;

  @ApiProperty({
    type: String,
    nullable: true,
    description: 'Why the service disabled the subscription (deliveries kept failing); null otherwise.',
  })
  disabledReason!: string | null;

  @ApiProperty({ type: String, format: 'date-time' })
  createdAt!: string;

  @ApiPropertyOptional({
    type: String,
    format: 'date-time',
    description: 'After a secret rotation with a grace period: until when the old secret also signs.',
  })
  previousSecretExpiresAt?: string;
}

/** The answer to creation and secret rotation: the only time the secret is shown. */
export class CreatedWebhookDto extends WebhookDto {
  @ApiProperty({
    example: 'whsec_3q2-7wLq0nE3Hn0O2vJ4d9r0hG8Y1aP6mXcV5tB2kQw',
    description: 'Signs every delivery (X-Lottery-Signature). Shown once.',
  })
  secret!: string;
}

export class WebhookDeliveryDto {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty({ format: 'uuid', description: 'Also sent as X-Lottery-Event-Id.' })
  eventId!: string;

  @ApiProperty({ example: 'draw.published' })
  type!: string;

  @ApiProperty({ enum: ['pending', 'delivered', 'failed'] })
  status!: string;

  @ApiProperty({ example: 1 })
  attempts!: number;

  @ApiProperty({ type: String, format: 'date-time' })
  createdAt!: string;

  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  lastAttemptAt!: string | null;

  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: 'Set while pending.' })
  nextAttemptAt!: string | null;

  @ApiProperty({
    type: Number,
    nullable: true,
    description: "The receiver's HTTP status at the last attempt.",
  })
  lastStatus!: number | null;

  @ApiProperty({ type: String, nullable: true, example: 'no answer within 10000 ms' })
  lastError!: string | null;

  @ApiProperty({ type: Number, nullable: true })
  lastLatencyMs!: number | null;

  @ApiProperty({
    type: String,
    nullable: true,
    description: "The first 500 characters of the receiver's answer.",
  })
  responseExcerpt!: string | null;
}

export function toWebhookDto(subscription: WebhookSubscription, now = new Date()): WebhookDto {
  const graceEnd = subscription.previousSecretExpiresAt;
  return {
    id: subscription.id,
    url: subscription.url,
    events: subscription.events,
    lotteries: subscription.lotteries,
    enabled: subscription.enabled,
    disabledReason: subscription.disabledReason,
    createdAt: subscription.createdAt.toISOString(),
    ...(graceEnd && graceEnd > now ? { previousSecretExpiresAt: graceEnd.toISOString() } : {}),
  };
}

export function toDeliveryDto(delivery: WebhookDelivery & { type: string }): WebhookDeliveryDto {
  const iso = (date: Date | null) => (date ? new Date(date).toISOString() : null);
  return {
    id: delivery.id,
    eventId: delivery.eventId,
    type: delivery.type,
    status: delivery.status,
    attempts: delivery.attempts,
    createdAt: new Date(delivery.createdAt).toISOString(),
    lastAttemptAt: iso(delivery.lastAttemptAt),
    nextAttemptAt: delivery.status === 'pending' ? iso(delivery.nextAttemptAt) : null,
    lastStatus: delivery.lastStatus,
    lastError: delivery.lastError,
    lastLatencyMs: delivery.lastLatencyMs,
    responseExcerpt: delivery.responseExcerpt,
  };
}
