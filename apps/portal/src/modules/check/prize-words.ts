import type { DrawResult, Lottery, Paid, TicketResult, WonDivision } from '../../app/api-types';
import { formatMoney, formatNumber } from '../../app/format';
import { specialName } from './ticket-lines';

/** What the draw paid one line of a division: "€11.50 per winning line (59,429 winners)". */
export function paidWords(paid: Paid): string {
  const amount = `${formatMoney(paid.amount, paid.currency)} per winning line`;
  if (paid.winners === null) return amount;
  return `${amount} (${formatNumber(paid.winners)} ${paid.winners === 1 ? 'winner' : 'winners'})`;
}

/**
 * A division won, in plain words. Where the draw's prizes are stored, what it paid: "Rank 9 — €11.50 per winning
 * line (59,429 winners)", "Rank 1 — Jackpot: €22,000,000.00 per winning line (1 winner)". Otherwise the prize
 * structure's words: "Rank 7 — USD 7", "Rank 2 — share of the prize pool", "Rank 1 — Jackpot".
 */
export function divisionWords(division: WonDivision): string {
  const { prize, rank, paid } = division;
  if (paid && prize.type !== 'free-play')
    return `Rank ${rank} — ${prize.type === 'jackpot' ? 'Jackpot: ' : ''}${paidWords(paid)}`;
  switch (prize.type) {
    case 'jackpot':
      return `Rank ${rank} — Jackpot`;
    case 'free-play':
      return `Rank ${rank} — Free play`;
    case 'parimutuel':
      return `Rank ${rank} — share of the prize pool`;
    case 'fixed':
      return prize.amount === undefined
        ? `Rank ${rank} — a fixed prize`
        : `Rank ${rank} — ${[prize.currency, formatNumber(prize.amount)].filter(Boolean).join(' ')}`;
  }
  return `Rank ${rank}`;
}

/** What a ticket won in one draw: its division, "No prize", or that the draw's prizes are not known. */
export function resultWords(result: DrawResult): string {
  if (result.division) return divisionWords(result.division);
  if (result.prizesKnown === false) return 'Prize not known';
  return 'No prize';
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/**
 * What a line won over several draws, summed per currency, and how many wins have no published amount:
 * "Won in total: €24.60, plus 2 wins whose amount is not published." Empty when there is nothing to say.
 */
export function totalWords(ticket: TicketResult): string {
  const won = (ticket.won ?? []).filter((sum) => sum.amount > 0);
  const unknown = ticket.amountsUnknown ?? 0;
  const unknownWins = `${plural(unknown, 'win', 'wins')} whose amount is not published`;
  if (won.length > 0) {
    const sums = won.map((sum) => formatMoney(sum.amount, sum.currency)).join(' and ');
    return `Won in total: ${sums}${unknown > 0 ? `, plus ${unknownWins}` : ''}.`;
  }
  return unknown > 0 ? `Won in total: not known (${unknownWins}).` : '';
}

/** How many numbers matched, in words: "5 numbers + Bonus Ball", "2 numbers + 1 Powerball", "no number". */
export function matchWords(main: number, special: number, lottery: Lottery): string {
  const mainWords = main === 0 ? 'no number' : plural(main, 'number', 'numbers');
  if (special === 0) return mainWords;
  return `${mainWords} + ${special} ${specialName(lottery)}`;
}

/** The matched numbers of one result, listed: "11, 26, 40 + Powerball 7". */
export function matchedList(result: DrawResult, lottery: Lottery): string {
  const main = result.main.join(', ');
  if (result.special.length === 0) return main || 'none';
  const special = `${specialName(lottery)} ${result.special.join(', ')}`;
  return main ? `${main} + ${special}` : special;
}
