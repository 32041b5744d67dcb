import type { Conflict, ConflictStatus } from '../../../app/api-types';
import { useRef, useState } from 'react';
import { Alert } from '../../../components/alert';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { Pager } from '../../../components/pager';
import { SelectField } from '../../../components/select-field';
import { errorMessage } from '../../../app/errors';
import { CONFLICT_STATUSES, ConflictCard, numbersText } from './conflict-card';
import { useAcceptConflict, useRejectConflict } from './sync-queries';

export interface ConflictsPage {
  conflicts?: Conflict[];
  offset: number;
  limit: number;
  total: number;
}

interface ConflictsSectionProps {
  status: ConflictStatus | 'all';
  onStatus: (status: ConflictStatus | 'all') => void;
  page: ConflictsPage | undefined;
  onPage: (offset: number) => void;
  /** Says what a decision did, at the top of the page. */
  onNotice: (message: string) => void;
}

function emptyText(status: ConflictStatus | 'all'): string {
  if (status === 'open') return 'No open conflict: every fetched draw agreed with the stored one.';
  return status === 'all' ? 'No conflict yet.' : `No ${status} conflict.`;
}

/** The conflicts between fetched and stored draws, filtered by status, each accepted (asked first) or rejected. */
export function ConflictsSection({ status, onStatus, page, onPage, onNotice }: ConflictsSectionProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  const [accepting, setAccepting] = useState<Conflict | null>(null);

  /** After a decision (the lists read again): what it did, and the focus back on the section (its card is gone). */
  const decided = (message: string) => {
    onNotice(message);
    heading.current?.focus();
  };
  const accept = useAcceptConflict();
  const reject = useRejectConflict();
  const acceptConflict = async (conflict: Conflict) => {
    onNotice('');
    const provenance = await accept.mutateAsync(conflict);
    decided(
      `Accepted: ${conflict.lottery} ${conflict.fetched.date} now holds the fetched numbers (${numbersText(conflict.fetched.numbers)}).${provenance}`,
    );
  };
  const rejectConflict = (conflict: Conflict) => {
    onNotice('');
    reject.mutate(conflict, {
      onSuccess: () =>
        decided(
          `Rejected: ${conflict.lottery} ${conflict.fetched.date} keeps its stored numbers (${numbersText(conflict.stored.numbers)}).`,
        ),
    });
  };
  const rejecting = reject.isPending ? reject.variables?.id : undefined;
  const conflicts = page?.conflicts ?? [];

  return (
    <section className="card" aria-labelledby="conflicts-title">
      <h2 id="conflicts-title" ref={heading} tabIndex={-1}>
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
            onStatus(e.target.value as ConflictStatus | 'all');
            onNotice('');
            reject.reset();
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
      <Alert>{reject.error && errorMessage(reject.error)}</Alert>
      {page &&
        (page.total === 0 ? (
          <p className="muted">{emptyText(status)}</p>
        ) : (
          <>
            <p className="small" aria-live="polite">
              {page.total} {status === 'all' ? '' : `${status} `}
              {page.total === 1 ? 'conflict' : 'conflicts'}, newest first
            </p>
            <ul className="conflicts">
              {conflicts.map((conflict) => (
                <ConflictCard
                  key={conflict.id}
                  conflict={conflict}
                  busy={rejecting === conflict.id}
                  onAccept={() => setAccepting(conflict)}
                  onReject={() => rejectConflict(conflict)}
                />
              ))}
            </ul>
            <Pager
              label="Conflict pages"
              offset={page.offset}
              limit={page.limit}
              total={page.total}
              onChange={onPage}
            />
          </>
        ))}
      {accepting && (
        <ConfirmDialog
          title={`Replace the stored draw of ${accepting.lottery} ${accepting.fetched.date}?`}
          confirmLabel="Accept and replace"
          onConfirm={() => acceptConflict(accepting)}
          onClose={() => setAccepting(null)}
        >
          <p>
            The stored numbers ({numbersText(accepting.stored.numbers)}) are replaced by the fetched ones (
            {numbersText(accepting.fetched.numbers)}), and the draw records its source. Clients see the change
            at once; webhooks announce it as a correction.
          </p>
        </ConfirmDialog>
      )}
    </section>
  );
}
