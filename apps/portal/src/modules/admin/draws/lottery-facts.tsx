import type { Lottery } from '../../../app/api-types';
import { formatNumber } from '../../../app/format';
import { FreshnessBadge } from '../../../components/freshness-badge';
import { numberGroupText } from '../lottery-values';

type Era = Lottery['rules'][number];

/** "5 of 1–69 + 1 of 1–26", with "2 draws a date" where the era has rounds. */
function eraWords(era: Era): string {
  return [
    numberGroupText(era.main) + (era.special ? ` + ${numberGroupText(era.special)}` : ''),
    ...(era.rounds ? [`${era.rounds} draws a date`] : []),
  ].join(', ');
}

/**
 * What the chosen lottery is, before its draws: where its results come from (the source, its operator and the terms
 * the source publishes under), how far its stored history goes, its rule eras and whether it is still played. A
 * lottery an administrator added says what was not recorded.
 */
export function LotteryFacts({ lottery }: { lottery: Lottery }) {
  const notRecorded = <span className="muted">Not recorded</span>;
  const { count, first, last } = lottery.draws;
  return (
    <section className="section-gap" aria-labelledby="lottery-facts-title" data-testid="lottery-facts">
      <h3 id="lottery-facts-title">{lottery.name}</h3>
      <dl className="facts lottery-facts">
        <dt>Source</dt>
        <dd data-fact="source">{lottery.source ?? notRecorded}</dd>
        <dt>Operator</dt>
        <dd data-fact="operator">{lottery.operator ?? notRecorded}</dd>
        <dt>Terms</dt>
        <dd data-fact="terms">{lottery.terms ?? notRecorded}</dd>
        <dt>History</dt>
        <dd data-fact="history">
          {first ? (
            <>
              <span className="nowrap">{first} –</span> <span className="nowrap">{last}</span> (
              {formatNumber(count)} {count === 1 ? 'draw' : 'draws'})
            </>
          ) : (
            'No draw stored'
          )}
        </dd>
        <dt>Rule eras</dt>
        <dd data-fact="eras">
          <ol className="lottery-eras">
            {lottery.rules.map((era) => (
              <li key={era.from}>
                From {era.from}: {eraWords(era)}
              </li>
            ))}
          </ol>
        </dd>
        <dt>State</dt>
        <dd data-fact="state">
          {lottery.status === 'retired' ? `Retired on ${lottery.retiredOn}` : 'Played'}{' '}
          <FreshnessBadge freshness={lottery.freshness} />
        </dd>
      </dl>
    </section>
  );
}
