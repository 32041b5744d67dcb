import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Every change to a lottery or its draws notifies the channel `lrs_catalog` with the lottery's tag, inside the
 * writing transaction (so only committed changes are announced, once per tag and transaction). Each instance's
 * CatalogSync listens and rebuilds that lottery in its in-memory catalog, whoever wrote: an instance, the
 * command-line tool, or SQL run by hand.
 */
export class CatalogChangeNotifications1795400000000 implements MigrationInterface {
  name = 'CatalogChangeNotifications1795400000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE FUNCTION lrs_notify_catalog_change() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_TABLE_NAME = 'draws' THEN
          PERFORM pg_notify('lrs_catalog', CASE WHEN TG_OP = 'DELETE' THEN OLD.lottery_tag ELSE NEW.lottery_tag END);
        ELSE
          PERFORM pg_notify('lrs_catalog', CASE WHEN TG_OP = 'DELETE' THEN OLD.tag ELSE NEW.tag END);
        END IF;
        RETURN NULL;
      END $$`);
    await queryRunner.query(`
      CREATE TRIGGER draws_catalog_change AFTER INSERT OR UPDATE OR DELETE ON draws
      FOR EACH ROW EXECUTE FUNCTION lrs_notify_catalog_change()`);
    await queryRunner.query(`
      CREATE TRIGGER lotteries_catalog_change AFTER INSERT OR UPDATE OR DELETE ON lotteries
      FOR EACH ROW EXECUTE FUNCTION lrs_notify_catalog_change()`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TRIGGER lotteries_catalog_change ON lotteries');
    await queryRunner.query('DROP TRIGGER draws_catalog_change ON draws');
    await queryRunner.query('DROP FUNCTION lrs_notify_catalog_change()');
  }
}
