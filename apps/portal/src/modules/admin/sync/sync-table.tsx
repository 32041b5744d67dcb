import type { SyncState } from '../../../app/api-types';
import { FreshnessBadge } from '../../../components/freshness-badge';
import { TableScroll } from '../../../components/table-scroll';
import { formatDateTime } from '../../../app/format';

interface SyncTableProps {
  states: SyncState[];
  caption: string;
  onEdit: (state: SyncState) => void;
  onRemove: (state: SyncState) => void;
  onSyncNow: (state: SyncState) => void;
  /** The lottery whose sync is under way ('' for none): its button waits, the others stay usable. */
  syncing: string;
}

/** What the last sync did, in words: "6 fetched, 1 new, 3 unchanged, 2 conflicts, 0 rejected". */
export function resultSummary(result: NonNullable<SyncState['lastResult']>): string {
  const parts = [
    `${result.fetched} fetched`,
    `${result.inserted} new`,
    `${result.unchanged} unchanged`,
    `${result.conflicts} ${result.conflicts === 1 ? 'conflict' : 'conflicts'}`,
  ];
  if (result.corrected > 0) parts.push(`${result.corrected} corrected`);
  parts.push(`${result.rejected.length} rejected`);
  return parts.join(', ');
}

/**
 * Each source with its sync state: on a narrow screen each row becomes a card of labelled lines. A failing source
 * says why in its row, in words, above everything else in it.
 */
export function SyncTable({ states, caption, onEdit, onRemove, onSyncNow, syncing }: SyncTableProps) {
  return (
    <TableScroll label={caption} stack>
      <table className="stack sync-table">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Lottery</th>
            <th scope="col">Source</th>
            <th scope="col">Freshness</th>
            <th scope="col">Syncs</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {states.map((state) => (
            <tr
              key={state.lottery}
              data-lottery-tag={state.lottery}
              className={state.lastError ? 'failing' : undefined}
            >
              <th scope="row">
                <code>{state.lottery}</code>
                {!state.enabled && (
                  <div>
                    <span className="badge off">Disabled</span>
                  </div>
                )}
              </th>
              <td data-label="Source">
                <code>{state.adapter}</code>
                <div className="source-url small">{state.url}</div>
                {state.fallbacks.length > 0 && (
                  <div className="small" data-testid="sync-fallbacks">
                    <span className="muted">Then, while the one before fails:</span>
                    <ol className="source-fallbacks">
                      {state.fallbacks.map((fallback) => (
                        <li key={fallback} className="source-url">
                          {fallback}
                        </li>
                      ))}
                    </ol>
                  </div>
                )}
                {state.lastError && (
                  <div className="sync-error" data-testid="sync-error">
                    <strong>Last attempt failed:</strong> {state.lastError}
                  </div>
                )}
                {/* After a failure the error says it all: "0 fetched" would only add noise. */}
                {state.lastResult && state.lastResult.error === null && (
                  <div className="small muted" data-testid="sync-result">
                    Last sync: {resultSummary(state.lastResult)}
                  </div>
                )}
                {/* Which source answered: the first, or a fallback after the ones before it failed (and why). */}
                {state.lastResult && state.lastResult.error === null && state.lastResult.fallbackAfter && (
                  <div className="small sync-answered" data-testid="sync-answered-by">
                    <strong>Answered by a fallback:</strong>{' '}
                    <span className="source-url">{state.lastResult.source}</span>
                    <ul className="small">
                      {state.lastResult.fallbackAfter.map((failure) => (
                        <li key={failure}>{failure}</li>
                      ))}
                    </ul>
                  </div>
                )}
                {state.lastResult && state.lastResult.rejected.length > 0 && (
                  <ul className="small rejected-rows">
                    {state.lastResult.rejected.map((row) => (
                      <li key={row.row}>
                        Row {row.row}
                        {row.date ? ` (${row.date})` : ''}: {row.message}
                      </li>
                    ))}
                  </ul>
                )}
              </td>
              <td data-label="Freshness">
                <FreshnessBadge freshness={state.freshness} />
              </td>
              <td>
                {/* Four facts in one column, so that the actions stay in view at 1280 px; they carry their own
                    labels, so on a narrow screen the cell needs none. */}
                <dl className="sync-facts">
                  <dt>Last attempt</dt>
                  <dd data-fact="Last attempt">
                    {state.lastAttemptAt ? formatDateTime(state.lastAttemptAt) : 'Never'}
                  </dd>
                  <dt>Last success</dt>
                  <dd data-fact="Last success">
                    {state.lastSuccessAt ? formatDateTime(state.lastSuccessAt) : 'Never'}
                  </dd>
                  <dt>Next attempt</dt>
                  <dd data-fact="Next attempt">
                    {state.nextAttemptAt
                      ? formatDateTime(state.nextAttemptAt)
                      : state.enabled
                        ? 'Not planned'
                        : 'Never (disabled)'}
                  </dd>
                  <dt>Failures</dt>
                  <dd data-fact="Failures" data-testid="sync-failures">
                    {state.consecutiveFailures}
                  </dd>
                </dl>
              </td>
              <td>
                <div className="row-actions sync-actions">
                  <button
                    type="button"
                    onClick={() => onSyncNow(state)}
                    disabled={syncing === state.lottery}
                    aria-label={`${syncing === state.lottery ? 'Syncing…' : 'Sync now'} ${state.lottery}`}
                  >
                    {syncing === state.lottery ? 'Syncing…' : 'Sync now'}
                  </button>
                  <button
                    type="button"
                    className="secondary"
                    onClick={() => onEdit(state)}
                    aria-label={`Edit the source of ${state.lottery}`}
                  >
                    Edit
                  </button>
                  <button
                    type="button"
                    className="secondary danger"
                    onClick={() => onRemove(state)}
                    aria-label={`Remove the source of ${state.lottery}`}
                  >
                    Remove
                  </button>
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}
