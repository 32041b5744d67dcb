import { createHash } from 'node:crypto';
import { errorBody, Messages } from '../../../../test/support/contract-errors';
import type { AccountSnapshot, TokenOwner } from '../../credentials/account-snapshot';
import type { CredentialsCache } from '../../credentials/credentials-cache.service';
import type { Principal } from '../principal';
import * as tokenSecret from '../../credentials/token-secret';
import { ApiTokenGuard } from './api-token.guard';
import { httpContextOf } from '../../../../test/support/http-context';
import { refusalAtOnce, refusalOf } from '../../../../test/support/refusals';

type FakeRequest = { headers: Record<string, unknown>; principal?: Principal };

const withToken = (secret?: unknown): FakeRequest => ({
  headers: secret === undefined ? {} : { 'x-api-token': secret },
});

/** What the credentials cache stores a secret under: its SHA-256, in hex. */
const sha256 = (secret: string) => createHash('sha256').update(secret).digest('hex');

/** The credentials cache, by hand: what is cached (no promise) and what a lookup finds; every call is logged. */
class FakeCredentials {
  readonly calls: string[] = [];
  readonly cached = new Map<string, { owner: TokenOwner; account: AccountSnapshot }>();
  readonly owners = new Map<string, TokenOwner>();
  readonly accounts = new Map<string, AccountSnapshot>();

  cachedPrincipal(secretHash: string) {
    this.calls.push(`cachedPrincipal ${secretHash}`);
    return this.cached.get(secretHash);
  }

  async tokenOwner(secretHash: string): Promise<TokenOwner | null> {
    this.calls.push(`tokenOwner ${secretHash}`);
    return this.owners.get(secretHash) ?? null;
  }

  async account(accountId: string): Promise<AccountSnapshot | null> {
    this.calls.push(`account ${accountId}`);
    return this.accounts.get(accountId) ?? null;
  }
}

const ACCOUNT_ID = '00000000-0000-4000-8000-000000000001';
const account = (changes: Partial<AccountSnapshot> = {}): AccountSnapshot => ({
  accountId: ACCOUNT_ID,
  email: 'holder@example.test',
  role: 'user',
  disabled: false,
  license: { name: 'free', monthlyQuota: 100, perSecond: 5, perMinute: 60, perHour: 600 },
  sessionVersion: 0,
  ...changes,
});
const owner = (changes: Partial<TokenOwner> = {}): TokenOwner => ({
  accountId: ACCOUNT_ID,
  tokenId: 'my-token',
  validUntil: null,
  endsAs: null,
  ...changes,
});

/** The guard's answer for a cached token, which must come at once: a promise is a failure (and is not left unhandled). */
function answerAtOnce(guard: ApiTokenGuard, request: FakeRequest): unknown {
  const answer = guard.canActivate(httpContextOf(request));
  if (answer instanceof Promise) answer.catch(() => undefined);
  return answer;
}

describe('ApiTokenGuard (contract section 5, steps 1-2)', () => {
  const SECRET = 'lr_0123456789abcdefABCDEF0123456789';
  let credentials: FakeCredentials;
  let guard: ApiTokenGuard;

  beforeEach(() => {
    credentials = new FakeCredentials();
    guard = new ApiTokenGuard(credentials as unknown as CredentialsCache);
  });
  afterEach(() => jest.restoreAllMocks());

  describe('step 1: the header', () => {
    it.each([
      ['missing', undefined],
      ['empty', ''],
      ['blank', '  \t '],
      ['not a single string', ['a', 'b']],
    ])('answers 401 when X-API-Token is %s, before any lookup', (_label, header) => {
      const request = withToken(header);
      expect(refusalAtOnce(() => guard.canActivate(httpContextOf(request)))).toEqual({
        status: 401,
        body: errorBody.unauthorized(Messages.tokenHeaderMissing),
      });
      expect(credentials.calls).toEqual([]);
      expect(request.principal).toBeUndefined();
    });
  });

  describe('step 2: the token', () => {
    it('admits a cached token at once (no promise, no lookup) and sets the principal with the token id', () => {
      credentials.cached.set(sha256(SECRET), { owner: owner(), account: account() });
      const request = withToken(SECRET);
      expect(answerAtOnce(guard, request)).toBe(true);
      expect(credentials.calls).toEqual([`cachedPrincipal ${sha256(SECRET)}`]);
      expect(request.principal).toEqual({ ...account(), tokenId: 'my-token' });
      expect(Object.isFrozen(request.principal)).toBe(true);
    });

    it('looks the secret up by the SHA-256 of its trimmed value', () => {
      credentials.cached.set(sha256(SECRET), { owner: owner(), account: account() });
      expect(answerAtOnce(guard, withToken(`  ${SECRET}\t`))).toBe(true);
      expect(credentials.calls).toEqual([`cachedPrincipal ${sha256(SECRET)}`]);
    });

    it('looks an uncached token up (owner, then its account) and sets the principal', async () => {
      credentials.owners.set(sha256(SECRET), owner());
      credentials.accounts.set(ACCOUNT_ID, account({ role: 'admin' }));
      const request = withToken(SECRET);
      const answer = guard.canActivate(httpContextOf(request));
      expect(answer).toBeInstanceOf(Promise);
      expect(await answer).toBe(true);
      expect(credentials.calls).toEqual([
        `cachedPrincipal ${sha256(SECRET)}`,
        `tokenOwner ${sha256(SECRET)}`,
        `account ${ACCOUNT_ID}`,
      ]);
      expect(request.principal).toEqual({ ...account({ role: 'admin' }), tokenId: 'my-token' });
    });

    it('answers 401 for an unknown token, without looking any account up', async () => {
      const unknown = 'lr_' + 'x'.repeat(32);
      const request = withToken(unknown);
      expect(await refusalOf(() => guard.canActivate(httpContextOf(request)))).toEqual({
        status: 401,
        body: errorBody.unauthorized(Messages.invalidToken),
      });
      expect(credentials.calls).toEqual([
        `cachedPrincipal ${sha256(unknown)}`,
        `tokenOwner ${sha256(unknown)}`,
      ]);
      expect(request.principal).toBeUndefined();
    });

    it.each([
      ['made up and long', 'lr_' + 'a'.repeat(15_000)],
      ['one character short', SECRET.slice(0, -1)],
      ['one character long', `${SECRET}0`],
      ['without the marker', SECRET.slice(3) + 'abc'],
      ['with a character no secret has', SECRET.slice(0, -1) + '-'],
    ])(
      'answers 401 at once for a value not shaped like a token (%s): no hash, no memo, no lookup',
      (_label, value) => {
        const hashing = jest.spyOn(tokenSecret, 'hashTokenSecret');
        const request = withToken(value);
        expect(refusalAtOnce(() => guard.canActivate(httpContextOf(request)))).toEqual({
          status: 401,
          body: errorBody.unauthorized(Messages.invalidToken),
        });
        expect(hashing).not.toHaveBeenCalled();
        expect(credentials.calls).toEqual([]);
      },
    );

    it('answers 401 for a token whose account is gone', async () => {
      credentials.owners.set(sha256(SECRET), owner());
      const request = withToken(SECRET);
      expect(await refusalOf(() => guard.canActivate(httpContextOf(request)))).toEqual({
        status: 401,
        body: errorBody.unauthorized(Messages.invalidToken),
      });
      expect(request.principal).toBeUndefined();
    });

    it('leaves a disabled account or one without a license to the next guard (LicenseGuard)', () => {
      const disabled = account({ disabled: true, license: null });
      credentials.cached.set(sha256(SECRET), { owner: owner(), account: disabled });
      const request = withToken(SECRET);
      expect(answerAtOnce(guard, request)).toBe(true);
      expect(request.principal).toMatchObject({ disabled: true, license: null, tokenId: 'my-token' });
    });
  });

  describe('expiry, to the millisecond', () => {
    const VALID_UNTIL = Date.parse('2030-06-01T12:00:00.000Z');

    it.each([
      ['cached', true],
      ['looked up', false],
    ])(
      'a %s token works until the millisecond before validUntil, and is refused from it',
      async (_l, cached) => {
        const expiring = owner({ validUntil: VALID_UNTIL, endsAs: 'expired' });
        if (cached) credentials.cached.set(sha256(SECRET), { owner: expiring, account: account() });
        else {
          credentials.owners.set(sha256(SECRET), expiring);
          credentials.accounts.set(ACCOUNT_ID, account());
        }
        const now = jest.spyOn(Date, 'now').mockReturnValue(VALID_UNTIL - 1);
        const before = withToken(SECRET);
        expect(await guard.canActivate(httpContextOf(before))).toBe(true);
        expect(before.principal?.tokenId).toBe('my-token');

        for (const at of [VALID_UNTIL, VALID_UNTIL + 1]) {
          now.mockReturnValue(at);
          const after = withToken(SECRET);
          const refusal = await refusalOf(() => guard.canActivate(httpContextOf(after)));
          expect(refusal).toEqual({ status: 401, body: errorBody.unauthorized(Messages.invalidToken) });
          expect(refusal.error.headers).toEqual({
            'WWW-Authenticate': 'ApiToken error="invalid_token", error_description="expired"',
          });
          expect(after.principal).toBeUndefined();
        }
      },
    );

    it('a cached expired token is refused at once, without a promise', () => {
      credentials.cached.set(sha256(SECRET), { owner: owner({ validUntil: 1_000 }), account: account() });
      jest.spyOn(Date, 'now').mockReturnValue(1_000);
      expect(refusalAtOnce(() => guard.canActivate(httpContextOf(withToken(SECRET))))).toEqual({
        status: 401,
        body: errorBody.unauthorized(Messages.invalidToken),
      });
    });

    it('says why in WWW-Authenticate (expired, revoked), from the cached entry; an unknown token gets none', async () => {
      const revoked = owner({ validUntil: 1_000, endsAs: 'revoked' });
      credentials.cached.set(sha256(SECRET), { owner: revoked, account: account() });
      jest.spyOn(Date, 'now').mockReturnValue(1_000);
      const refusal = refusalAtOnce(() => guard.canActivate(httpContextOf(withToken(SECRET))));
      expect(refusal.body).toEqual(errorBody.unauthorized(Messages.invalidToken));
      expect(refusal.error.headers).toEqual({
        'WWW-Authenticate': 'ApiToken error="invalid_token", error_description="revoked"',
      });
      expect(credentials.calls).toEqual([`cachedPrincipal ${sha256(SECRET)}`]);

      const unknown = await refusalOf(() => guard.canActivate(httpContextOf(withToken(`${SECRET}x`))));
      expect(unknown.body).toEqual(errorBody.unauthorized(Messages.invalidToken));
      expect(unknown.error.headers).toEqual({});
    });

    it('a token without validUntil never expires', () => {
      credentials.cached.set(sha256(SECRET), { owner: owner(), account: account() });
      jest.spyOn(Date, 'now').mockReturnValue(Number.MAX_SAFE_INTEGER);
      expect(answerAtOnce(guard, withToken(SECRET))).toBe(true);
    });
  });

  describe('the principal, built once per account snapshot and token', () => {
    it('hands every request of one token the same frozen principal', () => {
      const snapshot = account();
      credentials.cached.set(sha256(SECRET), { owner: owner(), account: snapshot });
      const first = withToken(SECRET);
      const second = withToken(SECRET);
      expect(answerAtOnce(guard, first)).toBe(true);
      expect(answerAtOnce(guard, second)).toBe(true);
      expect(second.principal).toBe(first.principal);
    });

    it("gives each of an account's tokens its own principal", () => {
      const snapshot = account();
      const [secretA, secretB] = ['lr_' + 'a'.repeat(32), 'lr_' + 'b'.repeat(32)];
      credentials.cached.set(sha256(secretA), { owner: owner({ tokenId: 'a' }), account: snapshot });
      credentials.cached.set(sha256(secretB), { owner: owner({ tokenId: 'b' }), account: snapshot });
      const a = withToken(secretA);
      const b = withToken(secretB);
      expect(answerAtOnce(guard, a)).toBe(true);
      expect(answerAtOnce(guard, b)).toBe(true);
      expect([a.principal?.tokenId, b.principal?.tokenId]).toEqual(['a', 'b']);
    });

    it('builds a new principal once the account snapshot is replaced (the account changed)', () => {
      credentials.cached.set(sha256(SECRET), { owner: owner(), account: account() });
      const before = withToken(SECRET);
      expect(answerAtOnce(guard, before)).toBe(true);
      credentials.cached.set(sha256(SECRET), { owner: owner(), account: account({ disabled: true }) });
      const after = withToken(SECRET);
      expect(answerAtOnce(guard, after)).toBe(true);
      expect(after.principal).not.toBe(before.principal);
      expect([before.principal?.disabled, after.principal?.disabled]).toEqual([false, true]);
    });
  });
});
