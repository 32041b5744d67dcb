import type { Conflict, ConflictStatus, Draw } from '../../../app/api-types';
import { formatDateTime } from '../../../app/format';

export const CONFLICT_STATUSES: { value: ConflictStatus; label: string }[] = [
  { value: 'open', label: 'Open' },
  { value: 'accepted', label: 'Accepted' },
  { value: 'rejected', label: 'Rejected' },
  { value: 'corrected', label: 'Corrected' },
];

const STATUS_BADGE: Record<ConflictStatus, string> = {
  open: 'warn',
  accepted: 'ok',
  rejected: 'off',
  corrected: 'ok',
};

const STATUS_TEXT: Record<ConflictStatus, string> = {
  open: 'Open: waiting for a decision',
  accepted: 'Accepted: the fetched numbers replaced the stored ones',
  rejected: 'Rejected: the stored numbers stayed',
  corrected: 'Corrected: written at once (SYNC_ACCEPT_CORRECTIONS=on)',
};

type Numbers = Draw['numbers'];

const key = (n: Numbers[number]) => `${n.special ? 's' : 'm'}${n.order}`;

/** "7, 11, 25, 40, 66; special: 9" */
export function numbersText(numbers: Numbers): string {
  const main = numbers.filter((n) => !n.special).map((n) => n.value);
  const special = numbers.filter((n) => n.special).map((n) => n.value);
  return `${main.join(', ')}${special.length ? `; special: ${special.join(', ')}` : ''}`;
}

/** The numbers as balls, those that differ from `other`'s at the same place marked (by a ring, and in words). */
function Balls({ label, numbers, other }: { label: string; numbers: Numbers; other: Numbers }) {
  const theirs = new Map(other.map((n) => [key(n), n.value]));
  const differs = (n: Numbers[number]) => theirs.get(key(n)) !== n.value;
  const changed = numbers.filter(differs).length;
  return (
    <div className="conflict-side">
      <div className="conflict-side-label">{label}</div>
      <span className="balls" role="img" aria-label={`${label}: ${numbersText(numbers)}`}>
        {numbers.map((n) => (
          <span
            key={key(n)}
            className={['ball', n.special && 'special', differs(n) && 'changed'].filter(Boolean).join(' ')}
            aria-hidden="true"
          >
            {n.value}
          </span>
        ))}
      </span>
      <div className="small muted">
        {changed === 0 ? 'Same numbers' : `${changed} ${changed === 1 ? 'number differs' : 'numbers differ'}`}
      </div>
    </div>
  );
}

interface ConflictCardProps {
  conflict: Conflict;
  busy: boolean;
  onAccept: () => void;
  onReject: () => void;
}

/** One conflict: the stored and the fetched numbers side by side, where and when they were fetched, the decision. */
export function ConflictCard({ conflict, busy, onAccept, onReject }: ConflictCardProps) {
  const name = `${conflict.lottery} ${conflict.fetched.date}`;
  return (
    <li className="conflict" data-conflict-id={conflict.id} data-status={conflict.status}>
      <article aria-labelledby={`conflict-${conflict.id}`}>
        <div className="conflict-head">
          <h3 id={`conflict-${conflict.id}`}>
            <code>{conflict.lottery}</code>, draw of {conflict.fetched.date}
          </h3>
          <span className={`badge ${STATUS_BADGE[conflict.status]}`}>{STATUS_TEXT[conflict.status]}</span>
        </div>
        <div className="conflict-compare">
          <Balls label="Stored" numbers={conflict.stored.numbers} other={conflict.fetched.numbers} />
          <Balls label="Fetched" numbers={conflict.fetched.numbers} other={conflict.stored.numbers} />
        </div>
        <dl className="conflict-facts small">
          <dt>Source</dt>
          <dd className="source-url" data-testid="conflict-source">
            {conflict.source}
          </dd>
          <dt>Fetched</dt>
          <dd>{formatDateTime(conflict.fetchedAt)}</dd>
          <dt>Found</dt>
          <dd>{formatDateTime(conflict.createdAt)}</dd>
          {conflict.resolvedAt && (
            <>
              <dt>Decided</dt>
              <dd>{formatDateTime(conflict.resolvedAt)}</dd>
            </>
          )}
        </dl>
        {conflict.status === 'open' && (
          <div className="actions">
            <button
              type="button"
              onClick={onAccept}
              disabled={busy}
              aria-label={`Accept the fetched draw of ${name}`}
            >
              Accept
            </button>
            <button
              type="button"
              className="secondary"
              onClick={onReject}
              disabled={busy}
              aria-label={`Reject the fetched draw of ${name}`}
            >
              {busy ? 'Rejecting…' : 'Reject'}
            </button>
          </div>
        )}
      </article>
    </li>
  );
}
