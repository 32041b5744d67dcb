import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CatalogModule } from '../catalog/catalog.module';
import { WebhookDelivery } from './webhook-delivery.entity';
import { WebhookDeliveryWorker } from './webhook-delivery.worker';
import { WebhookEvent } from './webhook-event.entity';
import { WebhookManualLimits } from './webhook-manual-limits';
import { WebhookRetention } from './webhook-retention';
import { WebhookSubscription } from './webhook-subscription.entity';
import { WebhookSubscriptionsService } from './webhook-subscriptions.service';
import { WebhooksController } from './webhooks.controller';
import { MetricsModule } from '../metrics/metrics.module';
import { GuardsModule } from '../guards/guards.module';

/**
 * Signed webhooks (issue 12): account holders' subscriptions, the outbox that draw writes fill in their own
 * transaction (webhook-outbox.ts), and the worker that delivers it from every instance. Bounded (issue 29): manual
 * sends rate-limited, pending deliveries capped, claims fair across accounts, old rows deleted.
 */
@Module({
  imports: [
    GuardsModule,
    MetricsModule,
    TypeOrmModule.forFeature([WebhookSubscription, WebhookEvent, WebhookDelivery]),
    CatalogModule,
  ],
  controllers: [WebhooksController],
  providers: [WebhookSubscriptionsService, WebhookDeliveryWorker, WebhookManualLimits, WebhookRetention],
  exports: [WebhookDeliveryWorker],
})
export class WebhooksModule {}
