import { useEffect, useRef, useState } from 'react';
import { Alert } from '../../components/alert';
import { LoadError } from '../../components/load-error';
import { useAsync } from '../../components/use-async';
import { errorMessage } from '../../app/errors';
import { useClient } from '../../app/session';
import { DeliveryLog } from './delivery-log';
import {
  attemptSummary,
  awaitingAttempt,
  DELIVERY_STATE_LABEL,
  deliveryState,
  type Webhook,
  type WebhookDelivery,
} from './webhook-values';

const PAGE_SIZE = 10;
/** How often the log looks again while a delivery on it is about to be attempted. */
const POLL_MS = 1500;

interface DeliveriesPanelProps {
  id: string;
  webhook: Webhook;
  /** The delivery just made (test ping, redelivery), and a counter that changes with each: reload at once. */
  highlight?: { deliveryId: string; what: string; version: number };
  onHighlight: (deliveryId: string, what: string) => void;
  /** The subscription may have changed (a delivery failed for good, or the owner asked to refresh). */
  onSubscriptionChanged: () => void;
}

/**
 * The delivery log of one subscription, newest first. It follows itself while a delivery on the page is queued
 * or about to be retried (so a test ping's outcome shows without a click), and otherwise on Refresh.
 */
export function DeliveriesPanel({
  id,
  webhook,
  highlight,
  onHighlight,
  onSubscriptionChanged,
}: DeliveriesPanelProps) {
  const client = useClient();
  const [offset, setOffset] = useState(0);
  const [actionError, setActionError] = useState('');
  const log = useAsync(
    () => client.webhooks.deliveries(webhook.id, { limit: PAGE_SIZE, offset }),
    [client, webhook.id, offset, highlight?.version],
  );
  const deliveries = log.data?.deliveries ?? [];

  // A new test ping or redelivery is the newest delivery: show the first page.
  useEffect(() => {
    if (highlight) setOffset(0);
  }, [highlight?.version]);

  // Look again shortly while something on the page is about to be attempted.
  const { reload } = log;
  const waiting = log.data !== undefined && awaitingAttempt(deliveries);
  useEffect(() => {
    if (!waiting) return;
    const timer = setTimeout(reload, POLL_MS);
    return () => clearTimeout(timer);
  }, [log.data, waiting, reload]);

  // A delivery that has just failed for good may have made the service disable the subscription.
  const failed = useRef<Set<string> | null>(null);
  useEffect(() => {
    if (!log.data) return;
    const now = new Set(deliveries.filter((d) => d.status === 'failed').map((d) => d.id));
    const before = failed.current;
    failed.current = now;
    if (before && [...now].some((deliveryId) => !before.has(deliveryId))) onSubscriptionChanged();
  }, [log.data]);

  const redeliver = async (delivery: WebhookDelivery) => {
    setActionError('');
    try {
      const again = await client.webhooks.redeliver(webhook.id, delivery.id);
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
            log.reload();
            onSubscriptionChanged();
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
      <LoadError error={log.error} onRetry={log.reload} />
      {!log.data && !log.error && <p aria-live="polite">Loading…</p>}
      <DeliveryLog
        page={log.data}
        highlight={highlight?.deliveryId}
        onPage={setOffset}
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
