import { UsageWriteBackService } from '../../src/modules/metering/usage-write-back.service';
import { newToken, newTokenHolder, PASSWORD, sql } from '../support/fixtures';
import { http, Http } from '../support/http';
import { connectTestRedis, testRedisUrl } from '../support/redis';
import { createTestApp, TestApp } from '../support/test-app';
import { eventually } from '../support/timing';

/**
 * DELETE /profile keeps the metering records (contract section 3), across instances that share PostgreSQL and
 * Redis: units one instance has counted but not yet written when another deletes the account are written all the
 * same, and the same e-mail registered again continues from the month's count wherever it is counted.
 */
describe('a deleted account registered again, on two instances sharing PostgreSQL and Redis', () => {
  let first: TestApp;
  let second: TestApp;
  let a: Http;
  let b: Http;

  beforeAll(async () => {
    (await connectTestRedis()).disconnect();
    // The first writes its counts back only when the test says so; both cache accounts far longer than the test.
    first = await createTestApp({
      REDIS_URL: testRedisUrl(),
      USAGE_FLUSH_INTERVAL_MS: '600000',
      CREDENTIALS_CACHE_TTL_MS: '600000',
    });
    second = await createTestApp(
      { REDIS_URL: testRedisUrl(), CREDENTIALS_CACHE_TTL_MS: '600000' },
      { shareDatabaseWith: first },
    );
    a = http(first.baseUrl);
    b = http(second.baseUrl);
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  it("continues the month's count, the units not yet written by the other instance included", async () => {
    const holder = await newTokenHolder(a);
    const calls = 4;
    for (let i = 0; i < calls; i++)
      expect((await a.get('/lotteries', { token: holder.token })).status).toBe(200);
    // The first instance still holds these units for the write-back when the second deletes the account.
    expect((await b.delete('/profile', { jwt: holder.jwt, body: { password: PASSWORD } })).status).toBe(204);
    // The first instance now remembers that the account is gone.
    expect((await a.get('/profile', { jwt: holder.jwt })).status).toBe(401);

    expect(
      (await b.post('/auth/register', { body: { email: holder.email, password: PASSWORD } })).status,
    ).toBe(201);
    const jwt = (await b.post('/auth/login', { body: { email: holder.email, password: PASSWORD } })).body
      .accessToken;
    const token = await newToken(b, jwt);
    const read = await b.get('/lotteries', { token });
    expect(read.status).toBe(200);
    expect(read.headers.get('x-quota-remaining')).toBe(String(1000 - calls - 1));
    // The new session works on the instance that had remembered the account as gone.
    const profile = await a.get('/profile', { jwt });
    expect(profile.status).toBe(200);
    expect(profile.body.usage).toMatchObject({ used: calls + 1, remaining: 1000 - calls - 1 });
    // The old account's sessions stay refused everywhere.
    expect((await a.get('/profile', { jwt: holder.jwt })).status).toBe(401);
    expect((await b.get('/profile', { jwt: holder.jwt })).status).toBe(401);

    // The first instance's pending units reach the books too.
    await first.running.app.get(UsageWriteBackService).flush();
    await eventually(async () =>
      expect(await sql(first, 'SELECT used FROM usage_monthly WHERE account_id = $1', [holder.id])).toEqual([
        { used: calls + 1 },
      ]),
    );
    expect((await b.get('/profile/usage', { jwt })).body).toMatchObject({
      used: calls + 1,
      daily: [expect.objectContaining({ count: calls + 1 })],
    });
  });
});
