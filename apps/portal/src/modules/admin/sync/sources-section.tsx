import type { DrawSource, SyncState } from '../../../app/api-types';
import { useState } from 'react';
import { Alert } from '../../../components/alert';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { Pager } from '../../../components/pager';
import { SelectField } from '../../../components/select-field';
import { errorMessage } from '../../../app/errors';
import { SourceDialog } from './source-dialog';
import type { SourceBody } from './source-values';
import { useDeleteSource, useSaveSource, useSyncNow, type SourcesList } from './sync-queries';
import { SYNC_STATUSES, syncStatus, type SyncStatus } from './sync-status';
import { resultSummary, SyncTable } from './sync-table';

/**
 * Rows per page of the sources: the bundle's lotteries (28 sources today) fit on one, and more sources make pages of
 * a page's height rather than one long one.
 */
export const SOURCE_PAGE_SIZE = 30;

type Modal = { kind: 'edit'; source: DrawSource | null } | { kind: 'remove'; lottery: string } | null;

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

interface SourcesSectionProps {
  page: SourcesList | undefined;
  fetching: boolean;
  onRefresh: () => void;
  /** Says what an action did, at the top of the page. */
  onNotice: (message: string) => void;
}

/** The sources with their sync state: editing, removing and syncing one now. */
export function SourcesSection({ page, fetching, onRefresh, onNotice }: SourcesSectionProps) {
  const [modal, setModal] = useState<Modal>(null);
  // Which rows are shown: a state (or all) and a page of it; a new state starts at its first page.
  const [view, setView] = useState<{ filter: SyncStatus | 'all'; offset: number }>({
    filter: 'all',
    offset: 0,
  });
  const { filter, offset } = view;
  const save = useSaveSource();
  const remove = useDeleteSource();
  const syncNow = useSyncNow();
  const saveSource = async (lottery: string, body: SourceBody) => {
    onNotice('');
    await save.mutateAsync({ lottery, body });
    onNotice(`Source of ${lottery} saved.`);
  };
  const removeSource = async (lottery: string) => {
    onNotice('');
    await remove.mutateAsync(lottery);
    onNotice(`Source of ${lottery} removed: its draws stay, and it is no longer synced.`);
  };
  /** One sync of one source, in the server, now: its outcome in words, then the page as it stands after it. */
  const sync = (state: SyncState) => {
    onNotice('');
    syncNow.mutate(state, {
      onSuccess: (result) => {
        if (!result.error) onNotice(`Synced ${state.lottery}: ${resultSummary(result)}.`);
      },
    });
  };
  const syncError = syncNow.error
    ? errorMessage(syncNow.error)
    : syncNow.data?.error
      ? `Sync of ${syncNow.variables?.lottery} failed: ${syncNow.data.error}`
      : '';
  const failing = page?.states.filter((s) => s.lastError) ?? [];
  const states = page?.states ?? [];
  const shown = filter === 'all' ? states : states.filter((s) => syncStatus(s) === filter);
  const count = (status: SyncStatus) => states.filter((s) => syncStatus(s) === status).length;
  // A removal or a sync can empty the last page (or the filter): show the last one that has rows.
  const start =
    offset >= shown.length
      ? Math.max(0, Math.ceil(shown.length / SOURCE_PAGE_SIZE) - 1) * SOURCE_PAGE_SIZE
      : offset;
  const filterName = SYNC_STATUSES.find((s) => s.value === filter)?.words;

  return (
    <section className="card" aria-labelledby="sources-title">
      <div className="section-head">
        <h2 id="sources-title">Sources</h2>
        <div className="row-actions">
          <button type="button" onClick={() => setModal({ kind: 'edit', source: null })}>
            New source
          </button>
          <button type="button" className="secondary" onClick={onRefresh} disabled={fetching}>
            {fetching ? 'Loading…' : 'Refresh'}
          </button>
        </div>
      </div>
      <p className="small muted">
        Where each lottery's new draws are fetched from, and how its last syncs went. The server polls enabled
        sources after each scheduled draw (unless it runs with <code>SYNC=off</code>), trying each fallback in
        turn when the one before fails; “Sync now” fetches one at once.
      </p>
      <Alert>{syncError}</Alert>
      {failing.length > 0 && (
        <Alert kind="warning">
          {failing.length === 1 ? 'One source' : `${failing.length} sources`} failed at the last attempt:{' '}
          {failing.map((s) => s.lottery).join(', ')}. The reason is in its row.
        </Alert>
      )}
      {page &&
        (page.total === 0 ? (
          <p className="muted">No lottery has a source: draws arrive only by the administrators' imports.</p>
        ) : (
          <>
            <div className="source-filter">
              <SelectField
                label="State"
                name="source-state"
                value={filter}
                onChange={(e) => setView({ filter: e.target.value as SyncStatus | 'all', offset: 0 })}
              >
                <option value="all">All ({page.total})</option>
                {SYNC_STATUSES.map((s) => (
                  <option key={s.value} value={s.value}>
                    {s.label} ({count(s.value)})
                  </option>
                ))}
              </SelectField>
            </div>
            {shown.length === 0 ? (
              <p className="muted">No {filterName} source.</p>
            ) : (
              <SyncTable
                states={shown.slice(start, start + SOURCE_PAGE_SIZE)}
                caption={
                  filter === 'all'
                    ? `${page.total} ${page.total === 1 ? 'source' : 'sources'}`
                    : `${shown.length} ${filterName} of ${page.total} sources`
                }
                onEdit={(state) => setModal({ kind: 'edit', source: sourceOf(state, page.sources) })}
                onRemove={(state) => setModal({ kind: 'remove', lottery: state.lottery })}
                onSyncNow={sync}
                syncing={syncNow.isPending ? (syncNow.variables?.lottery ?? '') : ''}
              />
            )}
            <Pager
              label="Source pages"
              offset={start}
              limit={SOURCE_PAGE_SIZE}
              total={shown.length}
              onChange={(next) => setView({ filter, offset: next })}
            />
          </>
        ))}

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
    </section>
  );
}
