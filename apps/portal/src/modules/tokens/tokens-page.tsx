import type { Token } from '../../app/api-types';
import type { UpdateTokenDto } from '@lottery-results/sdk';
import { useState } from 'react';
import { Alert } from '../../components/alert';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { LoadError } from '../../components/load-error';
import { Page } from '../../components/page';
import { Pager } from '../../components/pager';
import { errorMessage, portalMessage } from '../../app/errors';
import { secretMemory } from '../../app/secret-memory';
import { useSession } from '../../app/session';
import { CreateTokenForm } from './create-token-form';
import { EditTokenDialog } from './edit-token-dialog';
import { ExpiryNotice } from './expiry-notice';
import { useCreateToken, useDeleteToken, useRollToken, useTokenPage, useUpdateToken } from './queries';
import { ResetTokenDialog } from './reset-token-dialog';
import { SecretDialog } from './secret-dialog';
import { TokenTable } from './token-table';
import { newTokenBody, type CreateTokenValues } from './token-form';

type Modal =
  | {
      kind: 'secret';
      tokenId: string;
      secret: string;
      reason: 'created' | 'reset';
      previousSecretExpiresAt?: string;
    }
  | { kind: 'edit' | 'delete' | 'reset'; token: Token }
  | null;

/** A refusal in the portal's words; '' when there is none. */
const refusal = (error: unknown) => (error ? portalMessage(errorMessage(error)) : '');

export function TokensPage() {
  const [offset, setOffset] = useState(0);
  const [modal, setModal] = useState<Modal>(null);
  const [notice, setNotice] = useState('');
  const list = useTokenPage(offset);
  const createToken = useCreateToken();
  const updateToken = useUpdateToken();
  const rollToken = useRollToken();
  const deleteToken = useDeleteToken();
  const { profile } = useSession();

  // Every action starts by clearing the last one's outcome: if it fails, its error must not sit next to an old
  // green "done" banner, nor an old refusal of the creation form next to a new success.
  const startAction = () => {
    setNotice('');
    createToken.reset();
  };

  const create = async (values: CreateTokenValues) => {
    setNotice('');
    const created = await createToken.mutateAsync(newTokenBody(values));
    secretMemory.remember(created.id, created.token);
    setModal({ kind: 'secret', tokenId: created.id, secret: created.token, reason: 'created' });
  };
  const remove = async (token: Token) => {
    startAction();
    await deleteToken.mutateAsync(token.id);
    secretMemory.forget(token.id);
    setNotice(`Token “${token.id}” deleted: it no longer works.`);
  };
  const reset = async (token: Token, graceSeconds: number) => {
    // One server-side step (POST /profile/token/{id}/roll): the token keeps its id, description, creation date and
    // usage, and if the call fails the old secret simply keeps working.
    startAction();
    const rolled = await rollToken.mutateAsync({ id: token.id, graceSeconds });
    secretMemory.remember(rolled.id, rolled.token);
    setModal({
      kind: 'secret',
      tokenId: rolled.id,
      secret: rolled.token,
      reason: 'reset',
      previousSecretExpiresAt: rolled.previousSecretExpiresAt,
    });
  };
  const save = async (token: Token, changes: UpdateTokenDto) => {
    startAction();
    await updateToken.mutateAsync({ id: token.id, changes });
    setNotice(`Token “${token.id}” updated.`);
  };
  const openEdit = (token: Token) => {
    updateToken.reset();
    setModal({ kind: 'edit', token });
  };

  const page = list.data;
  const tokens = page?.tokens ?? [];
  // The list's total is the fresh count (the list reads again after every change); the maximum is a setting.
  const allowance = profile
    ? { count: page?.total ?? profile.tokens.count, max: profile.tokens.max }
    : undefined;
  return (
    <Page title="API tokens">
      <p className="muted">
        A token lets a program call the lottery endpoints for your account. Each one counts against your
        monthly quota.
      </p>
      <CreateTokenForm
        onCreate={create}
        error={refusal(createToken.error)}
        busy={createToken.isPending}
        allowance={allowance}
      />
      <section aria-labelledby="tokens-title">
        <h2 id="tokens-title">Your tokens</h2>
        <Alert kind="success">{notice}</Alert>
        <LoadError error={list.error ? errorMessage(list.error) : ''} onRetry={() => void list.refetch()} />
        <ExpiryNotice tokens={tokens} />
        {page && tokens.length === 0 && <p>You have no token yet.</p>}
        {tokens.length > 0 && (
          <TokenTable
            tokens={tokens}
            onEdit={openEdit}
            onReset={(token) => setModal({ kind: 'reset', token })}
            onDelete={(token) => setModal({ kind: 'delete', token })}
          />
        )}
        {page && (
          <Pager
            label="Token pages"
            offset={page.offset}
            limit={page.limit}
            total={page.total}
            onChange={setOffset}
          />
        )}
        {!page && !list.error && <p aria-live="polite">Loading…</p>}
      </section>

      {modal?.kind === 'secret' && (
        <SecretDialog
          tokenId={modal.tokenId}
          secret={modal.secret}
          reason={modal.reason}
          previousSecretExpiresAt={modal.previousSecretExpiresAt}
          onClose={() => setModal(null)}
        />
      )}
      {modal?.kind === 'edit' && (
        <EditTokenDialog
          token={modal.token}
          onSave={(changes) => save(modal.token, changes)}
          error={refusal(updateToken.error)}
          busy={updateToken.isPending}
          onClose={() => setModal(null)}
        />
      )}
      {modal?.kind === 'delete' && (
        <ConfirmDialog
          title={`Delete token “${modal.token.id}”?`}
          confirmLabel="Delete token"
          onConfirm={() => remove(modal.token)}
          onClose={() => setModal(null)}
        >
          <p>Programs that use it will be refused at once. This cannot be undone.</p>
        </ConfirmDialog>
      )}
      {modal?.kind === 'reset' && (
        <ResetTokenDialog
          tokenId={modal.token.id}
          onReset={(graceSeconds) => reset(modal.token, graceSeconds)}
          onClose={() => setModal((current) => (current?.kind === 'reset' ? null : current))}
        />
      )}
    </Page>
  );
}
