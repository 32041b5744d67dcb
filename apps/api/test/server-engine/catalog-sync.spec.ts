import { newAdmin, newTokenHolder, sql } from '../support/fixtures';
import { http, Http } from '../support/http';
import { createTestApp, TestApp } from '../support/test-app';
import { eventually } from '../support/timing';

/**
 * The in-memory catalog of every instance follows the database, whoever writes: another instance, the command-line
 * tool or SQL run by hand (PostgreSQL triggers notify, each instance listens). A server only: the embedded engine
 * belongs to one process, whose writers rebuild the catalog themselves (covered in draws and import specs).
 */
describe('catalog sync between instances (PostgreSQL server)', () => {
  let first: TestApp;
  let second: TestApp;
  let a: Http;
  let b: Http;
  let tokenA: string;
  let tokenB: string;
  let adminJwt: string;

  beforeAll(async () => {
    first = await createTestApp();
    second = await createTestApp({}, { shareDatabaseWith: first });
    a = http(first.baseUrl);
    b = http(second.baseUrl);
    adminJwt = (await newAdmin(first, a)).jwt;
    tokenA = (await newTokenHolder(a)).token;
    tokenB = (await newTokenHolder(b)).token;
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  it('a draw written through one instance is served by the other', async () => {
    const put = await a.put('/admin/lotteries/fr_lotto/draws/2031-01-04', {
      jwt: adminJwt,
      body: { main: [1, 2, 3, 4, 5], special: [6] },
    });
    expect(put.status).toBe(201);
    // The writer reads its own write at once.
    expect((await a.get('/lottery/fr_lotto/draw/latest/numbers', { token: tokenA })).body.date).toBe(
      '2031-01-04',
    );
    await eventually(async () => {
      expect((await b.get('/lottery/fr_lotto/draw/latest/numbers', { token: tokenB })).body.date).toBe(
        '2031-01-04',
      );
    });
    expect((await a.delete('/admin/lotteries/fr_lotto/draws/2031-01-04', { jwt: adminJwt })).status).toBe(
      204,
    );
    await eventually(async () => {
      expect((await b.get('/lottery/fr_lotto/draw/2031-01-04/numbers', { token: tokenB })).status).toBe(404);
    });
  });

  it('a change made in the database by hand reaches every instance', async () => {
    await sql(first, `UPDATE lotteries SET name = 'Loto (renamed by hand)' WHERE tag = 'fr_lotto'`);
    for (const [api, token] of [
      [a, tokenA],
      [b, tokenB],
    ] as const) {
      await eventually(async () => {
        expect((await api.get('/lottery/fr_lotto', { token })).body.name).toBe('Loto (renamed by hand)');
      });
    }
    await sql(first, `UPDATE lotteries SET name = 'Loto' WHERE tag = 'fr_lotto'`);
  });

  it('after losing its notification connection an instance reconnects and catches up', async () => {
    // End every LISTEN session (the instances' notification connections), then change a draw meanwhile.
    await sql(
      first,
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
        WHERE datname = current_database() AND query LIKE 'LISTEN%' AND pid <> pg_backend_pid()`,
    );
    await sql(
      first,
      `INSERT INTO draws (lottery_tag, draw_date, main, special) VALUES ('fr_lotto', '2032-02-02', '{1,2,3,4,6}', '{7}')`,
    );
    await eventually(async () => {
      expect((await b.get('/lottery/fr_lotto/draw/latest/numbers', { token: tokenB })).body.date).toBe(
        '2032-02-02',
      );
    }, 5000);
    await sql(first, `DELETE FROM draws WHERE lottery_tag = 'fr_lotto' AND draw_date = '2032-02-02'`);
  });
});
