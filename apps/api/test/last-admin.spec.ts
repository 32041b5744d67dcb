import { errorBody, Messages } from './support/contract-errors';
import { newAccount, newAdmin, PASSWORD, sql } from './support/fixtures';
import { http, Http } from './support/http';
import { createTestApp, TestApp } from './support/test-app';

const LAST_ADMIN = errorBody.conflict(Messages.lastEnabledAdmin);

/**
 * The service always keeps an enabled administrator: neither PATCH /admin/accounts/{id} (disable, demote) nor
 * DELETE /profile can take the last one away. An app of its own, so that this spec decides who is an administrator.
 */
describe('the last enabled administrator', () => {
  let app: TestApp;
  let api: Http;

  beforeAll(async () => {
    app = await createTestApp();
    api = http(app.baseUrl);
  });
  afterAll(() => app.close());

  const enabledAdmins = async () =>
    (await sql(app, `SELECT id FROM accounts WHERE role = 'admin' AND NOT disabled ORDER BY id`)).map(
      (row: { id: string }) => row.id,
    );

  it('cannot disable, demote or delete itself; a second administrator makes each possible', async () => {
    const only = await newAdmin(app, api);
    for (const body of [{ disabled: true }, { role: 'user' }, { disabled: true, role: 'user' }]) {
      const res = await api.patch(`/admin/accounts/${only.id}`, { jwt: only.jwt, body });
      expect(res.status).toBe(409);
      expect(res.body).toEqual(LAST_ADMIN);
    }
    const deleted = await api.delete('/profile', { jwt: only.jwt, body: { password: PASSWORD } });
    expect(deleted.status).toBe(409);
    expect(deleted.body).toEqual(LAST_ADMIN);
    // The password is checked first: a wrong one says so, not who would be left.
    const wrong = await api.delete('/profile', { jwt: only.jwt, body: { password: 'not it at all' } });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual(errorBody.badRequest(Messages.profilePasswordWrong));
    expect(await enabledAdmins()).toEqual([only.id]);
    // Changes that keep it an enabled administrator still go through.
    const unchanged = await api.patch(`/admin/accounts/${only.id}`, {
      jwt: only.jwt,
      body: { disabled: false, role: 'admin', license: 'pro' },
    });
    expect(unchanged.status).toBe(200);

    const second = await newAdmin(app, api);
    const demoted = await api.patch(`/admin/accounts/${only.id}`, { jwt: only.jwt, body: { role: 'user' } });
    expect(demoted.status).toBe(200);
    expect(demoted.body.role).toBe('user');
    // Now the second is the last one.
    const refused = await api.patch(`/admin/accounts/${second.id}`, {
      jwt: second.jwt,
      body: { disabled: true },
    });
    expect(refused.status).toBe(409);
    expect(await enabledAdmins()).toEqual([second.id]);
    // A disabled administrator does not count: deleting it leaves the enabled one.
    await sql(app, `UPDATE accounts SET role = 'admin', disabled = true WHERE id = $1`, [only.id]);
    expect((await api.delete('/profile', { jwt: only.jwt, body: { password: PASSWORD } })).status).toBe(204);
    expect(await enabledAdmins()).toEqual([second.id]);
    // Demote the remaining one for the next test, as an operator would by hand.
    await sql(app, `UPDATE accounts SET role = 'user' WHERE id = $1`, [second.id]);
  });

  it('keeps one when two administrators demote or disable each other at the same time', async () => {
    const [first, second] = [await newAdmin(app, api), await newAdmin(app, api)];
    const answers = await Promise.all([
      api.patch(`/admin/accounts/${second.id}`, { jwt: first.jwt, body: { role: 'user' } }),
      api.patch(`/admin/accounts/${first.id}`, { jwt: second.jwt, body: { disabled: true } }),
    ]);
    // One goes through; the other is refused (409, or 403 when its sender is no longer an administrator).
    expect(answers.filter((res) => res.status === 200)).toHaveLength(1);
    expect([403, 409]).toContain(answers.find((res) => res.status !== 200)?.status);
    expect((await enabledAdmins()).length).toBe(1);
  });

  it('lets an administrator disable, demote and delete other accounts as before', async () => {
    const admin = await newAdmin(app, api);
    const user = await newAccount(api);
    expect(
      (await api.patch(`/admin/accounts/${user.id}`, { jwt: admin.jwt, body: { disabled: true } })).status,
    ).toBe(200);
    expect(
      (await api.patch(`/admin/accounts/${user.id}`, { jwt: admin.jwt, body: { role: 'user' } })).status,
    ).toBe(200);
    expect((await api.delete('/profile', { jwt: user.jwt, body: { password: PASSWORD } })).status).toBe(204);
  });
});
