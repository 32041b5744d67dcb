import { errorBody, Messages } from '../../../../test/support/contract-errors';
import { ApiError } from '../../../common/errors/api-error';
import type { Principal } from '../principal';
import { AdminRoleGuard } from './admin-role.guard';
import { httpContextOf } from '../../../../test/support/http-context';
import { refusalAtOnce } from '../../../../test/support/refusals';

/** What JwtAuthGuard puts on the request: the account's snapshot (no token id). */
const principal = (changes: Partial<Principal> = {}): Principal => ({
  accountId: '00000000-0000-4000-8000-000000000002',
  email: 'boss@example.test',
  role: 'admin',
  disabled: false,
  license: null,
  sessionVersion: 0,
  ...changes,
});

describe('AdminRoleGuard', () => {
  const guard = new AdminRoleGuard();

  it('lets an enabled administrator through, license or not', () => {
    expect(guard.canActivate(httpContextOf({ principal: principal() }))).toBe(true);
    const licensed = principal({
      license: { name: 'pro', monthlyQuota: null, perSecond: 1, perMinute: 1, perHour: 1 },
    });
    expect(guard.canActivate(httpContextOf({ principal: licensed }))).toBe(true);
  });

  it('answers 403 for a user who is not an administrator', () => {
    expect(
      refusalAtOnce(() => guard.canActivate(httpContextOf({ principal: principal({ role: 'user' }) }))),
    ).toEqual({
      status: 403,
      body: errorBody.forbidden(Messages.adminRequired),
    });
  });

  it('answers 403 for a disabled administrator', () => {
    expect(
      refusalAtOnce(() => guard.canActivate(httpContextOf({ principal: principal({ disabled: true }) }))),
    ).toEqual({
      status: 403,
      body: errorBody.forbidden(Messages.accountDisabled),
    });
  });

  it('tells a disabled user that the role is required (the role is checked first)', () => {
    const request = { principal: principal({ role: 'user', disabled: true }) };
    expect(refusalAtOnce(() => guard.canActivate(httpContextOf(request)))).toEqual({
      status: 403,
      body: errorBody.forbidden(Messages.adminRequired),
    });
  });

  it('fails closed, with an error of ours, when JwtAuthGuard did not run first', () => {
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
