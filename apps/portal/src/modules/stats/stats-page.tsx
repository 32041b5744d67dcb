import { useMutation } from '@tanstack/react-query';
import type { Lottery, NumberStats } from '../../app/api-types';
import type { Client } from '../../app/sdk';
import { Page } from '../../components/page';
import { TokenStep, useTokenConnection } from '../try-it/token-step';
import { StatsChart } from './stats-chart';
import { StatsForm, type StatsRequest } from './stats-form';
import { StatsHighlights } from './stats-highlights';
import { StatsTable } from './stats-table';
import type { StatsGroup } from './stats-window';

interface Outcome {
  stats: NumberStats;
  /** The lottery as it was when asked (its name and special name label the figures). */
  lottery: Lottery;
}

/** The note the hot and cold lists point to (aria-describedby). */
const RANDOM_NOTE_ID = 'stats-random-note';

/**
 * "Which numbers come up?": per value of a lottery, how often it was drawn in a window, when last, and its
 * longest absence, as charts with tables behind them; with one of the holder's tokens, as on "Try it".
 */
export function StatsPage() {
  // A mutation rather than a query although it reads: each request costs a unit of quota, so it is sent when
  // Show is pressed and never again by itself (on focus or coming back, as a query would).
  const read = useMutation({
    mutationFn: async ({
      client,
      lottery,
      from,
      to,
    }: StatsRequest & { client: Client }): Promise<Outcome> => ({
      stats: await client.stats(lottery.tag, { from, to }),
      lottery,
    }),
  });
  const token = useTokenConnection({ onReset: () => read.reset() });
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

function StatsResults({ outcome: { stats, lottery } }: { outcome: Outcome }) {
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
