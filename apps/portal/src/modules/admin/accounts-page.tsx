import type { Account } from '../../app/api-types';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '../../components/alert';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { Field } from '../../components/field';
import { LoadError } from '../../components/load-error';
import { Page } from '../../components/page';
import { Pager } from '../../components/pager';
import { TableScroll } from '../../components/table-scroll';
import { errorMessage } from '../../app/errors';
import { useSession } from '../../app/session';
import { confirmationFor, doneMessage, type AccountChange } from './account-change';
import { AccountRow } from './account-row';
import { ResetLinkDialog, type ResetLink } from './reset-link-dialog';
import {
  useAccountsPage,
  useCreateResetLink,
  useLicenses,
  useUpdateAccount,
  type AccountsQuery,
} from './queries';

export function AccountsPage() {
  const { profile } = useSession();
  const search = useForm({ defaultValues: { email: '' } });
  const [query, setQuery] = useState<AccountsQuery>({ email: '', offset: 0 });
  /** A change waiting for the administrator's confirmation. */
  const [pending, setPending] = useState<{ account: Account; change: AccountChange } | null>(null);
  const [message, setMessage] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  const [resetLink, setResetLink] = useState<{ account: Account; link: ResetLink } | null>(null);
  const accounts = useAccountsPage(query);
  const licenses = useLicenses();
  const update = useUpdateAccount();

  const submit = search.handleSubmit(({ email }) => setQuery({ email: email.trim(), offset: 0 }));
  const apply = async (account: Account, change: AccountChange) => {
    setMessage(null);
    const updated = await update.mutateAsync({ account, change });
    setMessage({ kind: 'success', text: doneMessage(updated, change) });
  };
  /** A change that needs confirming opens the dialog; the others are applied at once. */
  const request = (account: Account, change: AccountChange) => {
    if (confirmationFor(account, change, licenses.data ?? [])) {
      setPending({ account, change });
      return;
    }
    apply(account, change).catch((error: unknown) =>
      setMessage({ kind: 'error', text: errorMessage(error) }),
    );
  };
  const createResetLink = useCreateResetLink();
  const askResetLink = (account: Account) => {
    setMessage(null);
    createResetLink.mutate(account, {
      onSuccess: (link) => setResetLink({ account, link }),
      onError: (error) => setMessage({ kind: 'error', text: errorMessage(error) }),
    });
  };
  const confirmation = pending && confirmationFor(pending.account, pending.change, licenses.data ?? []);

  const page = accounts.data;
  const rows = page?.accounts ?? [];
  return (
    <Page title="Accounts">
      <form className="card row" role="search" onSubmit={submit}>
        <Field label="Email contains" type="search" {...search.register('email')} />
        <button type="submit">Search</button>
      </form>
      {message && <Alert kind={message.kind}>{message.text}</Alert>}
      <LoadError
        error={[accounts.error, licenses.error].filter(Boolean).map(errorMessage).join(' ')}
        onRetry={() => {
          if (accounts.error) void accounts.refetch();
          if (licenses.error) void licenses.refetch();
        }}
      />
      {page && rows.length === 0 && <p>No account matches.</p>}
      {page && rows.length > 0 && (
        <TableScroll label="Accounts" stack>
          <table className="stack">
            <caption>
              {page.total.toLocaleString()} account{page.total === 1 ? '' : 's'}
              {query.email && ` matching “${query.email}”`}
            </caption>
            <thead>
              <tr>
                <th scope="col">Email</th>
                <th scope="col">Status</th>
                <th scope="col">Role</th>
                <th scope="col">License</th>
                <th scope="col" className="num">
                  Used this month
                </th>
                <th scope="col">Created</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((account) => (
                <AccountRow
                  key={account.id}
                  account={account}
                  licenses={licenses.data ?? []}
                  isSelf={account.id === profile?.id}
                  onRequest={request}
                  onResetLink={askResetLink}
                />
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
      {page && (
        <Pager
          label="Account pages"
          offset={page.offset}
          limit={page.limit}
          total={page.total}
          onChange={(offset) => setQuery((q) => ({ ...q, offset }))}
        />
      )}
      {accounts.isPending && <p aria-live="polite">Loading…</p>}
      {resetLink && (
        <ResetLinkDialog
          account={resetLink.account}
          link={resetLink.link}
          onClose={() => setResetLink(null)}
        />
      )}
      {pending && confirmation && (
        <ConfirmDialog
          title={confirmation.title}
          confirmLabel={confirmation.confirmLabel}
          onConfirm={() => apply(pending.account, pending.change)}
          onClose={() => setPending(null)}
        >
          <p>{confirmation.body}</p>
        </ConfirmDialog>
      )}
    </Page>
  );
}
