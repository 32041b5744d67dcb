import { ApiError } from '../../common/errors/api-error';
import { Messages } from '../../common/errors/messages';
import type { Principal } from '../guards/principal';

/**
 * A disabled or unlicensed account keeps reading and deleting its subscriptions, but writes, tests and
 * redeliveries get contract section 5's 403s, in its order (disabled, then no license): what the account is
 * refused on the lottery routes, it is not served by webhooks either. The principal is the account's cached
 * snapshot, which every change to the account or its license refreshes.
 */
export function refuseInactiveAccount(principal: Principal): void {
  if (principal.disabled) throw ApiError.forbidden(Messages.accountDisabled);
  if (!principal.license) throw ApiError.forbidden(Messages.noLicense);
}
