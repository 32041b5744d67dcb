import { MigrationInterface, QueryRunner } from 'typeorm';

/** Webhook subscriptions, the event outbox and deliveries (issue 12). */
export class Webhooks1795900000000 implements MigrationInterface {
  name = 'Webhooks1795900000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "webhook_events" ("id" uuid NOT NULL, "type" character varying(32) NOT NULL, "lottery_tag" character varying(64), "body" text NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_4cba37e6a0acb5e1fc49c34ebfd" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE TABLE "webhook_subscriptions" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "account_id" uuid NOT NULL, "url" character varying(2048) NOT NULL, "events" jsonb NOT NULL, "lotteries" jsonb, "enabled" boolean NOT NULL DEFAULT true, "disabled_reason" text, "secret" character varying(80) NOT NULL, "previous_secret" character varying(80), "previous_secret_expires_at" TIMESTAMP WITH TIME ZONE, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_bf631ae77d39849d599817fb6f4" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_webhook_subscriptions_account" ON "webhook_subscriptions"  ("account_id") `,
    );
    await queryRunner.query(
      `CREATE TABLE "webhook_deliveries" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "event_id" uuid NOT NULL, "subscription_id" uuid NOT NULL, "status" character varying(16) NOT NULL DEFAULT 'pending', "attempts" integer NOT NULL DEFAULT '0', "next_attempt_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "locked_until" TIMESTAMP WITH TIME ZONE, "last_attempt_at" TIMESTAMP WITH TIME ZONE, "last_status" integer, "last_error" text, "last_latency_ms" integer, "response_excerpt" character varying(500), "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_535dd409947fb6d8fc6dfc0112a" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_webhook_deliveries_subscription" ON "webhook_deliveries"  ("subscription_id", "created_at") `,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_webhook_deliveries_due" ON "webhook_deliveries"  ("status", "next_attempt_at") `,
    );
    await queryRunner.query(
      `ALTER TABLE "webhook_subscriptions" ADD CONSTRAINT "FK_8c19d726c1e4af52ce74db6f0e6" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "FK_27d1ee90033bdafe0ffe8f1be6f" FOREIGN KEY ("event_id") REFERENCES "webhook_events"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "FK_23eb2b6ae801c52cfb79a556b8a" FOREIGN KEY ("subscription_id") REFERENCES "webhook_subscriptions"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "webhook_deliveries" DROP CONSTRAINT "FK_23eb2b6ae801c52cfb79a556b8a"`,
    );
    await queryRunner.query(
      `ALTER TABLE "webhook_deliveries" DROP CONSTRAINT "FK_27d1ee90033bdafe0ffe8f1be6f"`,
    );
    await queryRunner.query(
      `ALTER TABLE "webhook_subscriptions" DROP CONSTRAINT "FK_8c19d726c1e4af52ce74db6f0e6"`,
    );
    await queryRunner.query(`DROP INDEX "public"."IDX_webhook_deliveries_due"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_webhook_deliveries_subscription"`);
    await queryRunner.query(`DROP TABLE "webhook_deliveries"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_webhook_subscriptions_account"`);
    await queryRunner.query(`DROP TABLE "webhook_subscriptions"`);
    await queryRunner.query(`DROP TABLE "webhook_events"`);
  }
}
