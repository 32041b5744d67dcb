import { MigrationInterface, QueryRunner } from 'typeorm';

export class InitialSchema1795319709639 implements MigrationInterface {
  name = 'InitialSchema1795319709639';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "licenses" ("name" character varying(64) NOT NULL, "monthly_quota" integer, "per_second" integer NOT NULL, "per_minute" integer NOT NULL, "per_hour" integer NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_543cfb437043963bb8fc6e67c69" PRIMARY KEY ("name"))`,
    );
    await queryRunner.query(
      `CREATE TABLE "accounts" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "email" character varying(254) NOT NULL, "password_hash" character varying(255) NOT NULL, "role" character varying(16) NOT NULL DEFAULT 'user', "disabled" boolean NOT NULL DEFAULT false, "license_name" character varying(64), "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_5a7a02c20412299d198e097a8fe" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE UNIQUE INDEX "UQ_accounts_email" ON "accounts"  ("email") `);
    await queryRunner.query(
      `CREATE TABLE "lotteries" ("tag" character varying(64) NOT NULL, "name" character varying(100) NOT NULL, "country" character varying(64) NOT NULL, "timezone" character varying(64) NOT NULL, "special_name" character varying(64), "rules" jsonb NOT NULL, "draw_order" boolean NOT NULL DEFAULT false, "source" text, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_294dab71ff3b06ed5583fe6f5b3" PRIMARY KEY ("tag"))`,
    );
    await queryRunner.query(
      `CREATE TABLE "draws" ("lottery_tag" character varying(64) NOT NULL, "draw_date" date NOT NULL, "main" smallint array NOT NULL, "special" smallint array NOT NULL DEFAULT '{}', "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_9659edddfdf0c4a01bdca31b106" PRIMARY KEY ("lottery_tag", "draw_date"))`,
    );
    await queryRunner.query(
      `CREATE TABLE "usage_daily" ("account_id" uuid NOT NULL, "day" date NOT NULL, "count" integer NOT NULL DEFAULT '0', CONSTRAINT "PK_a41842469d8681f0a13efce90ed" PRIMARY KEY ("account_id", "day"))`,
    );
    await queryRunner.query(
      `CREATE TABLE "api_tokens" ("account_id" uuid NOT NULL, "id" character varying(64) NOT NULL, "description" character varying(500), "prefix" character varying(16) NOT NULL, "secret_hash" character(64) NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "last_used_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_0688a95bafb001571805dfc1c82" PRIMARY KEY ("account_id", "id"))`,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "UQ_api_tokens_secret_hash" ON "api_tokens"  ("secret_hash") `,
    );
    await queryRunner.query(
      `ALTER TABLE "accounts" ADD CONSTRAINT "FK_68d51c3dc95e0ef9b2ffbd92596" FOREIGN KEY ("license_name") REFERENCES "licenses"("name") ON DELETE SET NULL ON UPDATE CASCADE`,
    );
    await queryRunner.query(
      `ALTER TABLE "draws" ADD CONSTRAINT "FK_a295f1c4d6998b989d9663e001f" FOREIGN KEY ("lottery_tag") REFERENCES "lotteries"("tag") ON DELETE CASCADE ON UPDATE CASCADE`,
    );
    await queryRunner.query(
      `ALTER TABLE "usage_daily" ADD CONSTRAINT "FK_f1e4db0d90cb6fe42859648fb75" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "api_tokens" ADD CONSTRAINT "FK_5c25c1f4973320571027bfc1c14" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "api_tokens" DROP CONSTRAINT "FK_5c25c1f4973320571027bfc1c14"`);
    await queryRunner.query(`ALTER TABLE "usage_daily" DROP CONSTRAINT "FK_f1e4db0d90cb6fe42859648fb75"`);
    await queryRunner.query(`ALTER TABLE "draws" DROP CONSTRAINT "FK_a295f1c4d6998b989d9663e001f"`);
    await queryRunner.query(`ALTER TABLE "accounts" DROP CONSTRAINT "FK_68d51c3dc95e0ef9b2ffbd92596"`);
    await queryRunner.query(`DROP INDEX "public"."UQ_api_tokens_secret_hash"`);
    await queryRunner.query(`DROP TABLE "api_tokens"`);
    await queryRunner.query(`DROP TABLE "usage_daily"`);
    await queryRunner.query(`DROP TABLE "draws"`);
    await queryRunner.query(`DROP TABLE "lotteries"`);
    await queryRunner.query(`DROP INDEX "public"."UQ_accounts_email"`);
    await queryRunner.query(`DROP TABLE "accounts"`);
    await queryRunner.query(`DROP TABLE "licenses"`);
  }
}
