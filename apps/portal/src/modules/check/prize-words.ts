import type { DrawResult, Lottery, WonDivision } from '../../app/api-types';
import { formatNumber } from '../../app/format';
import { specialName } from './ticket-lines';

/** A division won, in plain words: "Rank 7 — USD 7", "Rank 2 — share of the prize pool", "Rank 1 — Jackpot". */
export function divisionWords(division: WonDivision): string {
  const { prize, rank } = division;
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
