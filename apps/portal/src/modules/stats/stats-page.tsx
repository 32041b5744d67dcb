import { useState } from 'react';
import type { Lottery, NumberStats } from '../../app/api-types';
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

/**
 * "Which numbers come up?": per value of a lottery, how often it was drawn in a window, when last, and its
 * longest absence, as charts with tables behind them; with one of the holder's tokens, as on "Try it" (each
 * request is one unit of quota).
 */
export function StatsPage() {
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const token = useTokenConnection({ onReset: () => setOutcome(null) });
  const { connection } = token;

  const show = async ({ lottery, from, to }: StatsRequest) => {
    if (!connection) return;
    setOutcome(null);
    // Thrown errors are the form's to show at their fields.
    const stats = await connection.client.stats(lottery.tag, { from, to });
    setOutcome({ stats, lottery });
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
          <StatsForm lotteries={connection.lotteries} onShow={show} />
        </section>
      )}

      {outcome && <StatsResults outcome={outcome} />}
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
      {groups.map((group) => (
        <section key={group.key} className="stats-group" aria-labelledby={`stats-${group.key}`}>
          <h3 id={`stats-${group.key}`}>{group.name}</h3>
          <StatsChart group={group} draws={stats.draws} />
          <StatsHighlights group={group} />
          <StatsTable group={group} id={`stats-table-${group.key}`} />
        </section>
      ))}
    </section>
  );
}
