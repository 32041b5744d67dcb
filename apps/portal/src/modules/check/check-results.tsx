import type { CheckResult, Lottery, TicketResult } from '../../app/api-types';
import { formatNumber } from '../../app/format';
import { Alert } from '../../components/alert';
import { TableScroll } from '../../components/table-scroll';
import { matchedList, matchWords, resultWords } from './prize-words';
import { TicketNumbers } from './ticket-numbers';

export interface CheckOutcome {
  result: CheckResult;
  /** The lottery as it was when the check was sent (its name and special name label the results). */
  lottery: Lottery;
  /** Per ticket, the text area's line it came from. */
  lineNumbers: number[];
}

const plural = (count: number, one: string, many: string) =>
  `${formatNumber(count)} ${count === 1 ? one : many}`;

/** What was checked, in one sentence, announced politely when the results arrive. */
function summary({ result, lottery }: CheckOutcome): string {
  const lines = plural(result.tickets.length, 'line', 'lines');
  if (result.draws === 0) return `No draw of ${lottery.name} in this range: ${lines} not checked.`;
  if (result.draws === 1) return `${lines} checked against the ${lottery.name} draw of ${result.to}.`;
  return `${lines} checked against ${plural(result.draws, 'draw', 'draws')} of ${lottery.name}, from ${result.from} to ${result.to}.`;
}

function unknownPrizes(result: CheckResult): string {
  const count = result.prizesUnknown ?? 0;
  if (count === 0) return '';
  if (result.draws === 1) return 'The prize structure of this draw is not known: no prize can be given.';
  return `The prize structure of ${plural(count, 'draw', 'draws')} in this range is not known; ${count === 1 ? 'it is' : 'they are'} not listed.`;
}

export function CheckResults({ outcome }: { outcome: CheckOutcome }) {
  const { result } = outcome;
  return (
    <section className="card" aria-labelledby="check-results-title">
      <h2 id="check-results-title">Results</h2>
      <p role="status" data-testid="check-summary">
        {summary(outcome)}
      </p>
      <Alert kind="warning">{unknownPrizes(result)}</Alert>
      {result.draws > 0 && (
        <>
          <p className="small muted">Matched numbers are filled, ringed and underlined.</p>
          <ol className="plain-list check-lines">
            {result.tickets.map((ticket, index) => (
              <TicketOutcome
                key={index}
                ticket={ticket}
                line={outcome.lineNumbers[index] ?? index + 1}
                outcome={outcome}
              />
            ))}
          </ol>
        </>
      )}
    </section>
  );
}

function TicketOutcome({
  ticket,
  line,
  outcome,
}: {
  ticket: TicketResult;
  line: number;
  outcome: CheckOutcome;
}) {
  const { result, lottery } = outcome;
  const title = `Line ${line}`;
  if (result.draws === 1) {
    const drawn = ticket.results[0];
    const won = Boolean(drawn?.division);
    return (
      <li className="check-line" data-line={line}>
        <h3>{title}</h3>
        <TicketNumbers ticket={ticket} lottery={lottery} result={drawn} label={`Numbers of line ${line}`} />
        {drawn && (
          <p className={won ? 'check-verdict won' : 'check-verdict'}>
            <strong>{resultWords(drawn)}</strong>
            {' · '}
            {matchWords(drawn.main.length, drawn.special.length, lottery)} matched
          </p>
        )}
      </li>
    );
  }
  const wins = ticket.results;
  // The draws of rule eras the line does not fit are not checked against it (the API counts them in `skipped`).
  const skipped = ticket.skipped ?? 0;
  const checked = plural(result.draws - skipped, 'draw', 'draws');
  const tally = `${plural(wins.length, 'win', 'wins')} in ${checked}`;
  return (
    <li className="check-line" data-line={line}>
      <h3>{title}</h3>
      <TicketNumbers ticket={ticket} lottery={lottery} label={`Numbers of line ${line}`} />
      <p className={wins.length > 0 ? 'check-verdict won' : 'check-verdict'}>
        <strong>{wins.length > 0 ? tally : `No win in ${checked}`}</strong>
      </p>
      {skipped > 0 && (
        <p className="small muted check-skipped">
          {plural(skipped, 'draw', 'draws')} skipped: this line does not fit the rules of {lottery.name} on{' '}
          {skipped === 1 ? 'its date' : 'their dates'} (other numbers could be played then).
        </p>
      )}
      {wins.length > 0 && (
        <TableScroll label={`Wins of line ${line}`} stack>
          <table className="stack check-wins">
            <caption>Wins of line {line}, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Date</th>
                <th scope="col">Matched</th>
                <th scope="col">Prize</th>
              </tr>
            </thead>
            <tbody>
              {wins.map((win) => (
                <tr key={win.date}>
                  <th scope="row">
                    <time dateTime={win.date}>{win.date}</time>
                  </th>
                  <td data-label="Matched">
                    {matchedList(win, lottery)}{' '}
                    <span className="muted">
                      ({matchWords(win.main.length, win.special.length, lottery)})
                    </span>
                  </td>
                  <td data-label="Prize">{resultWords(win)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
    </li>
  );
}
