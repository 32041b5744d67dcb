import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The public change feed's log (issue 46, contract section 12): `draw_changes`, one row per draw event, and the
 * horizon retention has deleted up to.
 *
 * Commit order: a row's `commit_seq` is assigned when its transaction commits, by a deferred constraint trigger
 * that runs inside COMMIT, once per transaction (a transaction-local setting marks it done), after taking an
 * advisory lock that PostgreSQL releases only once the commit is visible. Commits that wrote events therefore take
 * their numbers one at a time, in the order they become visible: a reader that sees number k has seen every number
 * below it (or it was rolled back), so following the feed by (commit_seq, id) never skips a transaction that
 * started earlier and committed later. Until then only the writer sees its rows, with a null commit_seq.
 */
export class DrawChanges1796920000000 implements MigrationInterface {
  name = 'DrawChanges1796920000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "draw_changes" ("id" BIGSERIAL NOT NULL, "event_id" uuid NOT NULL, "type" character varying(32) NOT NULL, "lottery_tag" character varying(64) NOT NULL, "body" text NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "commit_seq" bigint, "committed_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_f413ff33fcee458dc18b2319284" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_draw_changes_position" ON "draw_changes"  ("commit_seq", "id") `,
    );
    await queryRunner.query(
      `CREATE TABLE "draw_change_horizon" ("id" smallint NOT NULL, "commit_seq" bigint NOT NULL, "change_id" bigint NOT NULL, CONSTRAINT "PK_c76a6aae2b4ada517502ac34059" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`INSERT INTO "draw_change_horizon" (id, commit_seq, change_id) VALUES (1, 0, 0)`);
    await queryRunner.query(`CREATE SEQUENCE "draw_change_commits"`);
    // 7340114: the feed's commit lock (7340112 and 7340113 are the migrations' and the bundled data's).
    await queryRunner.query(`
      CREATE FUNCTION draw_changes_commit() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE
        commit_number bigint;
      BEGIN
        IF current_setting('lrs.draw_changes_numbered', true) = 'yes' THEN
          RETURN NULL;
        END IF;
        PERFORM set_config('lrs.draw_changes_numbered', 'yes', true);
        PERFORM pg_advisory_xact_lock(7340114);
        commit_number := nextval('draw_change_commits');
        -- Rows of other transactions with a null commit_seq are not committed, so not visible here: only ours.
        UPDATE draw_changes SET commit_seq = commit_number, committed_at = clock_timestamp()
         WHERE commit_seq IS NULL;
        RETURN NULL;
      END
      $$`);
    await queryRunner.query(
      `CREATE CONSTRAINT TRIGGER draw_changes_commit AFTER INSERT ON draw_changes
         DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION draw_changes_commit()`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TRIGGER IF EXISTS draw_changes_commit ON draw_changes`);
    await queryRunner.query(`DROP FUNCTION IF EXISTS draw_changes_commit()`);
    await queryRunner.query(`DROP SEQUENCE IF EXISTS "draw_change_commits"`);
    await queryRunner.query(`DROP TABLE "draw_change_horizon"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_draw_changes_position"`);
    await queryRunner.query(`DROP TABLE "draw_changes"`);
  }
}
