import { useState } from 'react';
import { Alert } from '../../components/alert';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { LoadError } from '../../components/load-error';
import { Page } from '../../components/page';
import { Pager } from '../../components/pager';
import { errorMessage } from '../../app/errors';
import { CreateWebhookForm } from './create-webhook-form';
import { EditWebhookDialog } from './edit-webhook-dialog';
import { useDeleteWebhook, useRotateWebhookSecret, useUpdateWebhook, useWebhooks } from './queries';
import { RotateSecretDialog } from './rotate-secret-dialog';
import { WebhookCard } from './webhook-card';
import { WebhookSecretDialog } from './webhook-secret-dialog';
import type { Webhook } from './webhook-values';

type Modal =
  | {
      kind: 'secret';
      url: string;
      secret: string;
      reason: 'created' | 'rotated';
      previousSecretExpiresAt?: string;
    }
  | { kind: 'edit' | 'disable' | 'rotate' | 'delete'; webhook: Webhook }
  | null;

/**
 * Webhook subscriptions: the service POSTs signed draw events to the account holder's URL. Create (the signing
 * secret shown once), edit, test ping, enable or disable, rotate the secret, delete, and each one's delivery log.
 */
export function WebhooksPage() {
  const [offset, setOffset] = useState(0);
  const [modal, setModal] = useState<Modal>(null);
  const [notice, setNotice] = useState('');
  const list = useWebhooks(offset);
  const update = useUpdateWebhook();
  const rotateSecret = useRotateWebhookSecret();
  const deleteWebhook = useDeleteWebhook();

  // Every action starts by clearing the last one's notice, so an error never sits next to an old success.
  const setEnabled = async (webhook: Webhook, enabled: boolean) => {
    setNotice('');
    await update.mutateAsync({ id: webhook.id, body: { enabled } });
    setNotice(
      enabled
        ? `Subscription to ${webhook.url} enabled: events are sent to it again.`
        : `Subscription to ${webhook.url} disabled: no event is sent to it until you enable it.`,
    );
  };
  const rotate = async (webhook: Webhook, graceSeconds: number) => {
    setNotice('');
    const rotated = await rotateSecret.mutateAsync({ id: webhook.id, graceSeconds });
    setModal({
      kind: 'secret',
      url: rotated.url,
      secret: rotated.secret,
      reason: 'rotated',
      previousSecretExpiresAt: rotated.previousSecretExpiresAt,
    });
  };
  const remove = async (webhook: Webhook) => {
    setNotice('');
    await deleteWebhook.mutateAsync(webhook);
    setNotice(`Subscription to ${webhook.url} deleted.`);
  };
  const open = (kind: 'edit' | 'disable' | 'rotate' | 'delete') => (webhook: Webhook) => {
    setNotice('');
    setModal({ kind, webhook });
  };

  const page = list.data;
  const webhooks = page?.webhooks ?? [];
  const closeIf = (kind: 'edit' | 'disable' | 'rotate' | 'delete') => () =>
    setModal((current) => (current?.kind === kind ? null : current));
  return (
    <Page title="Webhooks">
      <p className="muted">
        Instead of asking for results, let the service tell you: it POSTs a signed event to your URL when a
        draw is published, corrected or deleted. A failed delivery is tried again with growing pauses, and
        deliveries do not count against your monthly quota.
      </p>
      <CreateWebhookForm
        onCreated={(created) => {
          setNotice('');
          setModal({ kind: 'secret', url: created.url, secret: created.secret, reason: 'created' });
        }}
      />
      <section aria-labelledby="webhooks-title">
        <h2 id="webhooks-title">Your subscriptions</h2>
        <Alert kind="success">{notice}</Alert>
        <LoadError error={list.error ? errorMessage(list.error) : ''} onRetry={() => void list.refetch()} />
        {page && webhooks.length === 0 && <p>You have no subscription yet.</p>}
        {webhooks.map((webhook) => (
          <WebhookCard
            key={webhook.id}
            webhook={webhook}
            onEnable={(w) => setEnabled(w, true)}
            onEdit={open('edit')}
            onDisable={open('disable')}
            onRotate={open('rotate')}
            onDelete={open('delete')}
          />
        ))}
        {page && (
          <Pager
            label="Subscription pages"
            offset={page.offset}
            limit={page.limit}
            total={page.total}
            onChange={setOffset}
          />
        )}
        {list.isPending && <p aria-live="polite">Loading…</p>}
      </section>

      {modal?.kind === 'secret' && (
        <WebhookSecretDialog
          url={modal.url}
          secret={modal.secret}
          reason={modal.reason}
          previousSecretExpiresAt={modal.previousSecretExpiresAt}
          onClose={() => setModal(null)}
        />
      )}
      {modal?.kind === 'edit' && (
        <EditWebhookDialog
          webhook={modal.webhook}
          onSaved={(saved) => {
            setModal(null);
            setNotice(`Subscription to ${saved.url} saved.`);
          }}
          onClose={closeIf('edit')}
        />
      )}
      {modal?.kind === 'disable' && (
        <ConfirmDialog
          title="Disable this subscription?"
          confirmLabel="Disable subscription"
          onConfirm={() => setEnabled(modal.webhook, false)}
          onClose={closeIf('disable')}
        >
          <p className="webhook-url-line">
            Target: <code>{modal.webhook.url}</code>
          </p>
          <p>
            No draw event is queued for it while it is disabled, so your receiver misses the draws written
            meanwhile; deliveries already queued wait until you enable it again.
          </p>
        </ConfirmDialog>
      )}
      {modal?.kind === 'rotate' && (
        <RotateSecretDialog
          url={modal.webhook.url}
          onRotate={(graceSeconds) => rotate(modal.webhook, graceSeconds)}
          onClose={closeIf('rotate')}
        />
      )}
      {modal?.kind === 'delete' && (
        <ConfirmDialog
          title="Delete this subscription?"
          confirmLabel="Delete subscription"
          onConfirm={() => remove(modal.webhook)}
          onClose={closeIf('delete')}
        >
          <p className="webhook-url-line">
            Target: <code>{modal.webhook.url}</code>
          </p>
          <p>Its queued deliveries and its log go with it. This cannot be undone.</p>
        </ConfirmDialog>
      )}
    </Page>
  );
}
