import type { PrizeDivision } from '../../lotteries/domain/prize-structure';

/**
 * What a draw paid (contract section 10), as stored: money in integer minor units of `currency` (cents), never as
 * a float; `null` wherever the source does not publish the fact.
 */
export interface StoredDrawPrizes {
  date: string;
  /** Which draw of its date; absent means 1. */
  round?: number;
  /** ISO 4217. */
  currency: string;
  jackpot: { amountMinor: number | null; won: boolean | null; rollovers: number | null } | null;
  /** Ascending by rank. */
  divisions: StoredDivisionPrize[];
  next: { date: string | null; estimatedJackpotMinor: number | null } | null;
  /** Where the facts come from (a file and row, a feed, "admin"). */
  source: string;
  /** ISO date-time of the last change. */
  updatedAt: string;
}

export interface StoredDivisionPrize {
  rank: number;
  /** Winning lines in every region. */
  winners: number | null;
  /** What one winning line was paid; null where nobody won and the division paid nothing, or unpublished. */
  amountMinor: number | null;
  /** Winners per region where the source publishes them (EuroMillions: each country). */
  regions: { region: string; winners: number }[] | null;
}

/** The answer of `GET …/draw/{date}/prizes` (DrawPrizesDto documents it). */
export interface DrawPrizesView {
  lottery: string;
  date: string;
  round?: number;
  currency: string;
  jackpot: { amount: number | null; won: boolean | null; rollovers: number | null } | null;
  divisions: DivisionPrizeView[];
  next: { date: string | null; estimatedJackpot: number | null } | null;
  source: string;
  updatedAt: string;
}

export interface DivisionPrizeView {
  rank: number;
  /** What a line matched to win the division, from the era's prize structure; null where it is not known. */
  match: { main: number; special: number } | null;
  winners: number | null;
  amount: number | null;
  regions?: { region: string; winners: number }[];
}

const digitsByCurrency = new Map<string, number>();

/** Digits of the currency's minor unit (EUR 2, JPY 0), from ICU; 2 for a code ICU does not know. */
export function minorDigits(currency: string): number {
  let digits = digitsByCurrency.get(currency);
  if (digits === undefined) {
    try {
      digits =
        new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions()
          .maximumFractionDigits ?? 2;
    } catch {
      digits = 2;
    }
    digitsByCurrency.set(currency, digits);
  }
  return digits;
}

/** Minor units as the major-unit number JSON carries (45321710 cents → 453217.1): exact to the minor unit. */
export function toMajor(minor: number | null, currency: string): number | null {
  return minor === null ? null : minor / 10 ** minorDigits(currency);
}

/**
 * A major-unit JSON number as minor units, or null when it has more decimals than the currency's minor unit (or
 * is not a finite non-negative number below 10^13 minor units).
 */
export function fromMajor(major: number, currency: string): number | null {
  if (typeof major !== 'number' || !Number.isFinite(major) || major < 0) return null;
  const scale = 10 ** minorDigits(currency);
  const minor = Math.round(major * scale);
  if (minor > 1e13 || minor / scale !== major) return null;
  return minor;
}

/** A decimal text in major units ("616553.40", "616553,40" is not accepted here) as minor units, or null. */
export function decimalToMinor(text: string, currency: string): number | null {
  const match = /^(\d{1,13})(?:\.(\d+))?$/.exec(text);
  if (!match) return null;
  const digits = minorDigits(currency);
  const fraction = match[2] ?? '';
  if (fraction.length > digits) return null;
  const minor = Number(match[1] + fraction.padEnd(digits, '0'));
  return minor > 1e13 ? null : minor;
}

/**
 * The answer for one draw's prizes. `divisions`: the prize structure in force on its date (null when unknown),
 * which gives each rank its match; `withRound` as for the draw itself.
 */
export function toDrawPrizesView(
  lottery: string,
  prizes: StoredDrawPrizes,
  divisions: readonly PrizeDivision[] | null,
  withRound: boolean,
): DrawPrizesView {
  const { currency } = prizes;
  return {
    lottery,
    date: prizes.date,
    ...(withRound ? { round: prizes.round ?? 1 } : {}),
    currency,
    jackpot: prizes.jackpot && {
      amount: toMajor(prizes.jackpot.amountMinor, currency),
      won: prizes.jackpot.won,
      rollovers: prizes.jackpot.rollovers,
    },
    divisions: prizes.divisions.map((division) => ({
      rank: division.rank,
      match: matchOf(divisions, division.rank),
      winners: division.winners,
      amount: toMajor(division.amountMinor, currency),
      ...(division.regions ? { regions: division.regions.map((r) => ({ ...r })) } : {}),
    })),
    next: prizes.next && {
      date: prizes.next.date,
      estimatedJackpot: toMajor(prizes.next.estimatedJackpotMinor, currency),
    },
    source: prizes.source,
    updatedAt: prizes.updatedAt,
  };
}

/** The first division of that rank (FDJ Loto's rank 9 has two alternatives: the first one is shown). */
function matchOf(
  divisions: readonly PrizeDivision[] | null,
  rank: number,
): { main: number; special: number } | null {
  const division = divisions?.find((d) => d.rank === rank);
  if (!division) return null;
  return { main: division.main, special: division.special ?? division.specialAtLeast ?? 0 };
}
