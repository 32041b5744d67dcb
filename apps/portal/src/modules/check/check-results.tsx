import type { CheckResult, Lottery, TicketResult } from '../../app/api-types';
import { formatNumber } from '../../app/format';
import { href } from '../../app/router';
import { Alert } from '../../components/alert';
import { TableScroll } from '../../components/table-scroll';
import { drawDateWords, drawPath } from '../draw/draw-path';
import { matchedList, matchWords, resultWords, totalWords } from './prize-words';
import { TicketNumbers } from './ticket-numbers';

export interface CheckOutcome {
  result: CheckResult;
  /** The lottery as it was when the check was sent (its name and special name label the results). */
  lottery: Lottery;
  /** Per ticket, the text area's line it came from. */
  lineNumbers: number[];
  /**
   * Whether a range was asked (only its wins are listed, with their sums) rather than a date or the latest draw
   * date (every draw of that date is listed, a prize or not).
   */
  range?: boolean;
}

const plural = (count: number, one: string, many: string) =>
  `${formatNumber(count)} ${count === 1 ? one : many}`;

/** The one draw checked (its date and, in an era of rounds, its round), when only one was. */
function singleDraw({ result }: CheckOutcome): { date: string; round?: number } | null {
  if (result.draws !== 1 || !result.to) return null;
  return { date: result.to, round: result.tickets[0]?.results[0]?.round };
}

/** What was checked, in one sentence, announced politely when the results arrive. */
function summary(outcome: CheckOutcome): string {
  const { result, lottery } = outcome;
  const lines = plural(result.tickets.length, 'line', 'lines');
  if (result.draws === 0) return `No draw of ${lottery.name} in this range: ${lines} not checked.`;
  const single = singleDraw(outcome);
  if (single)
    return `${lines} checked against the ${lottery.name} draw of ${drawDateWords(single.date, single.round)}.`;
  // One date of an era that draws several rounds: every round of it.
  if (result.from === result.to)
    return `${lines} checked against the ${plural(result.draws, 'draw', 'draws')} of ${lottery.name} on ${result.to}.`;
  return `${lines} checked against ${plural(result.draws, 'draw', 'draws')} of ${lottery.name}, from ${result.from} to ${result.to}.`;
}

function unknownPrizes(result: CheckResult): string {
  const count = result.prizesUnknown ?? 0;
  if (count === 0) return '';
  if (result.draws === 1) return 'The prize structure of this draw is not known: no prize can be given.';
  return `The prize structure of ${plural(count, 'draw', 'draws')} in this range is not known; ${count === 1 ? 'it is' : 'they are'} not listed.`;
}

export function CheckResults({ outcome }: { outcome: CheckOutcome }) {
  const { result, lottery } = outcome;
  const single = singleDraw(outcome);
  return (
    <section className="card" aria-labelledby="check-results-title">
      <h2 id="check-results-title">Results</h2>
      <p role="status" data-testid="check-summary">
        {summary(outcome)}
      </p>
      {single && (
        <p className="small check-draw-link">
          The draw&apos;s numbers and what each prize rank paid:{' '}
          <a href={href(drawPath({ tag: lottery.tag, ...single }))}>
            <time dateTime={single.date}>{drawDateWords(single.date, single.round)}</time>
          </a>
        </p>
      )}
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
  // Results kept in the tab before `range` was recorded: as they were shown then.
  if (!(outcome.range ?? result.draws !== 1)) {
    // A date (or the latest draw date): one result for each draw of it, a prize or not.
    const [drawn, ...more] = ticket.results;
    if (more.length === 0) {
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
    // Several rounds of the date: a verdict for each, newest round first.
    return (
      <li className="check-line" data-line={line}>
        <h3>{title}</h3>
        <TicketNumbers ticket={ticket} lottery={lottery} label={`Numbers of line ${line}`} />
        <ul className="plain-list check-rounds">
          {ticket.results.map((round) => (
            <li key={round.round ?? 1}>
              <p className={round.division ? 'check-verdict won' : 'check-verdict'}>
                <a href={href(drawPath({ tag: lottery.tag, date: round.date, round: round.round }))}>
                  {drawDateWords(round.date, round.round)}
                </a>
                {': '}
                <strong>{resultWords(round)}</strong>
                {' · '}
                {matchedList(round, lottery)}{' '}
                <span className="muted">
                  ({matchWords(round.main.length, round.special.length, lottery)} matched)
                </span>
              </p>
            </li>
          ))}
        </ul>
      </li>
    );
  }
  const wins = ticket.results;
  // The draws of rule eras the line does not fit are not checked against it (the API counts them in `skipped`).
  const skipped = ticket.skipped ?? 0;
  const checked = plural(result.draws - skipped, 'draw', 'draws');
  const tally = `${plural(wins.length, 'win', 'wins')} in ${checked}`;
  // A range always carries its sums (won, amountsUnknown): said only when there is something to say.
  const total = totalWords(ticket);
  return (
    <li className="check-line" data-line={line}>
      <h3>{title}</h3>
      <TicketNumbers ticket={ticket} lottery={lottery} label={`Numbers of line ${line}`} />
      <p className={wins.length > 0 ? 'check-verdict won' : 'check-verdict'}>
        <strong>{wins.length > 0 ? tally : `No win in ${checked}`}</strong>
      </p>
      {total && (
        <p className="check-total" data-testid="check-total">
          {total}
        </p>
      )}
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
                <tr key={`${win.date}/${win.round ?? 1}`}>
                  <th scope="row">
                    <a
                      href={href(drawPath({ tag: lottery.tag, date: win.date, round: win.round }))}
                      aria-label={`${drawDateWords(win.date, win.round)}: the draw's numbers and prizes`}
                    >
                      <time dateTime={win.date}>{win.date}</time>
                      {win.round ? `, round ${win.round}` : ''}
                    </a>
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
