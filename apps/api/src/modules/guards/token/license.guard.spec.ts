import { errorBody, Messages } from '../../../../test/support/contract-errors';
import { ApiError } from '../../../common/errors/api-error';
import type { Principal } from '../principal';
import { LicenseGuard } from './license.guard';
import { httpContextOf } from '../../../../test/support/http-context';
import { refusalAtOnce } from '../../../../test/support/refusals';

const principal = (changes: Partial<Principal> = {}): Principal => ({
  accountId: '00000000-0000-4000-8000-000000000001',
  email: 'holder@example.test',
  role: 'user',
  disabled: false,
  license: { name: 'free', monthlyQuota: 100, perSecond: 5, perMinute: 60, perHour: 600 },
  sessionVersion: 0,
  tokenId: 'my-token',
  ...changes,
});

describe('LicenseGuard (contract section 5, steps 3-4)', () => {
  const guard = new LicenseGuard();

  it('lets an enabled account with a license through, leaving its principal as it was', () => {
    const request = { principal: principal() };
    const before = request.principal;
    expect(guard.canActivate(httpContextOf(request))).toBe(true);
    expect(request.principal).toBe(before);
  });

  it('step 3: answers 403 for a disabled account', () => {
    expect(
      refusalAtOnce(() => guard.canActivate(httpContextOf({ principal: principal({ disabled: true }) }))),
    ).toEqual({
      status: 403,
      body: errorBody.forbidden(Messages.accountDisabled),
    });
  });

  it('step 4: answers 403 for an account without a license', () => {
    expect(
      refusalAtOnce(() => guard.canActivate(httpContextOf({ principal: principal({ license: null }) }))),
    ).toEqual({
      status: 403,
      body: errorBody.forbidden(Messages.noLicense),
    });
  });

  it('3 before 4: a disabled account without a license is told it is disabled', () => {
    const request = { principal: principal({ disabled: true, license: null }) };
    expect(refusalAtOnce(() => guard.canActivate(httpContextOf(request)))).toEqual({
      status: 403,
      body: errorBody.forbidden(Messages.accountDisabled),
    });
  });

  it('lets an administrator through on the same terms (no exemption for the role)', () => {
    expect(guard.canActivate(httpContextOf({ principal: principal({ role: 'admin' }) }))).toBe(true);
    expect(
      refusalAtOnce(() =>
        guard.canActivate(httpContextOf({ principal: principal({ role: 'admin', license: null }) })),
      ),
    ).toEqual({ status: 403, body: errorBody.forbidden(Messages.noLicense) });
  });

  it('fails closed, with an error of ours (not a client refusal), when no earlier guard set a principal', () => {
    let thrown: unknown;
    try {
      guard.canActivate(httpContextOf({}));
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(Error);
    expect(thrown).not.toBeInstanceOf(ApiError);
    expect((thrown as Error).message).toMatch(/Guard order/);
  });
});
