import type { DivisionPrizes, DrawPrizes, Lottery } from '../../app/api-types';
import { formatMoney, formatNumber } from '../../app/format';
import { matchWords } from '../check/prize-words';

/** What a division asked for: "5 numbers + 2 Lucky Stars", or that the era's prize structure is not known. */
export function divisionMatchWords(division: DivisionPrizes, lottery: Lottery | undefined): string {
  if (!division.match) return 'Not known';
  if (!lottery) {
    const { main, special } = division.match;
    return special ? `${main} + ${special}` : `${main}`;
  }
  return matchWords(division.match.main, division.match.special, lottery);
}

export function winnersWords(winners: number | null): string {
  return winners === null ? 'Not published' : formatNumber(winners);
}

/** What one winning line of the division was paid; nothing where nobody won, or where it is not published. */
export function amountWords(division: DivisionPrizes, currency: string): string {
  if (division.amount !== null) return formatMoney(division.amount, currency);
  return division.winners === 0 ? 'Nobody won' : 'Not published';
}

/** Per-region winners: "FR 1, ES 0". */
export function regionsWords(division: DivisionPrizes): string {
  if (!division.regions || division.regions.length === 0) return '—';
  return division.regions.map((r) => `${r.region} ${formatNumber(r.winners)}`).join(', ');
}

/** The jackpot in one sentence: its amount, and whether it was won or rolls over (after how many rollovers). */
export function jackpotWords({ jackpot, currency }: DrawPrizes): string {
  if (!jackpot) return 'Not published.';
  const amount = jackpot.amount === null ? null : formatMoney(jackpot.amount, currency);
  const before =
    jackpot.rollovers === null || jackpot.rollovers === 0
      ? ''
      : ` (${formatNumber(jackpot.rollovers)} ${jackpot.rollovers === 1 ? 'draw' : 'draws'} in a row without a winner before this one)`;
  const unknownAmount = amount ? '' : ' Its amount is not published.';
  if (jackpot.won === true) return `${amount ? `${amount}, won` : 'Won'}${before}.${unknownAmount}`;
  if (jackpot.won === false)
    return `${amount ? `${amount}, not won` : 'Not won'}: it rolls over to the next draw${before}.${unknownAmount}`;
  return `${amount ?? 'Amount not published'}${before}; whether it was won is not published.`;
}

/** The next draw's advertised jackpot, or null when the source publishes none. */
export function nextWords({ next, currency }: DrawPrizes): string | null {
  if (!next || (next.date === null && next.estimatedJackpot === null)) return null;
  const estimate =
    next.estimatedJackpot === null
      ? 'no estimate published'
      : `estimated jackpot ${formatMoney(next.estimatedJackpot, currency)}`;
  return next.date
    ? `${next.date}: ${estimate}.`
    : `${estimate.charAt(0).toUpperCase()}${estimate.slice(1)}.`;
}
