import { errorBody, Messages } from './support/contract-errors';
import { newTokenHolder } from './support/fixtures';
import type { Http } from './support/http';
import type { TestApp } from './support/test-app';
import { withSharedAdmin } from './support/test-set-ups';

/** GET /admin/lotteries/{tag}/draws: the draws as administrators browse them, with provenance, not metered. */
describe('the administrators’ draw list', () => {
  let app: TestApp;
  let api: Http;
  let jwt: string;

  beforeAll(async () => {
    ({
      app,
      api,
      admin: { jwt },
    } = await withSharedAdmin());
  });
  afterAll(() => app.close());

  it('pages a lottery’s draws newest first, with their provenance, bounded by from/to', async () => {
    const first = await api.get('/admin/lotteries/eu_euromillions/draws?limit=2', { jwt });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ limit: 2, offset: 0, more: true, total: expect.any(Number) });
    expect(first.body.draws).toHaveLength(2);
    expect(first.body.draws[0].date > first.body.draws[1].date).toBe(true);
    expect(first.body.draws[0]).toEqual({
      date: first.body.draws[0].date,
      numbers: expect.any(Array),
      source: null,
      fetchedAt: null,
      updatedAt: expect.any(String),
    });
    // The same draw as the one-draw route answers it.
    const one = await api.get(`/admin/lotteries/eu_euromillions/draws/${first.body.draws[0].date}`, { jwt });
    expect(one.body).toEqual(first.body.draws[0]);

    const january = await api.get('/admin/lotteries/eu_euromillions/draws?from=2024-01-01&to=2024-01-31', {
      jwt,
    });
    expect(january.body.draws.map((d: { date: string }) => d.date)).toEqual([
      '2024-01-30',
      '2024-01-26',
      '2024-01-23',
      '2024-01-19',
      '2024-01-16',
      '2024-01-12',
      '2024-01-09',
      '2024-01-05',
      '2024-01-02',
    ]);
    expect(january.body.total).toBe(9);
    expect((await api.get('/admin/lotteries/eu_euromillions/draws?limit=0', { jwt })).body).toEqual({
      limit: 0,
      offset: 0,
      more: true,
      total: first.body.total,
    });
  });

  it('is for administrators only, costs no quota, and names a bad parameter or an unknown lottery', async () => {
    const holder = await newTokenHolder(api);
    expect((await api.get('/admin/lotteries/fr_lotto/draws', { jwt: holder.jwt })).status).toBe(403);
    expect((await api.get('/admin/lotteries/fr_lotto/draws')).status).toBe(401);
    expect(await api.get('/admin/lotteries/xx_none/draws', { jwt })).toMatchObject({
      status: 404,
      body: errorBody.notFound(Messages.lotteryNotFound),
    });
    expect((await api.get('/admin/lotteries/fr_lotto/draws?limit=x', { jwt })).body).toEqual(
      errorBody.badRequest(Messages.invalidField('limit', 'a non-negative integer')),
    );
    expect((await api.get('/admin/lotteries/fr_lotto/draws?from=2024-13-01', { jwt })).status).toBe(400);
  });
});
