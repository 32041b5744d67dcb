import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The bundled lotteries a database has been offered: a lottery added to the bundle later is loaded into a database
 * that holds others at its next start (BundledDataService.loadNew), once — an administrator who deletes it keeps it
 * deleted. The thirteen lotteries bundled before this migration count as offered: a database that holds lotteries
 * got them (or had them deleted) already; an empty one gets the whole bundle anyway.
 */
export class BundledLotteriesOffered1796900000000 implements MigrationInterface {
  name = 'BundledLotteriesOffered1796900000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "bundled_lotteries_offered" (
        "tag" character varying(64) NOT NULL,
        "offered_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "PK_bundled_lotteries_offered" PRIMARY KEY ("tag"))`);
    await queryRunner.query(`INSERT INTO "bundled_lotteries_offered" ("tag") SELECT unnest($1::varchar[])`, [
      [
        'us_powerball',
        'us_megamillions',
        'eu_euromillions',
        'uk_lotto',
        'fr_lotto',
        'de_lotto',
        'eu_eurojackpot',
        'ca_lotto649',
        'ca_lottomax',
        'it_superenalotto',
        'au_ozlotto',
        'au_powerball',
        'au_saturday_lotto',
      ],
    ]);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE IF EXISTS "bundled_lotteries_offered"`);
  }
}
