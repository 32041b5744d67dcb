import type { Account, License } from '../../app/api-types';
import { formatNumber } from '../../app/format';

/** One change to an account, as PATCH /admin/accounts/{id} takes it. */
export type AccountChange = { disabled: boolean } | { license: string | null } | { role: Account['role'] };

export interface Confirmation {
  title: string;
  /** What happens, in a sentence or two, so that nobody clicks through by habit. */
  body: string;
  confirmLabel: string;
}

function describeLicense(license: License | null | undefined): string {
  if (!license) return 'no license';
  const quota =
    license.monthlyQuota === null ? 'unlimited requests' : `${formatNumber(license.monthlyQuota)} requests`;
  return `“${license.name}” (${quota} a month)`;
}

/**
 * The question to ask before a change, or null when it needs none: enabling an account gives back what was
 * taken, while disabling it, changing its license or its role affects its programs or its powers at once.
 */
export function confirmationFor(
  account: Account,
  change: AccountChange,
  licenses: License[],
): Confirmation | null {
  const who = account.email;
  if ('disabled' in change) {
    if (!change.disabled) return null;
    return {
      title: `Disable ${who}?`,
      body: 'Its API tokens are refused at once with 403 “Your account has been disabled.”; an administrator also loses the administration pages. You can enable it again later.',
      confirmLabel: 'Disable account',
    };
  }
  if ('license' in change) {
    const next = licenses.find((l) => l.name === change.license) ?? null;
    const effect =
      change.license === null
        ? 'Its tokens are refused with 403 until it gets a license again.'
        : 'The new quota and rate limits apply from its next request; what it used this month still counts.';
    return {
      title: `Change the license of ${who}?`,
      body: `From ${describeLicense(account.license)} to ${describeLicense(next)}. ${effect}`,
      confirmLabel: 'Change license',
    };
  }
  return change.role === 'admin'
    ? {
        title: `Make ${who} an administrator?`,
        body: 'From its next request it can manage every account, license and lottery: disable accounts, change licenses and roles, import draws.',
        confirmLabel: 'Make administrator',
      }
    : {
        title: `Make ${who} a regular user?`,
        body: 'From its next request it can no longer open the administration pages or call the administration API.',
        confirmLabel: 'Remove administrator role',
      };
}

/** What the page says once the change is saved. */
export function doneMessage(updated: Account, change: AccountChange): string {
  if ('disabled' in change)
    return `${updated.email} ${change.disabled ? 'disabled: its tokens are refused from now on' : 'enabled'}.`;
  if ('license' in change)
    return `${updated.email} now has ${updated.license ? `the license “${updated.license.name}”` : 'no license'}.`;
  return `${updated.email} is now ${updated.role === 'admin' ? 'an administrator' : 'a regular user'}.`;
}
