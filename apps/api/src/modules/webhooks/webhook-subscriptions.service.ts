import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { randomUUID } from 'node:crypto';
import { DataSource, Repository } from 'typeorm';
import { ApiError } from '../../common/errors/api-error';
import { Messages } from '../../common/errors/messages';
import type { Page } from '../../common/pagination/page';
import { SETTINGS } from '../../config/settings.module';
import type { Settings } from '../../config/settings';
import { LotteryCatalog } from '../catalog/lottery-catalog.service';
import type { RequestMeter } from '../metering/request-meter';
import type { CreateWebhookDto, UpdateWebhookDto } from './dto/webhook-input.dto';
import type { WebhookDelivery } from './webhook-delivery.entity';
import { WebhookManualLimits } from './webhook-manual-limits';
import { newWebhookSecret } from './webhook-signature';
import { TEST_EVENT_TYPE, WebhookSubscription } from './webhook-subscription.entity';
import { WebhookTargetPolicy } from './webhook-target';
import { isUuid } from '../../common/database/uuid';
import type { Deadline } from '../../common/deadline';
import { transactionWithin } from '../../database/transaction-within';

/** An account holder's webhook subscriptions; every lookup is scoped to the account. */
@Injectable()
export class WebhookSubscriptionsService {
  private readonly policy: WebhookTargetPolicy;

  constructor(
    @InjectRepository(WebhookSubscription) private readonly subscriptions: Repository<WebhookSubscription>,
    private readonly dataSource: DataSource,
    private readonly catalog: LotteryCatalog,
    private readonly manualLimits: WebhookManualLimits,
    @Inject(SETTINGS) private readonly settings: Settings,
  ) {
    this.policy = new WebhookTargetPolicy(settings.webhooks.allowedHosts);
  }

  async list(accountId: string, page: Page): Promise<{ items: WebhookSubscription[]; total: number }> {
    const total = await this.subscriptions.countBy({ accountId });
    const items =
      page.limit === 0
        ? []
        : await this.subscriptions.find({
            where: { accountId },
            order: { createdAt: 'ASC', id: 'ASC' },
            take: page.limit,
            skip: page.offset,
          });
    return { items, total };
  }

  /** 404 `Webhook not found.` unless the account owns it. */
  async get(accountId: string, id: string): Promise<WebhookSubscription> {
    const found = isUuid(id) ? await this.subscriptions.findOneBy({ accountId, id }) : null;
    if (!found) throw ApiError.notFound(Messages.webhookNotFound);
    return found;
  }

  /** The account row is locked, so concurrent creations cannot pass the per-account maximum. */
  async create(accountId: string, input: CreateWebhookDto, deadline: Deadline): Promise<WebhookSubscription> {
    this.checkTarget(input.url);
    const lotteries = this.checkLotteries(input.lotteries ?? null);
    const id = await transactionWithin(this.dataSource, deadline, async (manager) => {
      const owner: unknown[] = await manager.query('SELECT id FROM accounts WHERE id = $1 FOR UPDATE', [
        accountId,
      ]);
      if (owner.length === 0) throw ApiError.callerAccountGone();
      const count = await manager.countBy(WebhookSubscription, { accountId });
      if (count >= this.settings.webhooks.maxPerAccount)
        throw ApiError.badRequest(Messages.webhookLimitReached);
      const created = manager.create(WebhookSubscription, {
        accountId,
        url: input.url,
        events: input.events,
        lotteries,
        enabled: true,
        disabledReason: null,
        secret: newWebhookSecret(),
        previousSecret: null,
        previousSecretExpiresAt: null,
      });
      return (await manager.save(created)).id;
    });
    return this.get(accountId, id);
  }

  async update(
    accountId: string,
    id: string,
    input: UpdateWebhookDto,
    deadline: Deadline,
  ): Promise<WebhookSubscription> {
    const subscription = await this.get(accountId, id);
    if (input.url !== undefined) this.checkTarget(input.url);
    const changes: Partial<WebhookSubscription> = {};
    if (input.url !== undefined) changes.url = input.url;
    if (input.events !== undefined) changes.events = input.events;
    if (input.lotteries !== undefined) changes.lotteries = this.checkLotteries(input.lotteries);
    if (input.enabled !== undefined) {
      changes.enabled = input.enabled;
      // Re-enabled by its owner: the service's reason no longer stands.
      if (input.enabled) changes.disabledReason = null;
    }
    // Each write in a transaction that ends with the request: given up (408, 503), it has no effect afterwards.
    if (Object.keys(changes).length)
      await transactionWithin(this.dataSource, deadline, (manager) =>
        manager.update(WebhookSubscription, { accountId, id: subscription.id }, changes),
      );
    return this.get(accountId, id);
  }

  /** Its pending deliveries go with it. */
  async remove(accountId: string, id: string, deadline: Deadline): Promise<void> {
    const subscription = await this.get(accountId, id);
    await transactionWithin(this.dataSource, deadline, (manager) =>
      manager.delete(WebhookSubscription, { accountId, id: subscription.id }),
    );
  }

  /** A new secret, shown once; the old one keeps signing (a second v1) for `graceSeconds`. */
  async rollSecret(
    accountId: string,
    id: string,
    graceSeconds: number,
    deadline: Deadline,
  ): Promise<WebhookSubscription> {
    const subscription = await this.get(accountId, id);
    await transactionWithin(this.dataSource, deadline, (manager) =>
      manager.update(
        WebhookSubscription,
        { accountId, id: subscription.id },
        {
          secret: newWebhookSecret(),
          previousSecret: graceSeconds > 0 ? subscription.secret : null,
          previousSecretExpiresAt: graceSeconds > 0 ? new Date(Date.now() + graceSeconds * 1000) : null,
        },
      ),
    );
    return this.get(accountId, id);
  }

  /**
   * Queues a `webhook.test` event for this subscription alone (even when disabled: it is how owners check).
   * 404, then the manual sends' rate limit and pending caps (429).
   */
  async test(
    accountId: string,
    id: string,
    meter: RequestMeter,
    deadline: Deadline,
  ): Promise<WebhookDelivery & { type: string }> {
    const subscription = await this.get(accountId, id);
    await this.manualLimits.count(meter, accountId);
    const eventId = randomUUID();
    const createdAt = new Date().toISOString();
    const body = JSON.stringify({
      id: eventId,
      type: TEST_EVENT_TYPE,
      createdAt,
      data: { lottery: null, draw: null },
    });
    const deliveryId = await transactionWithin(this.dataSource, deadline, async (manager) => {
      await this.manualLimits.refuseWhenFull(manager, meter, accountId, subscription.id);
      await manager.query(
        `INSERT INTO webhook_events (id, type, lottery_tag, body, created_at) VALUES ($1, $2, NULL, $3, $4)`,
        [eventId, TEST_EVENT_TYPE, body, createdAt],
      );
      const [row] = await manager.query(
        `INSERT INTO webhook_deliveries (event_id, subscription_id) VALUES ($1, $2) RETURNING id`,
        [eventId, subscription.id],
      );
      return row.id as string;
    });
    return this.delivery(accountId, id, deliveryId);
  }

  /** The subscription's deliveries, newest first. */
  async deliveries(
    accountId: string,
    id: string,
    page: Page,
  ): Promise<{ items: (WebhookDelivery & { type: string })[]; total: number }> {
    const subscription = await this.get(accountId, id);
    const [{ total }] = await this.dataSource.query(
      'SELECT count(*)::int AS total FROM webhook_deliveries WHERE subscription_id = $1',
      [subscription.id],
    );
    const items =
      page.limit === 0
        ? []
        : await this.dataSource.query(
            `${DELIVERY_SELECT} WHERE d.subscription_id = $1 ORDER BY d.created_at DESC, d.id LIMIT $2 OFFSET $3`,
            [subscription.id, page.limit, page.offset],
          );
    return { items: items.map(fromRow), total };
  }

  async delivery(
    accountId: string,
    id: string,
    deliveryId: string,
  ): Promise<WebhookDelivery & { type: string }> {
    const subscription = await this.get(accountId, id);
    const [row] = isUuid(deliveryId)
      ? await this.dataSource.query(`${DELIVERY_SELECT} WHERE d.subscription_id = $1 AND d.id = $2`, [
          subscription.id,
          deliveryId,
        ])
      : [];
    if (!row) throw ApiError.notFound(Messages.webhookDeliveryNotFound);
    return fromRow(row);
  }

  /** Sends the delivery's event again, as a new delivery (its log keeps the earlier one); limited as test(). */
  async redeliver(
    accountId: string,
    id: string,
    deliveryId: string,
    meter: RequestMeter,
    deadline: Deadline,
  ): Promise<WebhookDelivery & { type: string }> {
    const earlier = await this.delivery(accountId, id, deliveryId);
    await this.manualLimits.count(meter, accountId);
    // The new delivery as queued, read in its own transaction: once committed the worker may deliver it before a
    // later read, and the answer would say `delivered` for what the client just asked to send.
    return transactionWithin(this.dataSource, deadline, async (manager) => {
      await this.manualLimits.refuseWhenFull(manager, meter, accountId, earlier.subscriptionId);
      const [inserted] = await manager.query(
        `INSERT INTO webhook_deliveries (event_id, subscription_id) VALUES ($1, $2) RETURNING id`,
        [earlier.eventId, earlier.subscriptionId],
      );
      const [row] = await manager.query(`${DELIVERY_SELECT} WHERE d.id = $1`, [inserted.id]);
      return fromRow(row);
    });
  }

  private checkTarget(url: string): void {
    const problem = this.policy.problemWithUrl(url);
    if (problem) throw ApiError.badRequest(problem);
  }

  /** Unknown tags are refused: a typo would silently deliver nothing. */
  private checkLotteries(lotteries: string[] | null): string[] | null {
    if (lotteries === null) return null;
    const unknown = lotteries.find((tag) => !this.catalog.has(tag));
    if (unknown !== undefined) {
      throw ApiError.badRequest(Messages.invalidFieldProblem('lotteries', `no lottery '${unknown}'.`));
    }
    return lotteries;
  }
}

const DELIVERY_SELECT = `SELECT d.*, e.type FROM webhook_deliveries d JOIN webhook_events e ON e.id = d.event_id`;

function fromRow(row: Record<string, unknown>): WebhookDelivery & { type: string } {
  return {
    id: row['id'],
    eventId: row['event_id'],
    subscriptionId: row['subscription_id'],
    status: row['status'],
    attempts: row['attempts'],
    nextAttemptAt: row['next_attempt_at'],
    lockedUntil: row['locked_until'],
    lastAttemptAt: row['last_attempt_at'],
    lastStatus: row['last_status'],
    lastError: row['last_error'],
    lastLatencyMs: row['last_latency_ms'],
    responseExcerpt: row['response_excerpt'],
    createdAt: row['created_at'],
    type: row['type'],
  } as WebhookDelivery & { type: string };
}
