import { useState } from 'react';
import { Pager } from '../../components/pager';
import { TableScroll } from '../../components/table-scroll';
import { formatDateTime } from '../../app/format';
import {
  attemptSummary,
  DELIVERY_STATE_BADGE,
  DELIVERY_STATE_LABEL,
  deliveryState,
  type WebhookDelivery,
} from './webhook-values';

export interface DeliveryPage {
  deliveries?: WebhookDelivery[];
  offset: number;
  limit: number;
  total: number;
}

interface DeliveryLogProps {
  page: DeliveryPage | undefined;
  /** The delivery to point out (the test ping just sent, a redelivery). */
  highlight?: string;
  onPage: (offset: number) => void;
  /** Sends the delivery's event again; an error it throws is shown by the caller. */
  onRedeliver: (delivery: WebhookDelivery) => Promise<void>;
}

/** A subscription's deliveries, newest first: on a narrow screen each row becomes a card of labelled lines. */
export function DeliveryLog({ page, highlight, onPage, onRedeliver }: DeliveryLogProps) {
  const [busy, setBusy] = useState('');
  const deliveries = page?.deliveries ?? [];
  if (!page) return null;
  if (deliveries.length === 0 && page.total === 0)
    return <p className="muted">No delivery yet: send a test ping, or wait for the next draw.</p>;
  const redeliver = async (delivery: WebhookDelivery) => {
    setBusy(delivery.id);
    try {
      await onRedeliver(delivery);
    } finally {
      setBusy('');
    }
  };
  return (
    <>
      <TableScroll label="Deliveries" stack>
        <table className="stack delivery-log">
          <caption className="visually-hidden">Deliveries, newest first</caption>
          <thead>
            <tr>
              <th scope="col">Event</th>
              <th scope="col">Status</th>
              <th scope="col">Last attempt</th>
              <th scope="col">Error and answer</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {deliveries.map((delivery) => {
              const state = deliveryState(delivery);
              return (
                <tr
                  key={delivery.id}
                  data-delivery-id={delivery.id}
                  data-state={state}
                  className={delivery.id === highlight ? 'highlight' : undefined}
                >
                  <th scope="row">
                    <code>{delivery.type}</code>
                    <div className="small muted">{formatDateTime(delivery.createdAt)}</div>
                    {delivery.id === highlight && <div className="small">Just sent</div>}
                  </th>
                  <td data-label="Status">
                    <span className={`badge ${DELIVERY_STATE_BADGE[state]}`}>
                      {DELIVERY_STATE_LABEL[state]}
                    </span>
                    <div className="small muted">
                      {delivery.attempts} {delivery.attempts === 1 ? 'attempt' : 'attempts'}
                      {state === 'retrying' && delivery.nextAttemptAt && (
                        <>; next {formatDateTime(delivery.nextAttemptAt)}</>
                      )}
                    </div>
                  </td>
                  <td data-label="Last attempt" data-testid="delivery-attempt">
                    {attemptSummary(delivery)}
                    {delivery.lastAttemptAt && (
                      <div className="small muted">{formatDateTime(delivery.lastAttemptAt)}</div>
                    )}
                  </td>
                  <td data-label="Error and answer">
                    {delivery.lastError && <div className="delivery-error">{delivery.lastError}</div>}
                    {delivery.responseExcerpt ? (
                      <code className="excerpt" data-testid="delivery-excerpt">
                        {delivery.responseExcerpt}
                      </code>
                    ) : (
                      !delivery.lastError && <span className="muted">—</span>
                    )}
                  </td>
                  <td>
                    <button
                      type="button"
                      className="secondary"
                      disabled={busy === delivery.id}
                      onClick={() => redeliver(delivery)}
                      aria-label={`Redeliver ${delivery.type} of ${formatDateTime(delivery.createdAt)}`}
                    >
                      {busy === delivery.id ? 'Sending…' : 'Redeliver'}
                    </button>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </TableScroll>
      <Pager
        label="Delivery pages"
        offset={page.offset}
        limit={page.limit}
        total={page.total}
        onChange={onPage}
      />
    </>
  );
}
