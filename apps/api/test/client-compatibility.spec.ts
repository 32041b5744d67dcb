import { newTokenHolder } from './support/fixtures';
import type { TestApp } from './support/test-app';
import { withSharedApp } from './support/test-set-ups';

/**
 * Request shapes that public clients of the service we implement are known to send, replayed as plain HTTP:
 * a drop-in replacement must answer them with the contract's shapes.
 */
describe('what public clients send', () => {
  let app: TestApp;
  let token: string;
  /** A GET with exactly the headers given, spelled as given. */
  const get = async (path: string, headers: Record<string, string>) => {
    const response = await fetch(app.baseUrl + path, { headers });
    return { status: response.status, headers: response.headers, body: (await response.json()) as any };
  };

  beforeAll(async () => {
    const shared = await withSharedApp();
    app = shared.app;
    token = (await newTokenHolder(shared.api)).token;
  });
  afterAll(() => app.close());

  const isDraw = (draw: any) => {
    expect(Object.keys(draw).sort()).toEqual(['date', 'numbers']);
    expect(draw.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    for (const number of draw.numbers) {
      expect(Object.keys(number).sort()).toEqual(['order', 'special', 'value']);
    }
    // Main numbers always come before special ones.
    const specials = draw.numbers.map((n: any) => n.special);
    expect(specials).toEqual([...specials].sort((a: boolean, b: boolean) => Number(a) - Number(b)));
  };
  const groupValues = (draw: any, special: boolean) =>
    draw.numbers.filter((n: any) => n.special === special).map((n: any) => n.value);

  it('an EuroMillions client: the latest draw, with the header spelled X-Api-Token', async () => {
    const res = await get('/lottery/eu_euromillions/draw/latest/numbers', { 'X-Api-Token': token });
    expect(res.status).toBe(200);
    isDraw(res.body);
  });

  it('the same client: history with limit=50&sort_number=desc (capped at 15, each group descending)', async () => {
    const res = await get('/lottery/eu_euromillions/draw/numbers?limit=50&sort_number=desc', {
      'X-Api-Token': token,
    });
    expect(res.status).toBe(200);
    expect(Array.isArray(res.body)).toBe(true);
    expect(res.body).toHaveLength(15);
    expect(res.headers.get('x-limit')).toBe('15');
    for (const draw of res.body) {
      isDraw(draw);
      for (const special of [false, true]) {
        const values = groupValues(draw, special);
        expect(values).toEqual([...values].sort((a, b) => b - a));
      }
    }
  });

  it.each(['x-api-token', 'X-API-TOKEN', 'X-API-Token'])('the token header spelled %s', async (name) => {
    const res = await get('/lottery/eu_euromillions/draw/latest/numbers', { [name]: token });
    expect(res.status).toBe(200);
    isDraw(res.body);
  });

  it.each([
    ['false', 'draw'],
    ['true', 'asc'],
    ['False', 'draw'],
    ['True', 'asc'],
  ])('sort_number=%s, as other clients and Python clients send it', async (value, expected) => {
    const res = await get(`/lottery/eu_euromillions/draw/2024-01-02/numbers?sort_number=${value}`, {
      'x-api-token': token,
    });
    expect(res.status).toBe(200);
    isDraw(res.body);
    const main = groupValues(res.body, false);
    expect(main).toEqual(expected === 'asc' ? [7, 15, 18, 46, 49] : [7, 18, 49, 46, 15]);
  });

  it('the envelope with limit above 15 is capped, not refused', async () => {
    const res = await get('/lottery/eu_euromillions/draws?limit=100&sort_number=True', {
      'X-Api-Token': token,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ limit: 15, offset: 0, more: true });
    expect(res.body.draws).toHaveLength(15);
    expect(res.body.total).toBeGreaterThan(15);
  });

  it('the lottery list at the seed path and its plural', async () => {
    for (const path of ['/lottery', '/lotteries']) {
      const res = await get(path, { 'X-Api-Token': token });
      expect(res.status).toBe(200);
      expect(res.body.lotteries.map((l: any) => l.tag)).toContain('eu_euromillions');
    }
  });
});
