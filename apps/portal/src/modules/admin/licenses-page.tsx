import type { License } from '../../app/api-types';
import { useState } from 'react';
import { Alert } from '../../components/alert';
import { Dialog } from '../../components/dialog';
import { LoadError } from '../../components/load-error';
import { Page } from '../../components/page';
import { TableScroll } from '../../components/table-scroll';
import { errorMessage } from '../../app/errors';
import { formatNumber } from '../../app/format';
import { LicenseDeleteDialog } from './license-delete-dialog';
import { LicenseForm } from './license-form';
import { useCreateLicense, useDeleteLicense, useLicenses, useReplaceLicense } from './queries';

/** The license's limits, in the table's column order. */
const LIMITS = [
  ['monthlyQuota', 'Monthly quota'],
  ['perSecond', 'Per second'],
  ['perMinute', 'Per minute'],
  ['perHour', 'Per hour'],
] as const satisfies ReadonlyArray<readonly [keyof License, string]>;

type Modal = { kind: 'edit' | 'delete'; license: License } | null;

export function LicensesPage() {
  const licenses = useLicenses();
  const [modal, setModal] = useState<Modal>(null);
  const [notice, setNotice] = useState('');

  const create = useCreateLicense();
  const replace = useReplaceLicense();
  const remove = useDeleteLicense();
  const createLicense = async (license: License) => {
    const created = await create.mutateAsync(license);
    setNotice(`License “${created.name}” created.`);
  };
  const replaceLicense = async (license: License) => {
    const saved = await replace.mutateAsync(license);
    setNotice(`License “${saved.name}” saved.`);
    setModal(null);
  };
  const removeLicense = async (license: License) => {
    await remove.mutateAsync(license);
    setNotice(`License “${license.name}” deleted. Accounts that held it have no license now.`);
  };

  return (
    <Page title="Licenses">
      <Alert kind="success">{notice}</Alert>
      <LoadError
        error={licenses.error ? errorMessage(licenses.error) : ''}
        onRetry={() => licenses.refetch()}
      />
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
                    <div className="row-actions">
                      <button
                        type="button"
                        className="secondary"
                        onClick={() => setModal({ kind: 'edit', license })}
                        aria-label={`Edit license ${license.name}`}
                      >
                        Edit
                      </button>
                      <button
                        type="button"
                        className="secondary danger"
                        onClick={() => setModal({ kind: 'delete', license })}
                        aria-label={`Delete license ${license.name}`}
                      >
                        Delete
                      </button>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
      {licenses.isPending && <p aria-live="polite">Loading…</p>}
      <section className="card section-gap" aria-labelledby="new-license-title">
        <h2 id="new-license-title">New license</h2>
        <p className="small muted">To change an existing license, use its Edit button.</p>
        <LicenseForm onSave={createLicense} />
      </section>
      {modal?.kind === 'edit' && (
        <Dialog title={`Edit license “${modal.license.name}”`} onClose={() => setModal(null)}>
          <p className="small">
            Every account with this license gets the new quota and rate limits from its next request.
          </p>
          <LicenseForm license={modal.license} onSave={replaceLicense} onCancel={() => setModal(null)} />
        </Dialog>
      )}
      {modal?.kind === 'delete' && (
        <LicenseDeleteDialog
          license={modal.license}
          onDelete={() => removeLicense(modal.license)}
          onClose={() => setModal(null)}
        />
      )}
    </Page>
  );
}
