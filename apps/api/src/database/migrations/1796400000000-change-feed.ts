import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * One change feed for every in-memory cache: after each committed change that a cache reads, a trigger notifies
 * the channel `lrs_changes` with a JSON event (see database/change-feed/change-events.ts), whoever wrote.
 * - `lottery.changed` {tag}: a lottery or one of its draws (replaces the channel `lrs_catalog` of migration
 *   CatalogChangeNotifications1795400000000, which carried the bare tag);
 * - `token.changed` {secretHashes}: a token's secrets before and after (its current and replaced secret);
 * - `account.changed` {accountId}; `license.changed` {name}.
 * Updates announce only when a column the caches hold changed: a token's `last_used_at`, written back for every
 * used token, must not empty the caches of every instance. Inserts into `api_tokens`, `accounts` and `licenses`
 * announce nothing: no cache can hold a row that did not exist (a new token's secret is random, a new account's id
 * is new, and no account can name a license before it exists), and a bulk insert of tokens would otherwise send
 * one notification per row (measured: 990k tokens took 50 s instead of 12 s).
 * PostgreSQL sends a transaction's identical notifications once, at commit.
 */
export class ChangeFeed1796400000000 implements MigrationInterface {
  name = 'ChangeFeed1796400000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TRIGGER lotteries_catalog_change ON lotteries');
    await queryRunner.query('DROP TRIGGER draws_catalog_change ON draws');
    await queryRunner.query('DROP FUNCTION lrs_notify_catalog_change()');
    await queryRunner.query(`
      CREATE FUNCTION lrs_notify_change() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE
        changed record;
        event json;
      BEGIN
        IF TG_OP = 'DELETE' THEN changed := OLD; ELSE changed := NEW; END IF;
        CASE TG_TABLE_NAME
          WHEN 'lotteries' THEN
            event := json_build_object('type', 'lottery.changed', 'tag', changed.tag);
          WHEN 'draws' THEN
            event := json_build_object('type', 'lottery.changed', 'tag', changed.lottery_tag);
          WHEN 'api_tokens' THEN
            event := json_build_object('type', 'token.changed', 'secretHashes', (
              SELECT coalesce(json_agg(DISTINCT hash), '[]'::json)
                FROM unnest(CASE TG_OP
                  WHEN 'INSERT' THEN ARRAY[NEW.secret_hash, NEW.previous_secret_hash]
                  WHEN 'DELETE' THEN ARRAY[OLD.secret_hash, OLD.previous_secret_hash]
                  ELSE ARRAY[OLD.secret_hash, OLD.previous_secret_hash, NEW.secret_hash, NEW.previous_secret_hash]
                END) AS hash
               WHERE hash IS NOT NULL));
          WHEN 'accounts' THEN
            event := json_build_object('type', 'account.changed', 'accountId', changed.id);
          WHEN 'licenses' THEN
            event := json_build_object('type', 'license.changed', 'name', changed.name);
        END CASE;
        PERFORM pg_notify('lrs_changes', event::text);
        RETURN NULL;
      END $$`);
    // A new lottery or draw is served from the catalog: every change counts.
    for (const table of ['lotteries', 'draws'])
      await queryRunner.query(`
        CREATE TRIGGER ${table}_change AFTER INSERT OR UPDATE OR DELETE ON ${table}
        FOR EACH ROW EXECUTE FUNCTION lrs_notify_change()`);
    await queryRunner.query(`
      CREATE TRIGGER licenses_change AFTER UPDATE OR DELETE ON licenses
      FOR EACH ROW EXECUTE FUNCTION lrs_notify_change()`);
    // Tokens and accounts: deletes, and updates of a column the credentials cache holds.
    const cachedColumns: [table: string, columns: string[]][] = [
      [
        'api_tokens',
        [
          'account_id',
          'id',
          'secret_hash',
          'previous_secret_hash',
          'previous_secret_expires_at',
          'expires_at',
        ],
      ],
      ['accounts', ['email', 'role', 'disabled', 'session_version', 'license_name']],
    ];
    for (const [table, columns] of cachedColumns) {
      const row = (side: string) => `(${columns.map((c) => `${side}.${c}`).join(', ')})`;
      await queryRunner.query(`
        CREATE TRIGGER ${table}_change AFTER DELETE ON ${table}
        FOR EACH ROW EXECUTE FUNCTION lrs_notify_change()`);
      await queryRunner.query(`
        CREATE TRIGGER ${table}_update AFTER UPDATE ON ${table}
        FOR EACH ROW WHEN (${row('OLD')} IS DISTINCT FROM ${row('NEW')})
        EXECUTE FUNCTION lrs_notify_change()`);
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of ['lotteries', 'draws', 'api_tokens', 'accounts', 'licenses'])
      await queryRunner.query(`DROP TRIGGER ${table}_change ON ${table}`);
    await queryRunner.query('DROP TRIGGER api_tokens_update ON api_tokens');
    await queryRunner.query('DROP TRIGGER accounts_update ON accounts');
    await queryRunner.query('DROP FUNCTION lrs_notify_change()');
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
}
