import type { ConflictStatus } from '../../../app/api-types';
import { useState } from 'react';
import { Alert } from '../../../components/alert';
import { LoadError } from '../../../components/load-error';
import { Page } from '../../../components/page';
import { errorMessage } from '../../../app/errors';
import { CONFLICT_PAGE_SIZE } from '../queries';
import { ConflictsSection } from './conflicts-section';
import { SourcesSection } from './sources-section';
import { useConflictsPage, useSources } from './sync-queries';

/**
 * The draw sources with their sync state (last attempt and success, the last error with its reason, next attempt,
 * failures, the lottery's freshness), their editing, and the conflicts between fetched and stored draws.
 */
export function SyncPage() {
  const [status, setStatus] = useState<ConflictStatus | 'all'>('open');
  const [conflictsOffset, setConflictsOffset] = useState(0);
  const [notice, setNotice] = useState('');
  const sources = useSources();
  const conflicts = useConflictsPage(status, conflictsOffset);

  // A decision can empty the last page: show the one before (adjusted while rendering, not in an effect).
  const conflictTotal = conflicts.data?.total ?? 0;
  if (
    conflicts.data &&
    !conflicts.isPlaceholderData &&
    conflictsOffset > 0 &&
    conflictsOffset >= conflictTotal
  )
    setConflictsOffset(Math.max(0, Math.ceil(conflictTotal / CONFLICT_PAGE_SIZE) - 1) * CONFLICT_PAGE_SIZE);

  // One message for the page, however many of its loads failed; Retry runs again those that did.
  const loadErrors = [...new Set([sources.error, conflicts.error].filter(Boolean).map(errorMessage))].join(
    ' ',
  );
  const retry = () => {
    if (sources.error) void sources.refetch();
    if (conflicts.error) void conflicts.refetch();
  };

  return (
    <Page title="Sync" wide>
      <LoadError error={loadErrors} onRetry={retry} />
      <Alert kind="success">{notice}</Alert>
      <SourcesSection
        page={sources.data}
        fetching={sources.isFetching}
        onRefresh={() => void sources.refetch()}
        onNotice={setNotice}
      />
      <ConflictsSection
        status={status}
        onStatus={(next) => {
          setStatus(next);
          setConflictsOffset(0);
        }}
        page={conflicts.data}
        onPage={setConflictsOffset}
        onNotice={setNotice}
      />
    </Page>
  );
}
