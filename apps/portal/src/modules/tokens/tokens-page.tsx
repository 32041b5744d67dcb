import type { Token } from '../../app/api-types';
import { useState } from 'react';
import { Alert } from '../../components/alert';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { LoadError } from '../../components/load-error';
import { Page } from '../../components/page';
import { Pager } from '../../components/pager';
import { useAsync } from '../../components/use-async';
import { secretMemory } from '../../app/secret-memory';
import { useClient, useSession } from '../../app/session';
import { CreateTokenForm, type NewToken } from './create-token-form';
import { EditTokenDialog } from './edit-token-dialog';
import { ExpiryNotice } from './expiry-notice';
import { ResetTokenDialog } from './reset-token-dialog';
import { SecretDialog } from './secret-dialog';
import { TokenTable } from './token-table';

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

const PAGE_SIZE = 15;

export function TokensPage() {
  const client = useClient();
  const [offset, setOffset] = useState(0);
  const [modal, setModal] = useState<Modal>(null);
  const [notice, setNotice] = useState('');
  // Counts the page's other actions, so the creation form drops an old refusal when one starts.
  const [otherActions, setOtherActions] = useState(0);
  const startOtherAction = () => {
    setNotice('');
    setOtherActions((count) => count + 1);
  };
  const list = useAsync(() => client.tokens.list({ limit: PAGE_SIZE, offset }), [client, offset]);
  const { profile } = useSession();

  // Every action starts by clearing the last one's notice: if it fails, its error must not sit next to an old
  // green "done" banner.
  const create = async (token: NewToken) => {
    setNotice('');
    const created = await client.tokens.create(token);
    secretMemory.remember(created.id, created.token);
    setModal({ kind: 'secret', tokenId: created.id, secret: created.token, reason: 'created' });
    list.reload();
  };
  const remove = async (token: Token) => {
    startOtherAction();
    await client.tokens.delete(token.id);
    secretMemory.forget(token.id);
    setNotice(`Token “${token.id}” deleted: it no longer works.`);
    list.reload();
  };
  const reset = async (token: Token, graceSeconds: number) => {
    // One server-side step (POST /profile/token/{id}/roll): the token keeps its id, description, creation date and
    // usage, and if the call fails the old secret simply keeps working.
    startOtherAction();
    const rolled = await client.tokens.roll(token.id, { graceSeconds });
    secretMemory.remember(rolled.id, rolled.token);
    setModal({
      kind: 'secret',
      tokenId: rolled.id,
      secret: rolled.token,
      reason: 'reset',
      previousSecretExpiresAt: rolled.previousSecretExpiresAt,
    });
    list.reload();
  };
  const saveDescription = async (token: Token, description: string) => {
    startOtherAction();
    await client.tokens.update(token.id, { description });
    setNotice(`Token “${token.id}” updated.`);
    list.reload();
  };

  const page = list.data;
  const tokens = page?.tokens ?? [];
  // The list's total is the fresh count (the list reloads after every change); the maximum is a server setting.
  const allowance = profile
    ? { count: page?.total ?? profile.tokens.count, max: profile.tokens.max }
    : undefined;
  return (
    <Page title="API tokens">
      <p className="muted">
        A token lets a program call the lottery endpoints for your account. Each one counts against your
        monthly quota.
      </p>
      <CreateTokenForm onCreate={create} allowance={allowance} otherActions={otherActions} />
      <section aria-labelledby="tokens-title">
        <h2 id="tokens-title">Your tokens</h2>
        <Alert kind="success">{notice}</Alert>
        <LoadError error={list.error} onRetry={list.reload} />
        <ExpiryNotice tokens={tokens} />
        {page && tokens.length === 0 && <p>You have no token yet.</p>}
        {tokens.length > 0 && (
          <TokenTable
            tokens={tokens}
            onEdit={(token) => setModal({ kind: 'edit', token })}
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
          tokenId={modal.token.id}
          description={modal.token.description ?? ''}
          onSave={(description) => saveDescription(modal.token, description)}
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
