import { BeforeApplicationShutdown, Inject, Injectable, Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { SETTINGS } from '../../config/settings.module';
import type { Settings } from '../../config/settings';
import { MetricsService } from '../metrics/metrics.service';
import { claimDue, type Claimed } from './webhook-claim';
import { registerPendingCaps } from './webhook-pending-caps';
import { WebhookRetention } from './webhook-retention';
import { sendWebhook, type SendResult } from './webhook-sender';
import { signatureHeader } from './webhook-signature';
import { TEST_EVENT_TYPE } from './webhook-subscription.entity';
import { WebhookTargetPolicy } from './webhook-target';

/** Deliveries this instance sends at once: its share of connections and sockets, whatever is due. */
const SLOTS = 16;
/** Deliveries in flight per account over every instance: one account's receivers never take every slot. */
const PER_ACCOUNT = 4;
/** The longest pause between two attempts. */
const MAX_BACKOFF_MS = 3_600_000;

/**
 * Sends the outbox's deliveries, on every instance. Claims are fair (webhook-claim.ts): one delivery in flight per
 * subscription, round-robin across accounts, a few in flight per account. This instance sends up to SLOTS at once
 * and claims again as soon as one is done (and every poll interval), never waiting for a batch: a receiver that
 * never answers holds one slot for WEBHOOK_TIMEOUT_MS, and the next free slot goes to the account with the fewest
 * in flight, so another account's delivery waits at most about one timeout. Claims hold a lease (`locked_until`)
 * and sending happens outside any transaction: two instances never send the same delivery at once, and a delivery
 * whose sender died is sent again when its lease ends (receivers deduplicate on X-Lottery-Event-Id). Failures are
 * retried with exponential back-off and jitter until WEBHOOK_RETRY_HORIZON_MS after the event; past it the delivery
 * fails and its subscription is disabled, with why. Shutdown waits for the sends in flight.
 */
@Injectable()
export class WebhookDeliveryWorker implements BeforeApplicationShutdown {
  private readonly logger = new Logger('Webhooks');
  private readonly policy: WebhookTargetPolicy;
  private timer?: NodeJS.Timeout;
  /** The claim under way, if any: one at a time per instance, so that free slots are not counted twice. */
  private claiming?: Promise<void>;
  /** Asked for while a claim was under way: claim again once it is done. */
  private claimAgain = false;
  private readonly inFlight = new Set<Promise<void>>();
  private stopped = false;
  /** Set while the database does not answer, so an outage is logged once. */
  private failingSince?: Date;

  constructor(
    private readonly dataSource: DataSource,
    private readonly metrics: MetricsService,
    private readonly retention: WebhookRetention,
    @Inject(SETTINGS) private readonly settings: Settings,
  ) {
    this.policy = new WebhookTargetPolicy(settings.webhooks.allowedHosts);
    registerPendingCaps(dataSource, settings.webhooks);
  }

  /**
   * Called by StartupService once the instance is prepared (migrations, bundled data, the embedded engine's restart),
   * so that no round runs against a database that is still being set up (it logged a false "paused" on first start).
   */
  start(): void {
    this.schedule();
    this.retention.start();
  }

  async beforeApplicationShutdown(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.retention.stop();
    await this.claiming;
    await Promise.all(this.inFlight);
  }

  /** Claims what is due into this instance's free slots and starts sending it; resolves once claimed, not sent. */
  poll(): Promise<void> {
    if (this.claiming) {
      this.claimAgain = true;
      return this.claiming;
    }
    this.claiming = this.fillSlots().finally(() => {
      this.claiming = undefined;
      if (this.claimAgain && !this.stopped) {
        this.claimAgain = false;
        void this.poll();
      }
    });
    return this.claiming;
  }

  private schedule(): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      void this.poll().finally(() => this.schedule());
    }, this.settings.webhooks.pollIntervalMs);
    this.timer.unref();
  }

  private async fillSlots(): Promise<void> {
    const free = SLOTS - this.inFlight.size;
    if (this.stopped || free <= 0) return;
    let claimed: Claimed[];
    try {
      claimed = await claimDue(this.dataSource, {
        slots: free,
        leaseMs: this.settings.webhooks.timeoutMs * 2 + 5_000,
        perAccount: PER_ACCOUNT,
      });
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
    for (const delivery of claimed) {
      // Its slot frees once the outcome is recorded: claim again at once (this subscription's next, or another's).
      const sending: Promise<void> = this.deliver(delivery).finally(() => {
        this.inFlight.delete(sending);
        if (!this.stopped) void this.poll();
      });
      this.inFlight.add(sending);
    }
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
