import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The log-in back-off counts per (address, client), per address's untrusted clients, per device and per account's
 * sessions, no longer per address alone: its rows are keyed by a keyed hash of one of these (`key_hash`). The rows
 * kept under the old keys would count for nothing; they are only a day's back-off, so they are dropped.
 */
export class LoginBackoffKeys1796880000000 implements MigrationInterface {
  name = 'LoginBackoffKeys1796880000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DELETE FROM "login_failures"`);
    await queryRunner.query(`ALTER TABLE "login_failures" RENAME COLUMN "email_hash" TO "key_hash"`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DELETE FROM "login_failures"`);
    await queryRunner.query(`ALTER TABLE "login_failures" RENAME COLUMN "key_hash" TO "email_hash"`);
  }
}
