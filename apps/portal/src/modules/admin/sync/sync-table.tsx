import type { SyncState } from '../../../app/api-types';
import { FreshnessBadge } from '../../../components/freshness-badge';
import { TableScroll } from '../../../components/table-scroll';
import { formatDateTime, formatShortDateTime } from '../../../app/format';
import { SYNC_STATUSES, syncStatus } from './sync-status';

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
  // A source that caught up on several periods (weeks, years) since its last stored draw.
  if (result.periods) parts.push(`${result.periods} periods asked`);
  if (result.periodsLeft) parts.push(`${result.periodsLeft} left for the next sync`);
  return parts.join(', ');
}

/** A moment in a cell that never wraps, its full date and time on hover; `none` when there is none. */
function When({ at, none }: { at: string | null; none: string }) {
  if (!at) return <>{none}</>;
  return (
    <time dateTime={at} title={formatDateTime(at)}>
      {formatShortDateTime(at)}
    </time>
  );
}

/**
 * Each source in one compact row: its state as a badge, each moment in its own column that never wraps, the
 * actions side by side in the last one; on a narrow screen each row becomes a card of labelled lines. A failing
 * source says why in its row, in words.
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
            <th scope="col">Last attempt</th>
            <th scope="col">Last success</th>
            <th scope="col">Next attempt</th>
            <th scope="col" className="num">
              Failures
            </th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {states.map((state) => {
            const status = SYNC_STATUSES.find((s) => s.value === syncStatus(state));
            return (
              <tr
                key={state.lottery}
                data-lottery-tag={state.lottery}
                data-sync-status={status?.value}
                className={state.lastError ? 'failing' : undefined}
              >
                <th scope="row">
                  <code>{state.lottery}</code>
                  <span className={`badge ${status?.badge}`} data-testid="sync-status">
                    {status?.label}
                  </span>
                  {/* Its freshness under its name: one column less, so that the source's URL has room. */}
                  <div className="sync-freshness" data-label="Freshness">
                    <FreshnessBadge freshness={state.freshness} />
                  </div>
                </th>
                <td data-label="Source">
                  <code className="small">{state.adapter}</code>
                  <div className="source-url small">{state.url}</div>
                  {/* A source that numbers its draws (CAIXA's {contest}): where its next sync goes on from. */}
                  {state.lastContest !== null && (
                    <div className="small" data-testid="sync-last-contest">
                      Last contest read: {state.lastContest}
                    </div>
                  )}
                  {state.fallbacks.length > 0 && (
                    <details className="small sync-fallbacks" data-testid="sync-fallbacks">
                      <summary>
                        {state.fallbacks.length === 1 ? '1 fallback' : `${state.fallbacks.length} fallbacks`}
                      </summary>
                      <span className="muted">Then, while the one before fails:</span>
                      <ol className="source-fallbacks">
                        {state.fallbacks.map((fallback) => (
                          <li key={fallback} className="source-url">
                            {fallback}
                          </li>
                        ))}
                      </ol>
                    </details>
                  )}
                  {state.lastError && (
                    <div className="sync-error small" data-testid="sync-error">
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
                <td data-label="Last attempt" data-fact="Last attempt" className="sync-when">
                  <When at={state.lastAttemptAt} none="Never" />
                </td>
                <td data-label="Last success" data-fact="Last success" className="sync-when">
                  <When at={state.lastSuccessAt} none="Never" />
                </td>
                <td data-label="Next attempt" data-fact="Next attempt" className="sync-when">
                  <When at={state.nextAttemptAt} none={state.enabled ? 'Not planned' : 'Never (disabled)'} />
                </td>
                <td data-label="Failures" data-fact="Failures" data-testid="sync-failures" className="num">
                  {state.consecutiveFailures}
                </td>
                <td className="sync-actions-cell">
                  <div className="row-actions sync-actions">
                    <button
                      type="button"
                      className="compact"
                      onClick={() => onSyncNow(state)}
                      disabled={syncing === state.lottery}
                      aria-label={`${syncing === state.lottery ? 'Syncing…' : 'Sync now'} ${state.lottery}`}
                    >
                      {syncing === state.lottery ? 'Syncing…' : 'Sync now'}
                    </button>
                    <button
                      type="button"
                      className="secondary compact"
                      onClick={() => onEdit(state)}
                      aria-label={`Edit the source of ${state.lottery}`}
                    >
                      Edit
                    </button>
                    <button
                      type="button"
                      className="secondary danger compact"
                      onClick={() => onRemove(state)}
                      aria-label={`Remove the source of ${state.lottery}`}
                    >
                      Remove
                    </button>
                  </div>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </TableScroll>
  );
}
