import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Indexes for issue 29's webhook limits: the pending deliveries of a subscription (the caps count them, the fair
 * claim takes each subscription's oldest), the deliveries in flight (leased), and what retention deletes by age
 * (old deliveries, old events, and an event's deliveries, which its delete also cascades to).
 */
export class WebhookLimits1796500000000 implements MigrationInterface {
  name = 'WebhookLimits1796500000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE INDEX "IDX_webhook_deliveries_pending" ON "webhook_deliveries" ("subscription_id", "created_at") WHERE status = 'pending'`,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_webhook_deliveries_leased" ON "webhook_deliveries" ("locked_until") WHERE locked_until IS NOT NULL`,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_webhook_deliveries_created" ON "webhook_deliveries" ("created_at") `,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_webhook_deliveries_event" ON "webhook_deliveries" ("event_id") `,
    );
    await queryRunner.query(`CREATE INDEX "IDX_webhook_events_created" ON "webhook_events" ("created_at") `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."IDX_webhook_events_created"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_webhook_deliveries_event"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_webhook_deliveries_created"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_webhook_deliveries_leased"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_webhook_deliveries_pending"`);
  }
}
