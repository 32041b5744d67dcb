import { useState } from 'react';
import { Alert } from '../../components/alert';
import { LoadError } from '../../components/load-error';
import { errorMessage } from '../../app/errors';
import { DeliveryLog } from './delivery-log';
import { useDeliveries, useRedeliver, useRefreshWebhook } from './queries';
import {
  attemptSummary,
  DELIVERY_STATE_LABEL,
  deliveryState,
  type Webhook,
  type WebhookDelivery,
} from './webhook-values';

/** The delivery just made (test ping, redelivery), and a counter that changes with each. */
export interface Highlight {
  deliveryId: string;
  what: string;
  version: number;
}

interface DeliveriesPanelProps {
  id: string;
  webhook: Webhook;
  highlight?: Highlight;
  onHighlight: (deliveryId: string, what: string) => void;
}

/**
 * The delivery log of one subscription, newest first. It follows itself while a delivery on the page is queued
 * or about to be retried (so a test ping's outcome shows without a click), and otherwise on Refresh.
 */
export function DeliveriesPanel({ id, webhook, highlight, onHighlight }: DeliveriesPanelProps) {
  // The page chosen, for the highlight it was chosen under: a new test ping or redelivery is the newest
  // delivery, so the log goes back to the first page for it.
  const version = highlight?.version ?? 0;
  const [paged, setPaged] = useState({ offset: 0, version });
  const offset = paged.version === version ? paged.offset : 0;
  const log = useDeliveries(webhook.id, offset);
  const redeliverMutation = useRedeliver();
  const refresh = useRefreshWebhook();
  const [actionError, setActionError] = useState('');
  const deliveries = log.data?.deliveries ?? [];

  const redeliver = async (delivery: WebhookDelivery) => {
    setActionError('');
    try {
      const again = await redeliverMutation.mutateAsync({ id: webhook.id, deliveryId: delivery.id });
      onHighlight(again.id, `Redelivery of ${delivery.type}`);
    } catch (caught) {
      setActionError(errorMessage(caught));
    }
  };

  const current = highlight?.deliveryId ? deliveries.find((d) => d.id === highlight.deliveryId) : undefined;
  return (
    <section id={id} className="deliveries" aria-label={`Deliveries to ${webhook.url}`}>
      <div className="page-head">
        <h4>Delivery log</h4>
        {/* Never disabled: the log also reloads itself while a delivery is under way. */}
        <button
          type="button"
          className="secondary"
          onClick={() => {
            setActionError('');
            void refresh(webhook.id);
          }}
        >
          Refresh
        </button>
      </div>
      {!webhook.enabled && (
        <p className="small muted">
          While the subscription is disabled, draw events are not queued for it and queued ones wait; test
          pings are still sent.
        </p>
      )}
      <p role="status" className="delivery-outcome" data-testid="delivery-outcome">
        {current && highlight ? outcome(highlight.what, current) : ''}
      </p>
      <Alert>{actionError}</Alert>
      <LoadError error={log.error ? errorMessage(log.error) : ''} onRetry={() => void log.refetch()} />
      {log.isPending && <p aria-live="polite">Loading…</p>}
      <DeliveryLog
        page={log.data}
        highlight={highlight?.deliveryId}
        onPage={(next) => setPaged({ offset: next, version })}
        onRedeliver={redeliver}
      />
    </section>
  );
}

/** "Test ping: Delivered (HTTP 200 in 4 ms)." */
function outcome(what: string, delivery: WebhookDelivery): string {
  const state = deliveryState(delivery);
  const label = DELIVERY_STATE_LABEL[state];
  if (state === 'queued' || state === 'sending') return `${what}: ${label}…`;
  // "HTTP 500" is already said by the summary; a network error ("connect ECONNREFUSED …") is not.
  const error = delivery.lastStatus === null && delivery.lastError ? `: ${delivery.lastError}` : '';
  return `${what}: ${label} (${attemptSummary(delivery)}${error}).`;
}
