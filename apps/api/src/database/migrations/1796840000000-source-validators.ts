import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Sources kept current (issue 31):
 * - `draw_sources.validators`: each endpoint's ETag and Last-Modified, by URL, for the scheduler's conditional
 *   requests (a 304 fetches nothing);
 * - every instance learns when a lottery's source starts or stops failing, is enabled or disabled, added or
 *   removed: the catalog holds that state for the `source` key of X-Lottery-Freshness. The trigger announces
 *   `lottery.changed` on the change feed (the catalog rebuilds that lottery and reads its source's state), only when
 *   that state changes: an attempt that fails again, or succeeds again, announces nothing.
 */
export class SourceValidators1796840000000 implements MigrationInterface {
  name = 'SourceValidators1796840000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "draw_sources" ADD "validators" jsonb NOT NULL DEFAULT '{}'`);
    await queryRunner.query(`
      CREATE FUNCTION lrs_notify_source_change() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM pg_notify('lrs_changes', json_build_object('type', 'lottery.changed',
          'tag', CASE WHEN TG_OP = 'DELETE' THEN OLD.lottery_tag ELSE NEW.lottery_tag END)::text);
        RETURN NULL;
      END $$`);
    await queryRunner.query(`
      CREATE TRIGGER draw_sources_change AFTER INSERT OR DELETE ON draw_sources
      FOR EACH ROW EXECUTE FUNCTION lrs_notify_source_change()`);
    await queryRunner.query(`
      CREATE TRIGGER draw_sources_update AFTER UPDATE ON draw_sources
      FOR EACH ROW WHEN (
        (OLD.lottery_tag, OLD.enabled, OLD.consecutive_failures > 0)
          IS DISTINCT FROM (NEW.lottery_tag, NEW.enabled, NEW.consecutive_failures > 0))
      EXECUTE FUNCTION lrs_notify_source_change()`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TRIGGER draw_sources_update ON draw_sources');
    await queryRunner.query('DROP TRIGGER draw_sources_change ON draw_sources');
    await queryRunner.query('DROP FUNCTION lrs_notify_source_change()');
    await queryRunner.query(`ALTER TABLE "draw_sources" DROP COLUMN "validators"`);
  }
}
