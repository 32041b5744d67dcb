import type { DrawPrizes, Lottery } from '../../app/api-types';
import { formatDateTime } from '../../app/format';
import { TableScroll } from '../../components/table-scroll';
import { drawDateWords } from './draw-path';
import {
  amountWords,
  divisionMatchWords,
  jackpotWords,
  nextWords,
  regionsWords,
  winnersWords,
} from './prize-words';

/**
 * What a draw paid: its jackpot and next estimate where published, then one row per prize rank (what to match,
 * winners, what one winning line was paid, winners per region), and where the facts come from. On a narrow
 * screen each rank becomes a card.
 */
export function PrizeTable({ prizes, lottery }: { prizes: DrawPrizes; lottery: Lottery | undefined }) {
  const when = drawDateWords(prizes.date, prizes.round);
  const hasRegions = prizes.divisions.some((d) => d.regions && d.regions.length > 0);
  const next = nextWords(prizes);
  return (
    <div className="prize-facts">
      <dl className="facts prize-jackpot">
        <dt>Jackpot</dt>
        <dd data-testid="prize-jackpot">{jackpotWords(prizes)}</dd>
        {next && (
          <>
            <dt>Next draw</dt>
            <dd data-testid="prize-next">{next}</dd>
          </>
        )}
      </dl>
      <TableScroll label={`Prizes of ${when}`} stack>
        <table className="stack prize-table">
          <caption>
            What one winning line was paid on {when}, by prize rank ({prizes.currency})
          </caption>
          <thead>
            <tr>
              <th scope="col">Rank</th>
              <th scope="col">Match</th>
              <th scope="col" className="num">
                Winners
              </th>
              <th scope="col" className="num">
                Paid per winner
              </th>
              {hasRegions && <th scope="col">Winners by country</th>}
            </tr>
          </thead>
          <tbody>
            {prizes.divisions.map((division) => (
              <tr key={division.rank} data-rank={division.rank}>
                <th scope="row">
                  <span className="stack-only">Rank </span>
                  {division.rank}
                </th>
                <td data-label="Match">{divisionMatchWords(division, lottery)}</td>
                <td data-label="Winners" className="num">
                  {winnersWords(division.winners)}
                </td>
                <td data-label="Paid per winner" className="num">
                  {amountWords(division, prizes.currency)}
                </td>
                {hasRegions && <td data-label="By country">{regionsWords(division)}</td>}
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
      <p className="small muted prize-source" data-testid="prize-source">
        Source: {prizes.source}. Stored {formatDateTime(prizes.updatedAt)}.
      </p>
    </div>
  );
}
