import type { License } from '../../app/api-types';
import { useState } from 'react';
import { Alert } from '../../components/alert';
import { Dialog } from '../../components/dialog';
import { Page } from '../../components/page';
import { TableScroll } from '../../components/table-scroll';
import { useAsync } from '../../components/use-async';
import { formatNumber } from '../../app/format';
import { useClient } from '../../app/session';
import { LicenseForm } from './license-form';
import { allLicenses } from './licenses';

/** The license's limits, in the table's column order. */
const LIMITS = [
  ['monthlyQuota', 'Monthly quota'],
  ['perSecond', 'Per second'],
  ['perMinute', 'Per minute'],
  ['perHour', 'Per hour'],
] as const satisfies ReadonlyArray<readonly [keyof License, string]>;

export function LicensesPage() {
  const client = useClient();
  const licenses = useAsync(() => allLicenses(client), [client]);
  const [editing, setEditing] = useState<License | null>(null);
  const [notice, setNotice] = useState('');

  // Creating and replacing are two calls on purpose: "New license" must never overwrite an existing one (the API
  // answers 409), while "Edit" replaces the license it was opened on.
  const create = async (license: License) => {
    const created = await client.admin.licenses.create(license);
    setNotice(`License “${created.name}” created.`);
    licenses.reload();
  };
  const replace = async ({ name, ...values }: License) => {
    const saved = await client.admin.licenses.put(name, values);
    setNotice(`License “${saved.name}” saved.`);
    setEditing(null);
    licenses.reload();
  };

  return (
    <Page title="Licenses">
      <Alert kind="success">{notice}</Alert>
      <Alert>{licenses.error}</Alert>
      {licenses.data && (
        <TableScroll label="Licenses" stack>
          <table className="stack">
            <caption className="visually-hidden">Licenses</caption>
            <thead>
              <tr>
                <th scope="col">Name</th>
                {LIMITS.map(([, label]) => (
                  <th key={label} scope="col" className="num">
                    {label}
                  </th>
                ))}
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {licenses.data.map((license) => (
                <tr key={license.name}>
                  <th scope="row">{license.name}</th>
                  {LIMITS.map(([field, label]) => (
                    <td key={field} className="num" data-label={label}>
                      {formatNumber(license[field])}
                    </td>
                  ))}
                  <td>
                    <button
                      type="button"
                      className="secondary"
                      onClick={() => setEditing(license)}
                      aria-label={`Edit license ${license.name}`}
                    >
                      Edit
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
      {!licenses.data && !licenses.error && <p aria-live="polite">Loading…</p>}
      <section className="card section-gap" aria-labelledby="new-license-title">
        <h2 id="new-license-title">New license</h2>
        <p className="small muted">To change an existing license, use its Edit button.</p>
        <LicenseForm onSave={create} />
      </section>
      {editing && (
        <Dialog title={`Edit license “${editing.name}”`} onClose={() => setEditing(null)}>
          <p className="small">
            Every account with this license gets the new quota and rate limits from its next request.
          </p>
          <LicenseForm license={editing} onSave={replace} onCancel={() => setEditing(null)} />
        </Dialog>
      )}
    </Page>
  );
}
