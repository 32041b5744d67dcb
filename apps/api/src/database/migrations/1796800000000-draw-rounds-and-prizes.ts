import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Complete results (issue 30, contract section 10):
 * - several draws on one date: `draws` is keyed by (lottery, date, round); every stored draw becomes round 1, so
 *   the bundle and every existing row stay as they are (only the key gains a column);
 * - what each draw paid: `draw_prizes`, one row per draw, gone with its draw; its changes are announced on the change
 *   feed as its lottery's, so every instance's catalog serves them.
 */
export class DrawRoundsAndPrizes1796800000000 implements MigrationInterface {
  name = 'DrawRoundsAndPrizes1796800000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "draws" ADD "round" smallint NOT NULL DEFAULT '1'`);
    await queryRunner.query(`ALTER TABLE "draws" DROP CONSTRAINT "PK_9659edddfdf0c4a01bdca31b106"`);
    // Lottery first: the catalog and the lists scan one lottery's draws newest first.
    await queryRunner.query(
      `ALTER TABLE "draws" ADD CONSTRAINT "PK_af2608c46afdf30e5209562f709" PRIMARY KEY ("lottery_tag", "draw_date", "round")`,
    );
    await queryRunner.query(`ALTER TABLE "draw_conflicts" ADD "round" smallint NOT NULL DEFAULT '1'`);
    await queryRunner.query(
      `CREATE TABLE "draw_prizes" ("lottery_tag" character varying(64) NOT NULL, "draw_date" date NOT NULL, "round" smallint NOT NULL, "currency" character(3) NOT NULL, "jackpot" jsonb, "divisions" jsonb NOT NULL, "next" jsonb, "source" text NOT NULL, "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_e7f9d0945a98f71f71563d5203a" PRIMARY KEY ("lottery_tag", "draw_date", "round"))`,
    );
    await queryRunner.query(
      `ALTER TABLE "draw_prizes" ADD CONSTRAINT "FK_e7f9d0945a98f71f71563d5203a" FOREIGN KEY ("lottery_tag", "draw_date", "round") REFERENCES "draws"("lottery_tag","draw_date","round") ON DELETE CASCADE ON UPDATE CASCADE`,
    );
    await queryRunner.query(`
      CREATE FUNCTION lrs_notify_prizes_change() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM pg_notify('lrs_changes', json_build_object('type', 'lottery.changed', 'tag',
          CASE WHEN TG_OP = 'DELETE' THEN OLD.lottery_tag ELSE NEW.lottery_tag END)::text);
        RETURN NULL;
      END $$`);
    await queryRunner.query(`
      CREATE TRIGGER draw_prizes_change AFTER INSERT OR UPDATE OR DELETE ON draw_prizes
      FOR EACH ROW EXECUTE FUNCTION lrs_notify_prizes_change()`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TRIGGER draw_prizes_change ON draw_prizes');
    await queryRunner.query('DROP FUNCTION lrs_notify_prizes_change()');
    await queryRunner.query(`DROP TABLE "draw_prizes"`);
    await queryRunner.query(`ALTER TABLE "draw_conflicts" DROP COLUMN "round"`);
    await queryRunner.query(`DELETE FROM "draws" WHERE "round" > 1`);
    await queryRunner.query(`ALTER TABLE "draws" DROP CONSTRAINT "PK_af2608c46afdf30e5209562f709"`);
    await queryRunner.query(
      `ALTER TABLE "draws" ADD CONSTRAINT "PK_9659edddfdf0c4a01bdca31b106" PRIMARY KEY ("lottery_tag", "draw_date")`,
    );
    await queryRunner.query(`ALTER TABLE "draws" DROP COLUMN "round"`);
  }
}
