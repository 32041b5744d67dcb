import type { DrawResult, Lottery, TicketResult } from '../../app/api-types';
import { specialName } from './ticket-lines';

/**
 * A line's numbers as balls, its own specials after them. With a draw's `result`, the numbers it matched are
 * filled, ringed and underlined, and say "matched" to a screen reader: never colour alone. Where the specials
 * come from the main pool, a main number that matched the drawn special says which ("matched the Bonus Ball").
 */
export function TicketNumbers({
  ticket,
  lottery,
  result,
  label,
}: {
  ticket: TicketResult;
  lottery: Lottery;
  result?: DrawResult;
  label: string;
}) {
  const name = specialName(lottery);
  const ownSpecials = ticket.special ?? [];
  const mainMatch = (n: number): string | null => {
    if (!result) return null;
    if (result.main.includes(n)) return 'matched';
    if (ownSpecials.length === 0 && result.special.includes(n)) return `matched the ${name}`;
    return null;
  };
  const specialMatch = (n: number): string | null =>
    result && ownSpecials.length > 0 && result.special.includes(n) ? 'matched' : null;
  return (
    <ul className="balls plain-list ticket-numbers" aria-label={label}>
      {ticket.main.map((n, i) => (
        <Ball key={`m${i}`} value={n} matched={mainMatch(n)} />
      ))}
      {ownSpecials.length > 0 && (
        <li className="ball-plus" aria-hidden="true">
          +
        </li>
      )}
      {ownSpecials.map((n, i) => (
        <Ball key={`s${i}`} value={n} matched={specialMatch(n)} special={name} />
      ))}
    </ul>
  );
}

function Ball({ value, matched, special }: { value: number; matched: string | null; special?: string }) {
  const className = [
    'ball',
    special && 'special',
    matched && 'matched',
    // A main number that matched the drawn special (a bonus ball) takes the specials' colour.
    matched && !special && matched !== 'matched' && 'bonus',
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <li className={className}>
      {special && <span className="visually-hidden">{special} </span>}
      {value}
      {matched && <span className="visually-hidden"> ({matched})</span>}
    </li>
  );
}
