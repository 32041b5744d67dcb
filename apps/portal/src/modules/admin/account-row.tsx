import type { Account, License } from '../../app/api-types';
import { useState } from 'react';
import { formatDate, formatNumber } from '../../app/format';

interface AccountRowProps {
  account: Account;
  licenses: License[];
  isSelf: boolean;
  onChange: (account: Account, change: { disabled?: boolean; license?: string | null }) => Promise<void>;
}

const NO_LICENSE = '';

export function AccountRow({ account, licenses, isSelf, onChange }: AccountRowProps) {
  const [busy, setBusy] = useState(false);
  const apply = async (change: { disabled?: boolean; license?: string | null }) => {
    setBusy(true);
    try {
      await onChange(account, change);
    } finally {
      setBusy(false);
    }
  };
  const { used, quota } = account.usage;
  const licenseName = account.license?.name ?? NO_LICENSE;
  // A license the list does not hold (more than one page of them) must still be shown as selected.
  const options =
    licenses.some((l) => l.name === licenseName) || !licenseName
      ? licenses
      : [...licenses, account.license as License];
  return (
    <tr data-account-email={account.email}>
      <th scope="row">
        {account.email}
        {account.role === 'admin' && (
          <>
            {' '}
            <span className="badge">admin</span>
          </>
        )}
      </th>
      <td>
        {account.disabled ? (
          <span className="badge off">disabled</span>
        ) : (
          <span className="badge ok">active</span>
        )}
      </td>
      <td>
        <label className="visually-hidden" htmlFor={`license-${account.id}`}>
          License of {account.email}
        </label>
        <select
          id={`license-${account.id}`}
          value={licenseName}
          disabled={busy}
          onChange={(e) => apply({ license: e.target.value === NO_LICENSE ? null : e.target.value })}
        >
          <option value={NO_LICENSE}>No license</option>
          {options.map((license) => (
            <option key={license.name} value={license.name}>
              {license.name}
            </option>
          ))}
        </select>
      </td>
      <td className="num">
        {formatNumber(used)} / {formatNumber(quota, '∞')}
      </td>
      <td>{formatDate(account.createdAt)}</td>
      <td>
        <button
          type="button"
          className={account.disabled ? 'secondary' : 'danger secondary'}
          disabled={busy || isSelf}
          title={isSelf ? 'You cannot disable your own account here.' : undefined}
          onClick={() => apply({ disabled: !account.disabled })}
          aria-label={`${account.disabled ? 'Enable' : 'Disable'} ${account.email}`}
        >
          {account.disabled ? 'Enable' : 'Disable'}
        </button>
      </td>
    </tr>
  );
}
