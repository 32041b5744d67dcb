import { useId, useState } from 'react';
import { Alert } from '../../components/alert';
import { errorMessage } from '../../app/errors';
import { formatDateTime } from '../../app/format';
import { DeliveriesPanel, type Highlight } from './deliveries-panel';
import { useTestWebhook } from './queries';
import { useNow } from './use-now';
import type { Webhook } from './webhook-values';

interface WebhookCardProps {
  webhook: Webhook;
  onEnable: (webhook: Webhook) => Promise<void>;
  /** Opens the edit dialog. */
  onEdit: (webhook: Webhook) => void;
  /** Opens the confirmation (disabling, rotating and deleting are asked first). */
  onDisable: (webhook: Webhook) => void;
  onRotate: (webhook: Webhook) => void;
  onDelete: (webhook: Webhook) => void;
}

/** One subscription: what it receives, its state (and why the service disabled it), its actions and log. */
export function WebhookCard({ webhook, onEnable, onEdit, onDisable, onRotate, onDelete }: WebhookCardProps) {
  const titleId = useId();
  const logId = useId();
  const [showLog, setShowLog] = useState(false);
  const [highlight, setHighlight] = useState<Highlight>();
  const testPing = useTestWebhook();
  const now = useNow();
  // The card's one action at a time: running (which), or failed (why); never both.
  const [action, setAction] = useState<{ running?: 'test' | 'enable'; error?: string }>({});
  const busy = action.running;

  const point = (deliveryId: string, what: string) => {
    setShowLog(true);
    setHighlight((last) => ({ deliveryId, what, version: (last?.version ?? 0) + 1 }));
  };
  const run = async (kind: 'test' | 'enable', work: () => Promise<void>) => {
    setAction({ running: kind });
    try {
      await work();
      setAction({});
    } catch (caught) {
      setAction({ error: errorMessage(caught) });
    }
  };
  const previousUntil =
    webhook.previousSecretExpiresAt && new Date(webhook.previousSecretExpiresAt).getTime() > now
      ? webhook.previousSecretExpiresAt
      : undefined;
  const context = { 'aria-describedby': titleId };

  return (
    <article
      className="card webhook"
      aria-labelledby={titleId}
      data-webhook-id={webhook.id}
      data-webhook-url={webhook.url}
    >
      <div className="webhook-head">
        <h3 id={titleId} className="webhook-url">
          <span className="visually-hidden">Subscription to </span>
          {webhook.url}
        </h3>
        <span className={`badge ${webhook.enabled ? 'ok' : 'off'}`} data-testid="webhook-state">
          {webhook.enabled ? 'Enabled' : 'Disabled'}
        </span>
      </div>
      {webhook.disabledReason && (
        <div className="alert error webhook-disabled" data-testid="disabled-reason">
          <strong>The service disabled this subscription: its deliveries kept failing.</strong>
          <p className="reason">{webhook.disabledReason}</p>
          <p>Fix your receiver, send a test ping to check it, then enable the subscription again.</p>
        </div>
      )}
      <dl className="facts">
        <dt>Events</dt>
        <dd data-testid="webhook-events">{webhook.events.join(', ')}</dd>
        <dt>Lotteries</dt>
        <dd data-testid="webhook-lotteries">
          {webhook.lotteries === null ? 'all lotteries' : webhook.lotteries.join(', ')}
        </dd>
        <dt>Created</dt>
        <dd>{formatDateTime(webhook.createdAt)}</dd>
        {previousUntil && (
          <>
            <dt>Previous secret</dt>
            <dd data-testid="previous-secret-until">also signs until {formatDateTime(previousUntil)}</dd>
          </>
        )}
      </dl>
      <div className="actions webhook-actions">
        <button
          type="button"
          className="secondary"
          disabled={busy === 'test'}
          onClick={() =>
            run('test', async () => {
              // The last outcome goes at once: it must not pass for this ping's.
              setHighlight((last) => last && { ...last, deliveryId: '', what: '' });
              const delivery = await testPing.mutateAsync(webhook.id);
              point(delivery.id, 'Test ping');
            })
          }
          {...context}
        >
          {busy === 'test' ? 'Sending…' : 'Send test ping'}
        </button>
        <button type="button" className="secondary" onClick={() => onEdit(webhook)} {...context}>
          Edit
        </button>
        {webhook.enabled ? (
          <button type="button" className="secondary" onClick={() => onDisable(webhook)} {...context}>
            Disable
          </button>
        ) : (
          <button
            type="button"
            className="secondary"
            disabled={busy === 'enable'}
            onClick={() => run('enable', () => onEnable(webhook))}
            {...context}
          >
            {busy === 'enable' ? 'Enabling…' : 'Enable'}
          </button>
        )}
        <button type="button" className="secondary" onClick={() => onRotate(webhook)} {...context}>
          Rotate secret
        </button>
        <button type="button" className="danger secondary" onClick={() => onDelete(webhook)} {...context}>
          Delete
        </button>
        <button
          type="button"
          className="secondary"
          aria-expanded={showLog}
          aria-controls={showLog ? logId : undefined}
          onClick={() => setShowLog((shown) => !shown)}
          {...context}
        >
          {showLog ? 'Hide deliveries' : 'Show deliveries'}
        </button>
      </div>
      <Alert>{action.error}</Alert>
      {showLog && <DeliveriesPanel id={logId} webhook={webhook} highlight={highlight} onHighlight={point} />}
    </article>
  );
}
