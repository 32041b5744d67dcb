import type { QueryRunner } from 'typeorm';
import { CaixaContestSources1796950000000 } from '../src/database/migrations/1796950000000-caixa-contest-sources';
import { withQueryRunner } from './support/test-set-ups';

/**
 * A database that loaded the Brazilian games when their sources asked for the latest contest only: down() puts them
 * back that way, up() gives them the per-contest URL and the mapping's contest field, as a new database is loaded,
 * and leaves a source an administrator set as it is.
 */
describe('migration 1796950000000 (CAIXA per-contest sources) for a database loaded earlier', () => {
  const TAGS = ['br_lotofacil', 'br_megasena', 'br_quina'];
  let runner: QueryRunner;
  const sources = async () =>
    (await runner.query(
      `SELECT lottery_tag, url, mapping FROM draw_sources WHERE lottery_tag = ANY($1) ORDER BY lottery_tag`,
      [TAGS],
    )) as { lottery_tag: string; url: string; mapping: Record<string, unknown> }[];

  let database: Awaited<ReturnType<typeof withQueryRunner>>;

  beforeAll(async () => {
    ({ runner } = database = await withQueryRunner());
  });
  afterAll(() => database?.close());

  it('moves the shipped sources to …/{contest} with contest: numero, and keeps an administrator’s', async () => {
    const loaded = await sources();
    expect(loaded.map((s) => [s.lottery_tag, s.url, s.mapping.contest])).toEqual([
      ['br_lotofacil', 'https://servicebus2.caixa.gov.br/portaldeloterias/api/lotofacil/{contest}', 'numero'],
      ['br_megasena', 'https://servicebus2.caixa.gov.br/portaldeloterias/api/megasena/{contest}', 'numero'],
      ['br_quina', 'https://servicebus2.caixa.gov.br/portaldeloterias/api/quina/{contest}', 'numero'],
    ]);
    const migration = new CaixaContestSources1796950000000();
    await migration.down(runner);
    expect((await sources()).map((s) => [s.url, 'contest' in s.mapping])).toEqual([
      ['https://servicebus2.caixa.gov.br/portaldeloterias/api/lotofacil', false],
      ['https://servicebus2.caixa.gov.br/portaldeloterias/api/megasena', false],
      ['https://servicebus2.caixa.gov.br/portaldeloterias/api/quina', false],
    ]);

    // An administrator's own source for Quina since.
    await runner.query(
      `UPDATE draw_sources SET url = 'https://example.org/quina' WHERE lottery_tag = 'br_quina'`,
    );
    await migration.up(runner);
    const migrated = await sources();
    expect(migrated.filter((s) => s.lottery_tag !== 'br_quina')).toEqual(
      loaded.filter((s) => s.lottery_tag !== 'br_quina'),
    );
    expect(migrated.find((s) => s.lottery_tag === 'br_quina')).toMatchObject({
      url: 'https://example.org/quina',
    });
    expect(migrated.find((s) => s.lottery_tag === 'br_quina')!.mapping.contest).toBeUndefined();
  });
});
