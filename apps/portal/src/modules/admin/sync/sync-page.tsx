import type { Conflict, ConflictStatus, DrawSource, SyncState } from '../../../app/api-types';
import { useEffect, useRef, useState } from 'react';
import { Alert } from '../../../components/alert';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { LoadError } from '../../../components/load-error';
import { Page } from '../../../components/page';
import { Pager } from '../../../components/pager';
import { SelectField } from '../../../components/select-field';
import { errorMessage } from '../../../app/errors';
import { formatDateTime } from '../../../app/format';
import { useClient } from '../../../app/session';
import { CONFLICT_STATUSES, ConflictCard, numbersText } from './conflict-card';
import { SourceDialog } from './source-dialog';
import type { SourceBody } from './source-values';
import { resultSummary, SyncTable } from './sync-table';

const SOURCE_PAGE_SIZE = 15;
/** A conflict is a tall card: five to a page. */
const CONFLICT_PAGE_SIZE = 5;

interface SourcesPage {
  states: SyncState[];
  /** The sources of the same page (the sync states do not carry the generic adapter's mapping). */
  sources: Map<string, DrawSource>;
  offset: number;
  limit: number;
  total: number;
}

interface ConflictsPage {
  conflicts: Conflict[];
  offset: number;
  limit: number;
  total: number;
}

type Modal =
  | { kind: 'edit'; source: DrawSource | null }
  | { kind: 'remove'; lottery: string }
  | { kind: 'accept'; conflict: Conflict }
  | null;

/** The source of a sync state, for a state whose source is not in the page read alongside it. */
const sourceOf = (state: SyncState, sources: Map<string, DrawSource>): DrawSource =>
  sources.get(state.lottery) ?? {
    lottery: state.lottery,
    adapter: state.adapter,
    url: state.url,
    enabled: state.enabled,
    mapping: null,
    // The state names its fallbacks only in words ("adapter url"): not their mappings.
    fallbacks: [],
  };

/**
 * The draw sources with their sync state (last attempt and success, the last error with its reason, next attempt,
 * failures, the lottery's freshness), their editing, and the conflicts between fetched and stored draws.
 */
export function SyncPage() {
  const client = useClient();
  const [sources, setSources] = useState<SourcesPage | null>(null);
  const [sourcesError, setSourcesError] = useState('');
  const [sourcesBusy, setSourcesBusy] = useState(false);
  const [conflicts, setConflicts] = useState<ConflictsPage | null>(null);
  const [conflictsError, setConflictsError] = useState('');
  const [status, setStatus] = useState<ConflictStatus | 'all'>('open');
  const [notice, setNotice] = useState('');
  const [actionError, setActionError] = useState('');
  const [syncing, setSyncing] = useState('');
  const [syncError, setSyncError] = useState('');
  const [busyConflict, setBusyConflict] = useState('');
  const [modal, setModal] = useState<Modal>(null);
  const conflictsHeading = useRef<HTMLHeadingElement>(null);
  // The latest load of each list wins (a filter changed twice quickly, a retry during a load).
  const sourcesCall = useRef(0);
  const conflictsCall = useRef(0);
  // Where the lists stand now, for the reload after an action: its closure may predate a page or filter change.
  const shown = useRef<{ sourcesOffset: number; conflictsOffset: number; status: ConflictStatus | 'all' }>({
    sourcesOffset: 0,
    conflictsOffset: 0,
    status: 'open',
  });

  const loadSources = async (offset: number) => {
    const call = ++sourcesCall.current;
    setSourcesBusy(true);
    setSourcesError('');
    try {
      const page = { limit: SOURCE_PAGE_SIZE, offset };
      const [states, configured] = await Promise.all([
        client.admin.sync.list(page),
        client.admin.sources.list(page),
      ]);
      if (call !== sourcesCall.current) return;
      shown.current.sourcesOffset = states.offset;
      setSources({
        states: states.sources ?? [],
        sources: new Map((configured.sources ?? []).map((s) => [s.lottery, s])),
        offset: states.offset,
        limit: states.limit,
        total: states.total,
      });
    } catch (caught) {
      if (call === sourcesCall.current) setSourcesError(errorMessage(caught));
    } finally {
      if (call === sourcesCall.current) setSourcesBusy(false);
    }
  };

  const loadConflicts = async (offset: number, which = shown.current.status) => {
    const call = ++conflictsCall.current;
    setConflictsError('');
    try {
      const page = await client.admin.conflicts.list({
        limit: CONFLICT_PAGE_SIZE,
        offset,
        status: which === 'all' ? undefined : which,
      });
      if (call !== conflictsCall.current) return;
      // A decision can empty the last page: show the one before.
      if ((page.conflicts ?? []).length === 0 && offset > 0 && page.total > 0)
        return loadConflicts(Math.max(0, offset - CONFLICT_PAGE_SIZE), which);
      shown.current.conflictsOffset = page.offset;
      setConflicts({
        conflicts: page.conflicts ?? [],
        offset: page.offset,
        limit: page.limit,
        total: page.total,
      });
    } catch (caught) {
      if (call === conflictsCall.current) setConflictsError(errorMessage(caught));
    }
  };

  useEffect(() => {
    void loadSources(0);
    void loadConflicts(0);
    // Load once per client (i.e. per session).
  }, [client]);

  // One message for the page, however many of its loads failed; Retry runs again those that did.
  const loadErrors = [...new Set([sourcesError, conflictsError].filter(Boolean))].join(' ');
  const retry = () => {
    if (sourcesError) void loadSources(sources?.offset ?? 0);
    if (conflictsError) void loadConflicts(conflicts?.offset ?? 0);
  };

  /**
   * Both lists again, as they stand: after a sync (its state, last result and the lottery's freshness, and the
   * conflicts it found) and after a decision (the conflict leaves the open ones; the draw changed).
   */
  const reloadAll = () =>
    Promise.all([loadSources(shown.current.sourcesOffset), loadConflicts(shown.current.conflictsOffset)]);

  const saveSource = async (lottery: string, body: SourceBody) => {
    setNotice('');
    await client.admin.sources.put(lottery, body);
    setNotice(`Source of ${lottery} saved.`);
    await loadSources(sources?.offset ?? 0);
  };

  const removeSource = async (lottery: string) => {
    setNotice('');
    await client.admin.sources.delete(lottery);
    setNotice(`Source of ${lottery} removed: its draws stay, and it is no longer synced.`);
    await loadSources(sources?.offset ?? 0);
  };

  /** One sync of one source, in the server, now: its outcome in words, then the page as it stands after it. */
  const syncNow = async (state: SyncState) => {
    setNotice('');
    setSyncError('');
    setSyncing(state.lottery);
    try {
      const result = await client.admin.sources.syncNow(state.lottery);
      if (result.error) setSyncError(`Sync of ${state.lottery} failed: ${result.error}`);
      else setNotice(`Synced ${state.lottery}: ${resultSummary(result)}.`);
      await reloadAll();
    } catch (caught) {
      setSyncError(errorMessage(caught));
    } finally {
      setSyncing('');
    }
  };

  const decided = async (message: string) => {
    setNotice(message);
    await reloadAll();
    conflictsHeading.current?.focus();
  };

  const accept = async (conflict: Conflict) => {
    setNotice('');
    setActionError('');
    await client.admin.conflicts.accept(conflict.id);
    const name = `${conflict.lottery} ${conflict.fetched.date}`;
    let provenance = '';
    try {
      // The draw as now stored, with where it came from.
      const draw = await client.admin.draws.get(conflict.lottery, conflict.fetched.date);
      if (draw.source) provenance = ` Source: ${draw.source}, fetched ${formatDateTime(draw.fetchedAt)}.`;
    } catch {
      // The decision is made; its provenance is a detail.
    }
    await decided(
      `Accepted: ${name} now holds the fetched numbers (${numbersText(conflict.fetched.numbers)}).${provenance}`,
    );
  };

  const reject = async (conflict: Conflict) => {
    setNotice('');
    setActionError('');
    setBusyConflict(conflict.id);
    try {
      await client.admin.conflicts.reject(conflict.id);
      await decided(
        `Rejected: ${conflict.lottery} ${conflict.fetched.date} keeps its stored numbers (${numbersText(conflict.stored.numbers)}).`,
      );
    } catch (caught) {
      setActionError(errorMessage(caught));
    } finally {
      setBusyConflict('');
    }
  };

  const failing = sources?.states.filter((s) => s.lastError) ?? [];

  return (
    <Page title="Sync">
      <LoadError error={loadErrors} onRetry={retry} />
      <Alert kind="success">{notice}</Alert>

      <section className="card" aria-labelledby="sources-title">
        <div className="section-head">
          <h2 id="sources-title">Sources</h2>
          <div className="row-actions">
            <button type="button" onClick={() => setModal({ kind: 'edit', source: null })}>
              New source
            </button>
            <button
              type="button"
              className="secondary"
              onClick={() => loadSources(sources?.offset ?? 0)}
              disabled={sourcesBusy}
            >
              {sourcesBusy ? 'Loading…' : 'Refresh'}
            </button>
          </div>
        </div>
        <p className="small muted">
          Where each lottery's new draws are fetched from, and how its last syncs went. The server polls
          enabled sources after each scheduled draw (unless it runs with <code>SYNC=off</code>), trying each
          fallback in turn when the one before fails; “Sync now” fetches one at once.
        </p>
        <Alert>{syncError}</Alert>
        {failing.length > 0 && (
          <Alert kind="warning">
            {failing.length === 1 ? 'One source' : `${failing.length} sources`} failed at the last attempt:{' '}
            {failing.map((s) => s.lottery).join(', ')}. The reason is in its row.
          </Alert>
        )}
        {sources &&
          (sources.total === 0 ? (
            <p className="muted">
              No lottery has a source: draws arrive only by the administrators' imports.
            </p>
          ) : (
            <>
              <SyncTable
                states={sources.states}
                caption={`${sources.total} ${sources.total === 1 ? 'source' : 'sources'}`}
                onEdit={(state) => setModal({ kind: 'edit', source: sourceOf(state, sources.sources) })}
                onRemove={(state) => setModal({ kind: 'remove', lottery: state.lottery })}
                onSyncNow={(state) => void syncNow(state)}
                syncing={syncing}
              />
              <Pager
                label="Source pages"
                offset={sources.offset}
                limit={sources.limit}
                total={sources.total}
                onChange={loadSources}
              />
            </>
          ))}
      </section>

      <section className="card" aria-labelledby="conflicts-title">
        <h2 id="conflicts-title" ref={conflictsHeading} tabIndex={-1}>
          Conflicts
        </h2>
        <p className="small muted">
          A fetched draw that differs from the stored one is never written silently: it waits here. Accepting
          replaces the stored draw with the fetched one; rejecting keeps the stored one (the same fetched
          numbers are not raised again).
        </p>
        <div className="conflict-filter">
          <SelectField
            label="Status"
            name="conflict-status"
            value={status}
            onChange={(e) => {
              const which = e.target.value as ConflictStatus | 'all';
              setStatus(which);
              shown.current.status = which;
              setNotice('');
              setActionError('');
              void loadConflicts(0, which);
            }}
          >
            {CONFLICT_STATUSES.map((s) => (
              <option key={s.value} value={s.value}>
                {s.label}
              </option>
            ))}
            <option value="all">All</option>
          </SelectField>
        </div>
        <Alert>{actionError}</Alert>
        {conflicts &&
          (conflicts.total === 0 ? (
            <p className="muted">
              {status === 'open'
                ? 'No open conflict: every fetched draw agreed with the stored one.'
                : status === 'all'
                  ? 'No conflict yet.'
                  : `No ${status} conflict.`}
            </p>
          ) : (
            <>
              <p className="small" aria-live="polite">
                {conflicts.total} {status === 'all' ? '' : `${status} `}
                {conflicts.total === 1 ? 'conflict' : 'conflicts'}, newest first
              </p>
              <ul className="conflicts">
                {conflicts.conflicts.map((conflict) => (
                  <ConflictCard
                    key={conflict.id}
                    conflict={conflict}
                    busy={busyConflict === conflict.id}
                    onAccept={() => setModal({ kind: 'accept', conflict })}
                    onReject={() => reject(conflict)}
                  />
                ))}
              </ul>
              <Pager
                label="Conflict pages"
                offset={conflicts.offset}
                limit={conflicts.limit}
                total={conflicts.total}
                onChange={(offset) => loadConflicts(offset)}
              />
            </>
          ))}
      </section>

      {modal?.kind === 'edit' && (
        <SourceDialog source={modal.source} onSave={saveSource} onClose={() => setModal(null)} />
      )}
      {modal?.kind === 'remove' && (
        <ConfirmDialog
          title={`Remove the source of ${modal.lottery}?`}
          confirmLabel="Remove source"
          onConfirm={() => removeSource(modal.lottery)}
          onClose={() => setModal(null)}
        >
          <p>
            No new draw of {modal.lottery} will be fetched until a source is set again. Its stored draws stay,
            and so do its conflicts.
          </p>
        </ConfirmDialog>
      )}
      {modal?.kind === 'accept' && (
        <ConfirmDialog
          title={`Replace the stored draw of ${modal.conflict.lottery} ${modal.conflict.fetched.date}?`}
          confirmLabel="Accept and replace"
          onConfirm={() => accept(modal.conflict)}
          onClose={() => setModal(null)}
        >
          <p>
            The stored numbers ({numbersText(modal.conflict.stored.numbers)}) are replaced by the fetched ones
            ({numbersText(modal.conflict.fetched.numbers)}), and the draw records its source. Clients see the
            change at once; webhooks announce it as a correction.
          </p>
        </ConfirmDialog>
      )}
    </Page>
  );
}
