import { BeforeApplicationShutdown, Inject, Injectable, Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { SETTINGS } from '../../config/settings.module';
import type { Settings } from '../../config/settings';
import { MetricsService } from '../metrics/metrics.service';
import { sendWebhook, type SendResult } from './webhook-sender';
import { signatureHeader } from './webhook-signature';
import { TEST_EVENT_TYPE } from './webhook-subscription.entity';
import { WebhookTargetPolicy } from './webhook-target';

/** Deliveries claimed per poll, sent concurrently. */
const BATCH = 10;
/** The longest pause between two attempts. */
const MAX_BACKOFF_MS = 3_600_000;

interface Claimed {
  id: string;
  attempts: number;
  created_at: Date;
  event_id: string;
  type: string;
  body: string;
  subscription_id: string;
  url: string;
  secret: string;
  previous_secret: string | null;
  previous_secret_expires_at: Date | null;
}

/**
 * Sends the outbox's deliveries, on every instance. Each poll claims due deliveries with FOR UPDATE SKIP LOCKED and
 * a lease (`locked_until`), in one short statement, then sends outside any transaction: two instances never send
 * the same delivery at once, and a delivery whose sender died is sent again when its lease ends (receivers
 * deduplicate on X-Lottery-Event-Id). Failures are retried with exponential back-off and jitter until
 * WEBHOOK_RETRY_HORIZON_MS after the event; past it the delivery fails and its subscription is disabled, with why.
 */
@Injectable()
export class WebhookDeliveryWorker implements BeforeApplicationShutdown {
  private readonly logger = new Logger('Webhooks');
  private readonly policy: WebhookTargetPolicy;
  private timer?: NodeJS.Timeout;
  private running: Promise<void> = Promise.resolve();
  private stopped = false;
  /** Set while the database does not answer, so an outage is logged once. */
  private failingSince?: Date;

  constructor(
    private readonly dataSource: DataSource,
    private readonly metrics: MetricsService,
    @Inject(SETTINGS) private readonly settings: Settings,
  ) {
    this.policy = new WebhookTargetPolicy(settings.webhooks.allowedHosts);
  }

  /**
   * Called by StartupService once the instance is prepared (migrations, bundled data, the embedded engine's restart),
   * so that no round runs against a database that is still being set up (it logged a false "paused" on first start).
   */
  start(): void {
    this.schedule();
  }

  async beforeApplicationShutdown(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }

  /** One round: claims what is due and sends it (also called by tests that do not want to wait). */
  poll(): Promise<void> {
    this.running = this.running.then(() => this.pollNow());
    return this.running;
  }

  private schedule(): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      void this.poll().finally(() => this.schedule());
    }, this.settings.webhooks.pollIntervalMs);
    this.timer.unref();
  }

  private async pollNow(): Promise<void> {
    let claimed: Claimed[];
    try {
      claimed = await this.claim();
      if (this.failingSince) {
        this.logger.log('Webhook deliveries resume: the database answers again');
        this.failingSince = undefined;
      }
    } catch (error) {
      if (!this.failingSince) {
        this.failingSince = new Date();
        this.logger.error(
          `Webhook deliveries paused, the database does not answer: ${(error as Error).message}`,
        );
      }
      return;
    }
    // One subscription's deliveries go one after another, oldest first, so a receiver usually sees a draw's events
    // in order (published, corrected, deleted); different subscriptions are served concurrently. Order is not
    // guaranteed (retries, several instances): events carry createdAt.
    const bySubscription = new Map<string, Claimed[]>();
    for (const delivery of claimed.sort((a, b) => +new Date(a.created_at) - +new Date(b.created_at))) {
      const queue = bySubscription.get(delivery.subscription_id) ?? [];
      queue.push(delivery);
      bySubscription.set(delivery.subscription_id, queue);
    }
    await Promise.all(
      [...bySubscription.values()].map(async (queue) => {
        for (const delivery of queue) await this.deliver(delivery);
      }),
    );
  }

  private async claim(): Promise<Claimed[]> {
    const leaseMs = this.settings.webhooks.timeoutMs * 2 + 5_000;
    const [rows] = await this.dataSource.query(
      `UPDATE webhook_deliveries d
          SET locked_until = now() + ($1::int * interval '1 millisecond'), attempts = d.attempts + 1,
              last_attempt_at = now()
         FROM webhook_subscriptions s, webhook_events e
        WHERE d.id IN (
                SELECT d2.id FROM webhook_deliveries d2
                  JOIN webhook_subscriptions s2 ON s2.id = d2.subscription_id
                  JOIN webhook_events e2 ON e2.id = d2.event_id
                 WHERE d2.status = 'pending' AND d2.next_attempt_at <= now()
                   AND (d2.locked_until IS NULL OR d2.locked_until < now())
                   AND (s2.enabled OR e2.type = $3)
                 ORDER BY d2.next_attempt_at, d2.created_at
                 LIMIT $2
                   FOR UPDATE OF d2 SKIP LOCKED)
          AND s.id = d.subscription_id AND e.id = d.event_id
       RETURNING d.id, d.attempts, d.created_at, e.id AS event_id, e.type, e.body, s.id AS subscription_id, s.url,
                 s.secret, s.previous_secret, s.previous_secret_expires_at`,
      [leaseMs, BATCH, TEST_EVENT_TYPE],
    );
    return rows as Claimed[];
  }

  private async deliver(delivery: Claimed): Promise<void> {
    const now = new Date();
    const secrets = [delivery.secret];
    if (
      delivery.previous_secret &&
      delivery.previous_secret_expires_at &&
      new Date(delivery.previous_secret_expires_at) > now
    )
      secrets.push(delivery.previous_secret);
    const result = await sendWebhook(
      this.policy,
      delivery.url,
      delivery.body,
      {
        'X-Lottery-Event-Id': delivery.event_id,
        'X-Lottery-Event-Type': delivery.type,
        'X-Lottery-Delivery-Id': delivery.id,
        'X-Lottery-Signature': signatureHeader(delivery.body, secrets, now),
      },
      this.settings.webhooks.timeoutMs,
    );
    try {
      await this.record(delivery, result);
    } catch (error) {
      // The lease runs out and the delivery is sent again: at least once, never lost.
      this.logger.error(`Could not record webhook delivery ${delivery.id}: ${(error as Error).message}`);
    }
  }

  private async record(delivery: Claimed, result: SendResult): Promise<void> {
    const outcome = [result.status, result.latencyMs, result.error, result.excerpt, delivery.id];
    if (result.error === null) {
      this.metrics.webhookDeliveries.labels('delivered').inc();
      await this.dataSource.query(
        `UPDATE webhook_deliveries SET status = 'delivered', locked_until = NULL, last_status = $1,
                last_latency_ms = $2, last_error = $3, response_excerpt = $4 WHERE id = $5`,
        outcome,
      );
      return;
    }
    const age = Date.now() - new Date(delivery.created_at).getTime();
    if (age < this.settings.webhooks.retryHorizonMs) {
      this.metrics.webhookDeliveries.labels('retry').inc();
      await this.dataSource.query(
        `UPDATE webhook_deliveries SET locked_until = NULL, last_status = $1, last_latency_ms = $2, last_error = $3,
                response_excerpt = $4, next_attempt_at = now() + ($6::int * interval '1 millisecond') WHERE id = $5`,
        [...outcome, this.backoffMs(delivery.attempts)],
      );
      return;
    }
    this.metrics.webhookDeliveries.labels('failed').inc();
    await this.dataSource.transaction(async (manager) => {
      await manager.query(
        `UPDATE webhook_deliveries SET status = 'failed', locked_until = NULL, last_status = $1, last_latency_ms = $2,
                last_error = $3, response_excerpt = $4 WHERE id = $5`,
        outcome,
      );
      if (delivery.type === TEST_EVENT_TYPE) return;
      const reason =
        `Disabled on ${new Date().toISOString()}: event ${delivery.event_id} failed ${delivery.attempts} times ` +
        `over ${Math.round(age / 60_000)} minutes; last: ${result.error}`;
      const [, disabled] = await manager.query(
        `UPDATE webhook_subscriptions SET enabled = false, disabled_reason = $2, updated_at = now()
          WHERE id = $1 AND enabled`,
        [delivery.subscription_id, reason],
      );
      if (disabled) this.logger.warn(`Webhook subscription ${delivery.subscription_id} disabled: ${reason}`);
    });
  }

  /** base × 2^(attempt−1), at most an hour, with full jitter over its upper half (instances do not stampede). */
  private backoffMs(attempts: number): number {
    const ceiling = Math.min(
      MAX_BACKOFF_MS,
      this.settings.webhooks.retryBaseMs * 2 ** Math.min(attempts - 1, 30),
    );
    return Math.round(ceiling / 2 + Math.random() * (ceiling / 2));
  }
}
