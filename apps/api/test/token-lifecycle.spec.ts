import type { TestApp } from './support/test-app';
import { withSharedApp } from './support/test-set-ups';
import type { Http } from './support/http';
import { newAccount } from './support/fixtures';
import { errorBody, Messages } from './support/contract-errors';

const LATEST = '/lottery/us_powerball/draw/latest/numbers';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** An expiry one second ahead (the API refuses one in the past). */
const soon = () => new Date(Date.now() + 1000).toISOString();
const EXPIRED = 'ApiToken error="invalid_token", error_description="expired"';
const REVOKED = 'ApiToken error="invalid_token", error_description="revoked"';

/** Contract section 8, token lifecycle: roll with an optional grace period, and expiry at creation. */
describe('token lifecycle', () => {
  let app: TestApp;
  let api: Http;
  let jwt: string;

  beforeAll(async () => {
    ({ app, api } = await withSharedApp());
    jwt = (await newAccount(api)).jwt;
  });
  afterAll(() => app.close());

  const create = (body: Record<string, unknown>) => api.post('/profile/token', { jwt, body });
  const roll = (id: string, body?: unknown) => api.post(`/profile/token/${id}/roll`, { jwt, body });
  const status = async (secret: string) => (await api.get(LATEST, { token: secret })).status;

  describe('roll', () => {
    it('replaces the secret at once, keeping id, description, creation date and last use', async () => {
      const created = await create({ id: 'roll-now', description: 'backend' });
      expect(await status(created.body.token)).toBe(200);
      await sleep(300); // the last use is written back in batches (USAGE_FLUSH_INTERVAL_MS=100 in tests)
      const before = (await api.get('/profile/token/roll-now', { jwt })).body;
      expect(before.lastUsedAt).not.toBeNull();

      const rolled = await roll('roll-now');
      expect(rolled.status).toBe(200);
      expect(rolled.body).toEqual({
        id: 'roll-now',
        description: 'backend',
        prefix: rolled.body.token.slice(0, 8),
        createdAt: before.createdAt,
        lastUsedAt: before.lastUsedAt,
        token: expect.stringMatching(/^lr_/),
      });
      expect(rolled.body.token).not.toBe(created.body.token);

      const refused = await api.get(LATEST, { token: created.body.token });
      expect(refused.status).toBe(401);
      expect(refused.body).toEqual(errorBody.unauthorized(Messages.invalidToken));
      expect(await status(rolled.body.token)).toBe(200);
      // Listed once, with the new prefix.
      const list = await api.get('/profile/token', { jwt });
      expect(list.body.tokens.filter((t: { id: string }) => t.id === 'roll-now')).toEqual([
        expect.objectContaining({ prefix: rolled.body.token.slice(0, 8) }),
      ]);
    });

    it('with graceSeconds, the old secret keeps working until the grace period ends', async () => {
      const created = await create({ id: 'roll-grace' });
      expect(await status(created.body.token)).toBe(200); // cached before the roll
      const rolledAt = Date.now();
      const rolled = await roll('roll-grace', { graceSeconds: 2 });
      expect(rolled.status).toBe(200);
      // The record says until when the replaced secret works, while it does.
      const graceEnd = Date.parse(rolled.body.previousSecretExpiresAt);
      expect(graceEnd).toBeGreaterThanOrEqual(rolledAt + 1000);
      expect(graceEnd).toBeLessThanOrEqual(Date.now() + 2000);
      expect((await api.get('/profile/token/roll-grace', { jwt })).body.previousSecretExpiresAt).toBe(
        rolled.body.previousSecretExpiresAt,
      );
      expect(await status(created.body.token)).toBe(200);
      expect(await status(rolled.body.token)).toBe(200);
      await sleep(2200);
      expect(await status(created.body.token)).toBe(401);
      expect(await status(rolled.body.token)).toBe(200);
      expect((await api.get('/profile/token/roll-grace', { jwt })).body).not.toHaveProperty(
        'previousSecretExpiresAt',
      );
    });

    it('a second roll ends the grace of the first secret at once; deleting ends every secret', async () => {
      const first = (await create({ id: 'roll-twice' })).body.token;
      const second = (await roll('roll-twice', { graceSeconds: 3600 })).body.token;
      const third = (await roll('roll-twice', { graceSeconds: 3600 })).body.token;
      expect(await status(first)).toBe(401);
      expect(await status(second)).toBe(200);
      expect(await status(third)).toBe(200);
      expect((await api.delete('/profile/token/roll-twice', { jwt })).status).toBe(204);
      expect(await status(second)).toBe(401);
      expect(await status(third)).toBe(401);
    });

    it('refuses a bad grace period and an unknown token', async () => {
      await create({ id: 'roll-bad' });
      const message = Messages.invalidField('graceSeconds', 'a whole number from 0 to 86400');
      for (const graceSeconds of [-1, 86_401, 1.5, '60', true]) {
        const res = await roll('roll-bad', { graceSeconds });
        expect({ graceSeconds, status: res.status, body: res.body }).toEqual({
          graceSeconds,
          status: 400,
          body: errorBody.badRequest(message),
        });
      }
      expect((await roll('roll-bad', { graceSeconds: 86_400 })).status).toBe(200);
      expect((await roll('roll-bad', { graceSeconds: null })).status).toBe(200); // null: not given, 0
      const missing = await roll('no-such-token');
      expect(missing.status).toBe(404);
      expect(missing.body).toEqual(errorBody.notFound(Messages.tokenNotFound));
    });

    it("cannot roll another account's token", async () => {
      const other = await newAccount(api);
      await api.post('/profile/token', { jwt: other.jwt, body: { id: 'theirs' } });
      const res = await roll('theirs');
      expect(res.status).toBe(404);
    });
  });

  describe("WWW-Authenticate: why a token that exists no longer works (the body is the unknown token's)", () => {
    const refusal = async (secret: string, headers: Record<string, string> = { 'X-API-Token': secret }) => {
      const res = await api.get(LATEST, { headers });
      expect({ status: res.status, body: res.body }).toEqual({
        status: 401,
        body: errorBody.unauthorized(Messages.invalidToken),
      });
      return res.headers.get('www-authenticate');
    };

    it('says "expired" for an expired token, looked up (never used) or cached (used before)', async () => {
      const unused = (await create({ id: 'expired-unused', expiresAt: soon() })).body.token;
      const used = (await create({ id: 'expired-used', expiresAt: soon() })).body.token;
      expect(await status(used)).toBe(200);
      await sleep(1200);
      expect(await refusal(unused)).toBe(EXPIRED);
      expect(await refusal(used)).toBe(EXPIRED);
    });

    it('says "revoked" for a secret a roll replaced, with or without grace; nothing for unknown or deleted', async () => {
      const first = (await create({ id: 'revoked-at-once' })).body.token;
      expect(await status(first)).toBe(200);
      const rolled = (await roll('revoked-at-once')).body;
      expect(rolled).not.toHaveProperty('previousSecretExpiresAt');
      expect(await refusal(first)).toBe(REVOKED);
      // A browser page of another origin can read it too.
      const cors = await api.get(LATEST, {
        headers: { 'X-API-Token': first, Origin: 'https://app.example' },
      });
      expect(cors.headers.get('www-authenticate')).toBe(REVOKED);
      expect(cors.headers.get('access-control-expose-headers')).toContain('WWW-Authenticate');
      // Sent as the MCP endpoint's bearer token, the scheme is Bearer's.
      const mcp = await api.post('/mcp', {
        headers: { Authorization: `Bearer ${first}`, Accept: 'application/json, text/event-stream' },
        body: { jsonrpc: '2.0', id: 1, method: 'ping' },
      });
      expect(mcp.status).toBe(401);
      expect(mcp.headers.get('www-authenticate')).toBe(REVOKED.replace('ApiToken', 'Bearer'));

      const graced = (await create({ id: 'revoked-after-grace' })).body.token;
      await roll('revoked-after-grace', { graceSeconds: 1 });
      expect(await status(graced)).toBe(200);
      await sleep(1100);
      expect(await refusal(graced)).toBe(REVOKED);

      expect(await refusal('lr_NoSuchTokenAtAll0123456789abcdef')).toBeNull();
      const deleted = (await create({ id: 'deleted-one' })).body.token;
      expect((await api.delete('/profile/token/deleted-one', { jwt })).status).toBe(204);
      expect(await refusal(deleted)).toBeNull();
    });
  });

  describe('expiry', () => {
    it('a token without expiresAt has the seed shape; one with it works until then, then is refused', async () => {
      const plain = await create({ id: 'no-expiry' });
      expect(Object.keys(plain.body).sort()).toEqual(
        ['createdAt', 'description', 'id', 'lastUsedAt', 'prefix', 'token'].sort(),
      );

      const expiresAt = new Date(Date.now() + 1500).toISOString();
      const expiring = await create({ id: 'short-lived', expiresAt });
      expect(expiring.status).toBe(201);
      expect(expiring.body.expiresAt).toBe(expiresAt);
      expect((await api.get('/profile/token/short-lived', { jwt })).body.expiresAt).toBe(expiresAt);
      expect(await status(expiring.body.token)).toBe(200);
      await sleep(Date.parse(expiresAt) - Date.now() + 100);
      const refused = await api.get(LATEST, { token: expiring.body.token });
      expect(refused.status).toBe(401);
      expect(refused.body).toEqual(errorBody.unauthorized(Messages.invalidToken));
      expect(refused.headers.get('www-authenticate')).toBe(EXPIRED);
    });

    it('refuses an expiry in the past or that is not a date-time', async () => {
      const message = Messages.invalidField('expiresAt', 'an ISO 8601 date-time in the future');
      for (const expiresAt of ['2001-01-01T00:00:00Z', 'tomorrow', 42, '2030-02-30T00:00:00Z']) {
        const res = await create({ id: `bad-expiry-${String(expiresAt).length}`, expiresAt });
        expect({ expiresAt, status: res.status, body: res.body }).toEqual({
          expiresAt,
          status: 400,
          body: errorBody.badRequest(message),
        });
      }
    });
  });
});
