import { highlights, percent, type StatsGroup } from './stats-window';
import type { ValueStats } from '../../app/api-types';

const plural = (count: number, one: string, many: string) =>
  `${count.toLocaleString()} ${count === 1 ? one : many}`;

/**
 * Hot, cold and longest-absent values of a group: the top five of each, with their figures. Each list is
 * described by the page's note that past draws do not predict the next (`noteId`).
 */
export function StatsHighlights({ group, noteId }: { group: StatsGroup; noteId: string }) {
  const { hot, cold, absent } = highlights(group.values);
  const counted = (v: ValueStats) => `${plural(v.count, 'draw', 'draws')} (${percent(v.frequency)})`;
  return (
    <div className="stats-highlights">
      <HighlightList
        id={`${group.key}-hot`}
        title="Hot"
        hint="drawn most"
        values={hot}
        figure={counted}
        noteId={noteId}
      />
      <HighlightList
        id={`${group.key}-cold`}
        title="Cold"
        hint="drawn least"
        values={cold}
        figure={counted}
        noteId={noteId}
      />
      <HighlightList
        id={`${group.key}-absent`}
        title="Longest absent"
        hint="most draws since"
        values={absent}
        figure={(v) =>
          v.lastDrawn
            ? `${plural(v.drawsSince, 'draw', 'draws')} since ${v.lastDrawn}`
            : `never drawn in ${plural(v.drawsSince, 'draw', 'draws')}`
        }
        noteId={noteId}
      />
    </div>
  );
}

function HighlightList({
  id,
  title,
  hint,
  values,
  figure,
  noteId,
}: {
  id: string;
  title: string;
  hint: string;
  values: ValueStats[];
  figure: (value: ValueStats) => string;
  noteId: string;
}) {
  return (
    <div className="stats-list">
      <h4 id={id}>
        {title} <span className="small muted">({hint})</span>
      </h4>
      <ol className="plain-list" aria-labelledby={id} aria-describedby={noteId} data-testid={id}>
        {values.map((v) => (
          <li key={v.value} data-value={v.value}>
            <strong className="stats-value">{v.value}</strong> <span className="small">{figure(v)}</span>
          </li>
        ))}
      </ol>
    </div>
  );
}
