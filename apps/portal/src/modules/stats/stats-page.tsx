import { Page } from '../../components/page';
import { TokenStep, useTokenConnection } from '../../components/token-step';
import { useNumberStats, type StatsOutcome, type StatsRequest } from './queries';
import { StatsChart } from './stats-chart';
import { StatsForm } from './stats-form';
import { StatsHighlights } from './stats-highlights';
import { StatsTable } from './stats-table';
import type { StatsGroup } from './stats-window';

/** The note the hot and cold lists point to (aria-describedby). */
const RANDOM_NOTE_ID = 'stats-random-note';

/**
 * "Which numbers come up?": per value of a lottery, how often it was drawn in a window, when last, and its
 * longest absence, as charts with tables behind them; with one of the holder's tokens, as on "Try it".
 */
export function StatsPage() {
  const read = useNumberStats();
  const token = useTokenConnection({ useFresh: true, onReset: () => read.reset() });
  const { connection } = token;

  // Thrown errors are the form's to show at their fields.
  const show = async (request: StatsRequest) => {
    if (connection) await read.mutateAsync({ ...request, client: connection.client });
  };

  return (
    <Page title="Number statistics">
      <p className="muted">
        Which numbers come up most, which least, and which have been missing longest: per number, over the
        window you choose. Each request counts against your monthly quota.
      </p>
      <TokenStep {...token} />

      {connection && (
        <section className="card" aria-labelledby="step-window">
          <h2 id="step-window">2. Draws to count</h2>
          <StatsForm lotteries={connection.lotteries} onShow={show} onInvalid={() => read.reset()} />
        </section>
      )}

      {read.data && <StatsResults outcome={read.data} />}
    </Page>
  );
}

function StatsResults({ outcome: { stats, lottery } }: { outcome: StatsOutcome }) {
  const groups: StatsGroup[] = [{ key: 'main', name: 'Main numbers', values: stats.main }];
  if (stats.special)
    groups.push({ key: 'special', name: lottery.special?.name ?? 'Special numbers', values: stats.special });
  const draws = `${stats.draws.toLocaleString()} ${stats.draws === 1 ? 'draw' : 'draws'}`;
  return (
    <section className="card" aria-labelledby="stats-results-title">
      <h2 id="stats-results-title">{lottery.name}: statistics</h2>
      <p role="status" data-testid="stats-summary">
        {draws} from {stats.from} to {stats.to ?? stats.from}.
      </p>
      <p className="small muted" id={RANDOM_NOTE_ID}>
        Draws are random: a number drawn often in the past is no more likely to come up in the next draw than
        one drawn rarely. These figures describe past draws; they do not predict the next one.
      </p>
      {groups.map((group) => (
        <section key={group.key} className="stats-group" aria-labelledby={`stats-${group.key}`}>
          <h3 id={`stats-${group.key}`}>{group.name}</h3>
          <StatsChart group={group} draws={stats.draws} />
          <StatsHighlights group={group} noteId={RANDOM_NOTE_ID} />
          <StatsTable group={group} id={`stats-table-${group.key}`} />
        </section>
      ))}
    </section>
  );
}
