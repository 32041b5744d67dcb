import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { ApiError } from '../../common/errors/api-error';
import { SETTINGS } from '../../config/settings.module';
import type { Settings } from '../../config/settings';
import { MeteringService } from '../metering/metering.service';
import type { RequestMeter } from '../metering/request-meter';

/** Retry-After of a refusal for too many waiting deliveries: they drain as receivers answer or time out. */
const FULL_RETRY_AFTER_SECONDS = 60;

/**
 * What a test send or a redelivery (sends an owner asks for) may cost: WEBHOOK_TEST_RATE_LIMIT per account,
 * counted in the shared counter store like every other rate limit (one budget across instances with Redis), and
 * the pending caps. Both refusals are the contract's 429 with Retry-After.
 */
@Injectable()
export class WebhookManualLimits {
  constructor(
    private readonly metering: MeteringService,
    @Inject(SETTINGS) private readonly settings: Settings,
  ) {}

  /** Counts one manual send against the account's windows; over any → 429 (not counted), with the rate headers. */
  async count(meter: RequestMeter, accountId: string): Promise<void> {
    const windows = this.settings.webhooks.manualRateLimit;
    if (!windows) return;
    const rules = windows.map(({ limit, windowSeconds }) => ({
      key: `rate:webhook-manual-${windowSeconds}s:${accountId}`,
      windowMs: windowSeconds * 1000,
      limit,
    }));
    await this.metering.enforceRateLimits(meter, rules);
  }

  /**
   * In the transaction that writes the delivery: 429 when the subscription or the account already has as many
   * deliveries waiting as allowed. The account row is locked, so one account's concurrent sends are counted one
   * after the other.
   */
  async refuseWhenFull(
    manager: EntityManager,
    meter: RequestMeter,
    accountId: string,
    subscriptionId: string,
  ): Promise<void> {
    const { maxPendingPerSubscription: perSubscription, maxPendingPerAccount: perAccount } =
      this.settings.webhooks;
    await manager.query('SELECT id FROM accounts WHERE id = $1 FOR NO KEY UPDATE', [accountId]);
    // Counted up to the cap only: a full account costs no more to refuse than one at the cap.
    const [{ subscription, account }] = await manager.query(
      `SELECT (SELECT count(*) FROM (SELECT 1 FROM webhook_deliveries
                WHERE subscription_id = $1 AND status = 'pending' LIMIT $2) x)::int AS subscription,
              (SELECT count(*) FROM (SELECT 1 FROM webhook_deliveries d
                 JOIN webhook_subscriptions s ON s.id = d.subscription_id
                WHERE s.account_id = $3 AND d.status = 'pending' LIMIT $4) y)::int AS account`,
      [subscriptionId, perSubscription, accountId, perAccount],
    );
    if (subscription < perSubscription && account < perAccount) return;
    meter.retryAfterSeconds = FULL_RETRY_AFTER_SECONDS;
    throw ApiError.tooManyRequests();
  }
}
