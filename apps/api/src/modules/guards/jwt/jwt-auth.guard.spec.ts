import { createHmac } from 'node:crypto';
import { errorBody, Messages } from '../../../../test/support/contract-errors';
import type { Settings } from '../../../config/settings';
import type { AccountSnapshot } from '../../credentials/account-snapshot';
import type { CredentialsCache } from '../../credentials/credentials-cache.service';
import type { Principal } from '../principal';
import { JwtAuthGuard } from './jwt-auth.guard';
import { JwtStrategy, type JwtVerification } from './jwt.strategy';
import { httpContextOf } from '../../../../test/support/http-context';
import { refusalOf } from '../../../../test/support/refusals';

type FakeRequest = {
  headers: Record<string, string>;
  principal?: Principal;
  jwtVerification?: JwtVerification;
};

const withAuthorization = (authorization?: string): FakeRequest => ({
  headers: authorization === undefined ? {} : { authorization },
});

/** An HS256 JWT signed by hand, so that the spec can forge expired, wrongly signed and unsigned ones. */
function signJwt(payload: Record<string, unknown>, secret: string, alg = 'HS256'): string {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const unsigned = `${part({ alg, typ: 'JWT' })}.${part(payload)}`;
  return `${unsigned}.${createHmac(alg === 'HS512' ? 'sha512' : 'sha256', secret)
    .update(unsigned)
    .digest('base64url')}`;
}

const SECRET = 'unit-secret-unit-secret-unit-secret-0123456789';
const OTHER_SECRET = 'another-secret-another-secret-another-0123456789';
const ACCOUNT_ID = '00000000-0000-4000-8000-000000000003';
const nowSeconds = () => Math.floor(Date.now() / 1000);

const account = (changes: Partial<AccountSnapshot> = {}): AccountSnapshot => ({
  accountId: ACCOUNT_ID,
  email: 'user@example.test',
  role: 'user',
  disabled: false,
  license: null,
  sessionVersion: 0,
  ...changes,
});

/** The credentials cache, by hand: its accounts, and every lookup made. */
class FakeCredentials {
  readonly lookups: string[] = [];
  readonly accounts = new Map<string, AccountSnapshot>();
  failure?: Error;

  async account(accountId: string): Promise<AccountSnapshot | null> {
    this.lookups.push(accountId);
    if (this.failure) throw this.failure;
    return this.accounts.get(accountId) ?? null;
  }
}

describe('JwtAuthGuard (account routes: the JWT through passport-jwt)', () => {
  let credentials: FakeCredentials;
  let guard: JwtAuthGuard;
  const bearer = (payload: Record<string, unknown>, secret = SECRET) => `Bearer ${signJwt(payload, secret)}`;
  const claims = (changes: Record<string, unknown> = {}) => ({
    sub: ACCOUNT_ID,
    role: 'user',
    iat: nowSeconds(),
    exp: nowSeconds() + 600,
    ...changes,
  });

  beforeAll(() => {
    // Registers itself with passport under 'jwt', as GuardsModule does.
    new JwtStrategy();
  });

  beforeEach(() => {
    credentials = new FakeCredentials();
    credentials.accounts.set(ACCOUNT_ID, account());
    guard = new JwtAuthGuard({ jwtSecret: SECRET } as Settings, credentials as unknown as CredentialsCache);
  });
  afterEach(() => jest.restoreAllMocks());

  it("admits a valid token and sets the account's current snapshot as the principal", async () => {
    const current = account({ role: 'admin', sessionVersion: 4 });
    credentials.accounts.set(ACCOUNT_ID, current);
    const request = withAuthorization(bearer(claims({ sv: 4 })));
    expect(await guard.canActivate(httpContextOf(request))).toBe(true);
    expect(request.principal).toBe(current);
    expect(credentials.lookups).toEqual([ACCOUNT_ID]);
  });

  it("puts this application's secret and account lookup on the request for the strategy", async () => {
    const request = withAuthorization(bearer(claims()));
    await guard.canActivate(httpContextOf(request));
    expect(request.jwtVerification?.secret).toBe(SECRET);
    expect(await request.jwtVerification?.account(ACCOUNT_ID)).toEqual(account());
  });

  it('verifies with the secret of the guard serving the request, though passport has one strategy for all', async () => {
    const other = new JwtAuthGuard(
      { jwtSecret: OTHER_SECRET } as Settings,
      credentials as unknown as CredentialsCache,
    );
    const mine = bearer(claims());
    const theirs = bearer(claims(), OTHER_SECRET);
    expect(await guard.canActivate(httpContextOf(withAuthorization(mine)))).toBe(true);
    expect(await other.canActivate(httpContextOf(withAuthorization(theirs)))).toBe(true);
    for (const [g, header] of [
      [guard, theirs],
      [other, mine],
    ] as const) {
      expect(await refusalOf(() => g.canActivate(httpContextOf(withAuthorization(header))))).toEqual({
        status: 401,
        body: errorBody.unauthorized(Messages.invalidJwt),
      });
    }
  });

  it.each([
    ['no Authorization header', undefined],
    ['an empty one', ''],
    ['a blank one', '   '],
  ])('answers 401 `Authorization header missing` for %s', async (_label, header) => {
    const request = withAuthorization(header);
    expect(await refusalOf(() => guard.canActivate(httpContextOf(request)))).toEqual({
      status: 401,
      body: errorBody.unauthorized(Messages.authorizationHeaderMissing),
    });
    expect(credentials.lookups).toEqual([]);
    expect(request.principal).toBeUndefined();
  });

  it.each([
    ['garbage', () => 'Bearer not.a.jwt'],
    ['another scheme', () => 'Basic xyz'],
    ['a bare token', () => signJwt(claims(), SECRET)],
    ['a wrong signature', () => bearer(claims(), OTHER_SECRET)],
    ['an expired token', () => bearer(claims({ iat: nowSeconds() - 7200, exp: nowSeconds() - 60 }))],
    ['another algorithm (HS512, rightly signed)', () => `Bearer ${signJwt(claims(), SECRET, 'HS512')}`],
    [
      'an unsigned token',
      () => {
        const part = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
        return `Bearer ${part({ alg: 'none', typ: 'JWT' })}.${part(claims())}.`;
      },
    ],
  ])('answers 401 `Invalid JWT token` for %s, without looking the account up', async (_label, header) => {
    const request = withAuthorization(header());
    expect(await refusalOf(() => guard.canActivate(httpContextOf(request)))).toEqual({
      status: 401,
      body: errorBody.unauthorized(Messages.invalidJwt),
    });
    expect(credentials.lookups).toEqual([]);
    expect(request.principal).toBeUndefined();
  });

  it("answers 401 `Invalid JWT token` once the token's account is gone", async () => {
    credentials.accounts.clear();
    const request = withAuthorization(bearer(claims()));
    expect(await refusalOf(() => guard.canActivate(httpContextOf(request)))).toEqual({
      status: 401,
      body: errorBody.unauthorized(Messages.invalidJwt),
    });
    expect(credentials.lookups).toEqual([ACCOUNT_ID]);
  });

  it('refuses a token signed before a password change (another session version); no sv means version 0', async () => {
    credentials.accounts.set(ACCOUNT_ID, account({ sessionVersion: 1 }));
    for (const stale of [claims(), claims({ sv: 0 }), claims({ sv: 2 })]) {
      expect(
        await refusalOf(() => guard.canActivate(httpContextOf(withAuthorization(bearer(stale))))),
      ).toEqual({
        status: 401,
        body: errorBody.unauthorized(Messages.invalidJwt),
      });
    }
    expect(await guard.canActivate(httpContextOf(withAuthorization(bearer(claims({ sv: 1 })))))).toBe(true);
    credentials.accounts.set(ACCOUNT_ID, account({ sessionVersion: 0 }));
    expect(await guard.canActivate(httpContextOf(withAuthorization(bearer(claims()))))).toBe(true);
  });

  it('refuses a token whose subject is not a string', async () => {
    const request = withAuthorization(bearer(claims({ sub: 42 })));
    expect(await refusalOf(() => guard.canActivate(httpContextOf(request)))).toEqual({
      status: 401,
      body: errorBody.unauthorized(Messages.invalidJwt),
    });
    expect(credentials.lookups).toEqual([]);
  });

  it('lets a failed account lookup (the database) through as our error, not a 401', async () => {
    const failure = new Error('connection terminated');
    credentials.failure = failure;
    const request = withAuthorization(bearer(claims()));
    await expect(guard.canActivate(httpContextOf(request))).rejects.toBe(failure);
    expect(request.principal).toBeUndefined();
  });

  it('admits a token until the second before its exp, and refuses it from exp on', async () => {
    const exp = nowSeconds() + 3600;
    const header = bearer(claims({ exp }));
    const now = jest.spyOn(Date, 'now').mockReturnValue(exp * 1000 - 1);
    expect(await guard.canActivate(httpContextOf(withAuthorization(header)))).toBe(true);
    now.mockReturnValue(exp * 1000);
    expect(await refusalOf(() => guard.canActivate(httpContextOf(withAuthorization(header))))).toEqual({
      status: 401,
      body: errorBody.unauthorized(Messages.invalidJwt),
    });
  });

  it('lets a disabled account through: refusing it is for the routes (AdminRoleGuard), not the JWT', async () => {
    credentials.accounts.set(ACCOUNT_ID, account({ disabled: true }));
    const request = withAuthorization(bearer(claims()));
    expect(await guard.canActivate(httpContextOf(request))).toBe(true);
    expect(request.principal?.disabled).toBe(true);
  });
});
