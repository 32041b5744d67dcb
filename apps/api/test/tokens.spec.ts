import { newAccount, newToken, sql } from './support/fixtures';
import { http, Http } from './support/http';
import { createTestApp, TestApp } from './support/test-app';
import { withSharedApp } from './support/test-set-ups';
import { errorBody, Messages } from './support/contract-errors';

const tokenNotFound = errorBody.notFound(Messages.tokenNotFound);
const emptyId = errorBody.badRequest(Messages.tokenIdEmpty);
const idTaken = errorBody.badRequest(Messages.tokenIdTaken);
const limitReached = errorBody.badRequest(Messages.tokenLimitReached);

describe('API tokens: /profile/token', () => {
  let app: TestApp;
  let api: Http;

  beforeAll(async () => {
    ({ app, api } = await withSharedApp());
  });
  afterAll(() => app.close());

  it('creates a token whose secret is shown once, then lists, reads, updates and deletes it', async () => {
    const { jwt } = await newAccount(api);
    const created = await api.post('/profile/token', {
      jwt,
      body: { id: '  production ', description: 'Website backend' },
    });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: 'production',
      description: 'Website backend',
      prefix: created.body.token.slice(0, 8),
      createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      lastUsedAt: null,
      token: expect.stringMatching(/^lr_[0-9A-Za-z]{32}$/),
    });
    const { token: secret, ...record } = created.body;

    const listed = await api.get('/profile/token', { jwt });
    expect(listed.status).toBe(200);
    expect(listed.body).toEqual({ tokens: [record], limit: 15, offset: 0, more: false, total: 1 });
    expect(listed.text).not.toContain(secret);

    const read = await api.get('/profile/token/production', { jwt });
    expect(read.status).toBe(200);
    expect(read.body).toEqual(record);
    expect(read.text).not.toContain(secret);

    const updated = await api.patch('/profile/token/production', { jwt, body: { description: 'Renamed' } });
    expect(updated.status).toBe(200);
    expect(updated.body).toEqual({ ...record, description: 'Renamed' });
    const cleared = await api.patch('/profile/token/production', { jwt, body: { description: null } });
    expect(cleared.body).toEqual({ ...record, description: null });

    const deleted = await api.delete('/profile/token/production', { jwt });
    expect(deleted.status).toBe(204);
    expect(deleted.text).toBe('');
    expect((await api.get('/profile/token/production', { jwt })).status).toBe(404);
    expect((await api.get('/profile/token', { jwt })).body).toEqual({
      tokens: [],
      limit: 15,
      offset: 0,
      more: false,
      total: 0,
    });
  });

  it('stores only a sha256 hash of the secret', async () => {
    const account = await newAccount(api);
    const secret = await newToken(api, account.jwt, 'hashed');
    const rows = await sql(app, 'SELECT * FROM api_tokens WHERE account_id = $1', [account.id]);
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(secret);
    expect(rows[0].secret_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('creates a token without a description', async () => {
    const { jwt } = await newAccount(api);
    const res = await api.post('/profile/token', { jwt, body: { id: 'bare' } });
    expect(res.status).toBe(201);
    expect(res.body.description).toBeNull();
  });

  describe('creation errors', () => {
    it.each([
      ['an empty id', { id: '' }],
      ['a blank id', { id: '   ' }],
      ['a missing id', { description: 'no id' }],
      ['a null id', { id: null }],
    ])('refuses %s with the contract 400', async (_label, body) => {
      const { jwt } = await newAccount(api);
      const res = await api.post('/profile/token', { jwt, body });
      expect(res.status).toBe(400);
      expect(res.body).toEqual(emptyId);
    });

    it('refuses a request without a body as an empty id', async () => {
      const { jwt } = await newAccount(api);
      const res = await api.post('/profile/token', { jwt });
      expect(res.status).toBe(400);
      expect(res.body).toEqual(emptyId);
    });

    it.each([
      [
        'too long',
        { id: 'x'.repeat(65) },
        Messages.invalidField('id', '1 to 64 characters without control characters'),
      ],
      [
        'a control character',
        { id: 'a\u0000b' },
        Messages.invalidField('id', '1 to 64 characters without control characters'),
      ],
      [
        'not a string',
        { id: 12 },
        Messages.invalidField('id', '1 to 64 characters without control characters'),
      ],
      [
        'a long description',
        { id: 'ok', description: 'd'.repeat(501) },
        Messages.invalidField('description', 'text of at most 500 characters, or null'),
      ],
    ])('refuses an id or description that is %s', async (_label, body, message) => {
      const { jwt } = await newAccount(api);
      const res = await api.post('/profile/token', { jwt, body });
      expect(res.status).toBe(400);
      expect(res.body).toEqual(errorBody.badRequest(message));
    });

    it('accepts an id of 64 characters, counted as characters', async () => {
      const { jwt } = await newAccount(api);
      expect((await api.post('/profile/token', { jwt, body: { id: 'é'.repeat(64) } })).status).toBe(201);
      expect((await api.post('/profile/token', { jwt, body: { id: '🎲'.repeat(64) } })).status).toBe(201);
    });

    it('refuses an id already used in the account, but not one used by another account', async () => {
      const first = await newAccount(api);
      const second = await newAccount(api);
      await newToken(api, first.jwt, 'shared-name');
      const again = await api.post('/profile/token', { jwt: first.jwt, body: { id: ' shared-name ' } });
      expect(again.status).toBe(400);
      expect(again.body).toEqual(idTaken);
      expect(
        (await api.post('/profile/token', { jwt: second.jwt, body: { id: 'shared-name' } })).status,
      ).toBe(201);
    });
  });

  describe("another account's tokens", () => {
    it('are invisible: GET, PATCH and DELETE answer 404 and change nothing', async () => {
      const owner = await newAccount(api);
      const intruder = await newAccount(api);
      const secret = await newToken(api, owner.jwt, 'private');

      for (const res of [
        await api.get('/profile/token/private', { jwt: intruder.jwt }),
        await api.patch('/profile/token/private', { jwt: intruder.jwt, body: { description: 'mine now' } }),
        await api.delete('/profile/token/private', { jwt: intruder.jwt }),
      ]) {
        expect(res.status).toBe(404);
        expect(res.body).toEqual(tokenNotFound);
      }
      expect((await api.get('/profile/token', { jwt: intruder.jwt })).body.total).toBe(0);
      const own = await api.get('/profile/token/private', { jwt: owner.jwt });
      expect(own.body).toMatchObject({
        id: 'private',
        description: 'test token',
        prefix: secret.slice(0, 8),
      });
    });
  });

  it.each([
    ['GET', 'unknown'],
    ['PATCH', 'unknown'],
    ['DELETE', 'unknown'],
    ['GET', 'x'.repeat(65)],
    ['DELETE', '%00'],
  ])('%s of an unknown token id %s answers 404', async (method, id) => {
    const { jwt } = await newAccount(api);
    const res = await fetch(`${app.baseUrl}/profile/token/${id}`, {
      method,
      headers: {
        Authorization: `Bearer ${jwt}`,
        ...(method === 'PATCH' && { 'Content-Type': 'application/json' }),
      },
      body: method === 'PATCH' ? JSON.stringify({ description: 'x' }) : undefined,
    });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual(tokenNotFound);
  });

  it('refuses a PATCH without a description field', async () => {
    const { jwt } = await newAccount(api);
    await newToken(api, jwt, 'patched');
    const res = await api.patch('/profile/token/patched', { jwt, body: {} });
    expect(res.status).toBe(400);
    expect(res.body).toEqual(
      errorBody.badRequest(Messages.invalidField('description', 'text of at most 500 characters, or null')),
    );
  });

  describe('changing the expiry (PATCH expiresAt)', () => {
    const EXPIRES_AT_MESSAGE = Messages.invalidField('expiresAt', 'an ISO 8601 date-time in the future');
    const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

    it('sets, moves and removes the expiry, keeping the description unless it is given too', async () => {
      const { jwt } = await newAccount(api);
      await api.post('/profile/token', { jwt, body: { id: 'expiring', description: 'Backend' } });
      const later = new Date(Date.now() + 30 * 86_400_000).toISOString();
      const set = await api.patch('/profile/token/expiring', { jwt, body: { expiresAt: later } });
      expect(set.status).toBe(200);
      expect(set.body).toMatchObject({ id: 'expiring', description: 'Backend', expiresAt: later });

      const both = await api.patch('/profile/token/expiring', {
        jwt,
        body: { description: 'Renamed', expiresAt: null },
      });
      expect(both.status).toBe(200);
      expect(both.body.description).toBe('Renamed');
      expect(both.body).not.toHaveProperty('expiresAt');
      // A description alone leaves the expiry as it is.
      await api.patch('/profile/token/expiring', { jwt, body: { expiresAt: later } });
      const renamed = await api.patch('/profile/token/expiring', { jwt, body: { description: 'Again' } });
      expect(renamed.body).toMatchObject({ description: 'Again', expiresAt: later });
    });

    it('reaches a secret already in use at once: a shortened expiry is honoured, a removed one too', async () => {
      const { jwt } = await newAccount(api);
      const secret = await newToken(api, jwt, 'in-use');
      const lotteries = async () => (await api.get('/lotteries', { token: secret })).status;
      expect(await lotteries()).toBe(200); // the secret's owner (and its expiry: none) is now cached
      const soon = new Date(Date.now() + 1000).toISOString();
      expect((await api.patch('/profile/token/in-use', { jwt, body: { expiresAt: soon } })).status).toBe(200);
      await sleep(Date.parse(soon) - Date.now() + 200);
      expect(await lotteries()).toBe(401);
      expect((await api.patch('/profile/token/in-use', { jwt, body: { expiresAt: null } })).status).toBe(200);
      expect(await lotteries()).toBe(200);
    });

    it('refuses an expiry in the past or that is not a date-time, as creation does, and changes nothing', async () => {
      const { jwt } = await newAccount(api);
      await api.post('/profile/token', { jwt, body: { id: 'kept', description: 'Kept' } });
      for (const expiresAt of ['2001-01-01T00:00:00Z', 'tomorrow', 42, '2030-02-30T00:00:00Z']) {
        const res = await api.patch('/profile/token/kept', { jwt, body: { description: 'Lost', expiresAt } });
        expect({ expiresAt, status: res.status, body: res.body }).toEqual({
          expiresAt,
          status: 400,
          body: errorBody.badRequest(EXPIRES_AT_MESSAGE),
        });
      }
      const kept = await api.get('/profile/token/kept', { jwt });
      expect(kept.body.description).toBe('Kept');
      expect(kept.body).not.toHaveProperty('expiresAt');
    });
  });

  it('pages the list in creation order', async () => {
    const { jwt } = await newAccount(api);
    for (const id of ['t1', 't2', 't3']) await newToken(api, jwt, id);
    const first = await api.get('/profile/token?limit=2', { jwt });
    expect(first.body).toMatchObject({ limit: 2, offset: 0, more: true, total: 3 });
    expect(first.body.tokens.map((t: { id: string }) => t.id)).toEqual(['t1', 't2']);
    const second = await api.get('/profile/token?limit=2&offset=2', { jwt });
    expect(second.body).toMatchObject({ limit: 2, offset: 2, more: false, total: 3 });
    expect(second.body.tokens.map((t: { id: string }) => t.id)).toEqual(['t3']);
    expect((await api.get('/profile/token?limit=0', { jwt })).body).toEqual({
      limit: 0,
      offset: 0,
      more: true,
      total: 3,
    });
    expect((await api.get('/profile/token?limit=99', { jwt })).body.limit).toBe(15);
    const bad = await api.get('/profile/token?limit=-1', { jwt });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual(errorBody.badRequest(Messages.invalidField('limit', 'a non-negative integer')));
  });

  describe('with a token in use on the lottery routes', () => {
    it('revokes a deleted token at once', async () => {
      const { jwt } = await newAccount(api);
      const secret = await newToken(api, jwt, 'soon-gone');
      expect((await api.get('/lotteries', { token: secret })).status).toBe(200);
      expect((await api.delete('/profile/token/soon-gone', { jwt })).status).toBe(204);
      const res = await api.get('/lotteries', { token: secret });
      expect(res.status).toBe(401);
      expect(res.body).toEqual(errorBody.unauthorized(Messages.invalidToken));
    });

    it('records when the token was last used', async () => {
      const { jwt } = await newAccount(api);
      const secret = await newToken(api, jwt, 'used');
      const before = Date.now();
      expect((await api.get('/lotteries', { token: secret })).status).toBe(200);
      let lastUsedAt: string | null = null;
      for (let i = 0; i < 50 && !lastUsedAt; i++) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        lastUsedAt = (await api.get('/profile/token/used', { jwt })).body.lastUsedAt;
      }
      expect(new Date(lastUsedAt as string).getTime()).toBeGreaterThanOrEqual(before - 1000);
    });
  });
});

describe('API tokens: MAX_TOKENS_PER_ACCOUNT', () => {
  let app: TestApp;
  let api: Http;

  beforeAll(async () => {
    app = await createTestApp({ MAX_TOKENS_PER_ACCOUNT: '2' });
    api = http(app.baseUrl);
  });
  afterAll(() => app.close());

  it('refuses a token beyond the maximum, after the empty-id and duplicate checks', async () => {
    const { jwt } = await newAccount(api);
    await newToken(api, jwt, 'one');
    await newToken(api, jwt, 'two');
    const third = await api.post('/profile/token', { jwt, body: { id: 'three' } });
    expect(third.status).toBe(400);
    expect(third.body).toEqual(limitReached);
    // Check order: empty id, then duplicate, then maximum.
    expect((await api.post('/profile/token', { jwt, body: { id: ' ' } })).body).toEqual(emptyId);
    expect((await api.post('/profile/token', { jwt, body: { id: 'one' } })).body).toEqual(idTaken);

    expect((await api.delete('/profile/token/one', { jwt })).status).toBe(204);
    expect((await api.post('/profile/token', { jwt, body: { id: 'three' } })).status).toBe(201);
  });

  it('holds the maximum under concurrent creations', async () => {
    const { jwt, id } = await newAccount(api);
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) => api.post('/profile/token', { jwt, body: { id: `c${i}` } })),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([201, 201, 400, 400, 400, 400]);
    for (const r of results.filter((r) => r.status === 400)) expect(r.body).toEqual(limitReached);
    const [{ count }] = await sql(
      app,
      'SELECT count(*)::int AS count FROM api_tokens WHERE account_id = $1',
      [id],
    );
    expect(count).toBe(2);
  });

  it('lets only one of concurrent creations with the same id win', async () => {
    const { jwt } = await newAccount(api);
    const results = await Promise.all(
      Array.from({ length: 4 }, () => api.post('/profile/token', { jwt, body: { id: 'same' } })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([201, 400, 400, 400]);
    for (const r of results.filter((r) => r.status === 400)) expect(r.body).toEqual(idTaken);
  });
});
