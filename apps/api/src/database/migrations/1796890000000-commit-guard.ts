import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `commit_guard(deadline)`: sent in the same message as every COMMIT (database/bounded-client.ts). A COMMIT that
 * reaches the server after the deadline (held in a network partition while the client gave up and answered 503 or
 * 408) fails with query_canceled instead of committing, and its transaction is rolled back.
 */
export class CommitGuard1796890000000 implements MigrationInterface {
  name = 'CommitGuard1796890000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE OR REPLACE FUNCTION commit_guard(deadline timestamptz) RETURNS void LANGUAGE plpgsql AS $$
      BEGIN
        IF clock_timestamp() > deadline THEN
          RAISE EXCEPTION 'commit refused: it arrived after its deadline (%), the client no longer waits for it',
            deadline USING ERRCODE = 'query_canceled';
        END IF;
      END
      $$`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP FUNCTION IF EXISTS commit_guard(timestamptz)`);
  }
}
