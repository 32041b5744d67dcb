import { Messages } from '../src/common/errors/messages';
import { errorBody } from './support/contract-errors';
import { newAccount, newTokenHolder, PASSWORD } from './support/fixtures';
import type { Http } from './support/http';
import type { TestApp } from './support/test-app';
import { withSharedApp } from './support/test-set-ups';

const NEW_PASSWORD = 'a much longer passphrase';

describe('PUT /profile/password', () => {
  let app: TestApp;
  let api: Http;

  beforeAll(async () => {
    ({ app, api } = await withSharedApp());
  });
  afterAll(() => app.close());

  const change = (jwt: string, body: unknown) => api.put('/profile/password', { jwt, body });

  it('changes the password: the new JWT works, every older session and the old password do not', async () => {
    const holder = await newTokenHolder(api);
    const otherSession = (
      await api.post('/auth/login', { body: { email: holder.email, password: PASSWORD } })
    ).body.accessToken;
    expect((await api.get('/profile', { jwt: otherSession })).status).toBe(200); // cached before the change

    const res = await change(holder.jwt, { currentPassword: PASSWORD, newPassword: NEW_PASSWORD });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ accessToken: expect.any(String), tokenType: 'Bearer', expiresIn: 3600 });

    expect((await api.get('/profile', { jwt: res.body.accessToken })).status).toBe(200);
    for (const old of [holder.jwt, otherSession]) {
      const refused = await api.get('/profile', { jwt: old });
      expect(refused.status).toBe(401);
      expect(refused.body).toEqual(errorBody.unauthorized(Messages.invalidJwt));
    }
    const oldLogin = await api.post('/auth/login', { body: { email: holder.email, password: PASSWORD } });
    expect(oldLogin.status).toBe(401);
    const newLogin = await api.post('/auth/login', { body: { email: holder.email, password: NEW_PASSWORD } });
    expect(newLogin.status).toBe(200);
    expect((await api.get('/profile', { jwt: newLogin.body.accessToken })).status).toBe(200);
    // API tokens are not sessions: they keep working.
    expect((await api.get('/lotteries', { token: holder.token })).status).toBe(200);
  });

  it('refuses a wrong current password and changes nothing', async () => {
    const account = await newAccount(api);
    const res = await change(account.jwt, { currentPassword: 'not the password', newPassword: NEW_PASSWORD });
    expect(res.status).toBe(400);
    expect(res.body).toEqual(errorBody.badRequest(Messages.currentPasswordWrong));
    expect((await api.get('/profile', { jwt: account.jwt })).status).toBe(200);
    const login = await api.post('/auth/login', { body: { email: account.email, password: PASSWORD } });
    expect(login.status).toBe(200);
  });

  it.each([
    [
      { newPassword: NEW_PASSWORD },
      Messages.invalidField('currentPassword', 'a string of at most 1024 characters'),
    ],
    [
      { currentPassword: PASSWORD, newPassword: 'short' },
      Messages.invalidField('newPassword', 'a string of 10 to 128 characters'),
    ],
    [{ currentPassword: PASSWORD }, Messages.invalidField('newPassword', 'a string of 10 to 128 characters')],
  ])('answers 400 to %j', async (body, message) => {
    const account = await newAccount(api);
    const res = await change(account.jwt, body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual(errorBody.badRequest(message));
  });

  it('needs a JWT', async () => {
    const res = await api.put('/profile/password', {
      body: { currentPassword: PASSWORD, newPassword: NEW_PASSWORD },
    });
    expect(res.status).toBe(401);
    expect(res.body).toEqual(errorBody.unauthorized(Messages.authorizationHeaderMissing));
  });
});
