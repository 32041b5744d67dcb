import type { License } from '../../app/api-types';
import { useState } from 'react';
import { Alert } from '../../components/alert';
import { Dialog } from '../../components/dialog';
import { Page } from '../../components/page';
import { useAsync } from '../../components/use-async';
import { formatNumber } from '../../app/format';
import { useClient } from '../../app/session';
import { LicenseForm } from './license-form';
import { allLicenses } from './licenses';

export function LicensesPage() {
  const client = useClient();
  const licenses = useAsync(() => allLicenses(client), [client]);
  const [editing, setEditing] = useState<License | null>(null);
  const [notice, setNotice] = useState('');

  const save = async (name: string, values: Omit<License, 'name'>) => {
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
        <div className="table-wrap">
          <table>
            <caption className="visually-hidden">Licenses</caption>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col" className="num">
                  Monthly quota
                </th>
                <th scope="col" className="num">
                  Per second
                </th>
                <th scope="col" className="num">
                  Per minute
                </th>
                <th scope="col" className="num">
                  Per hour
                </th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {licenses.data.map((license) => (
                <tr key={license.name}>
                  <th scope="row">{license.name}</th>
                  <td className="num">{formatNumber(license.monthlyQuota)}</td>
                  <td className="num">{formatNumber(license.perSecond)}</td>
                  <td className="num">{formatNumber(license.perMinute)}</td>
                  <td className="num">{formatNumber(license.perHour)}</td>
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
        </div>
      )}
      {!licenses.data && !licenses.error && <p aria-live="polite">Loading…</p>}
      <section className="card section-gap" aria-labelledby="new-license-title">
        <h2 id="new-license-title">New license</h2>
        <p className="small muted">Saving a name that exists replaces that license.</p>
        <LicenseForm onSave={save} />
      </section>
      {editing && (
        <Dialog title={`Edit license “${editing.name}”`} onClose={() => setEditing(null)}>
          <LicenseForm
            license={editing}
            onSave={(_name, values) => save(editing.name, values)}
            onCancel={() => setEditing(null)}
          />
        </Dialog>
      )}
    </Page>
  );
}
