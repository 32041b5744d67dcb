import type { Account, License } from '../../app/api-types';
import { formatDate, formatNumber } from '../../app/format';
import type { AccountChange } from './account-change';

interface AccountRowProps {
  account: Account;
  licenses: License[];
  isSelf: boolean;
  /** Asks for a change; the page confirms it first when it matters. */
  onRequest: (account: Account, change: AccountChange) => void;
  /** Creates a password reset link for the account holder (who forgot theirs). */
  onResetLink: (account: Account) => void;
}

const NO_LICENSE = '';

export function AccountRow({ account, licenses, isSelf, onRequest, onResetLink }: AccountRowProps) {
  const { used, quota } = account.usage;
  const licenseName = account.license?.name ?? NO_LICENSE;
  // A license the list does not hold (more than one page of them) must still be shown as selected.
  const options =
    licenses.some((l) => l.name === licenseName) || !licenseName
      ? licenses
      : [...licenses, account.license as License];
  const selfNote = isSelf ? 'You cannot change this for your own account here.' : undefined;
  return (
    <tr data-account-email={account.email}>
      <th scope="row">{account.email}</th>
      <td data-label="Status">
        {account.disabled ? (
          <span className="badge off">disabled</span>
        ) : (
          <span className="badge ok">active</span>
        )}
      </td>
      <td data-label="Role">
        <label className="visually-hidden" htmlFor={`role-${account.id}`}>
          Role of {account.email}
        </label>
        {/* The select keeps showing the current role until the change is confirmed and saved. */}
        <select
          id={`role-${account.id}`}
          value={account.role}
          disabled={isSelf}
          title={selfNote}
          onChange={(e) => onRequest(account, { role: e.target.value as Account['role'] })}
        >
          <option value="user">user</option>
          <option value="admin">admin</option>
        </select>
      </td>
      <td data-label="License">
        <label className="visually-hidden" htmlFor={`license-${account.id}`}>
          License of {account.email}
        </label>
        <select
          id={`license-${account.id}`}
          value={licenseName}
          onChange={(e) =>
            onRequest(account, { license: e.target.value === NO_LICENSE ? null : e.target.value })
          }
        >
          <option value={NO_LICENSE}>No license</option>
          {options.map((license) => (
            <option key={license.name} value={license.name}>
              {license.name}
            </option>
          ))}
        </select>
      </td>
      <td className="num" data-label="Used this month">
        {formatNumber(used)} / {formatNumber(quota, '∞')}
      </td>
      <td data-label="Created">{formatDate(account.createdAt)}</td>
      <td>
        <div className="row-actions">
          <button
            type="button"
            className="secondary"
            onClick={() => onResetLink(account)}
            aria-label={`Create a password reset link for ${account.email}`}
          >
            Reset link
          </button>
          <button
            type="button"
            className={account.disabled ? 'secondary' : 'danger secondary'}
            disabled={isSelf}
            title={isSelf ? 'You cannot disable your own account here.' : undefined}
            onClick={() => onRequest(account, { disabled: !account.disabled })}
            aria-label={`${account.disabled ? 'Enable' : 'Disable'} ${account.email}`}
          >
            {account.disabled ? 'Enable' : 'Disable'}
          </button>
        </div>
      </td>
    </tr>
  );
}
