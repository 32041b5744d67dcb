import { isValidIsoDate } from '../../../common/dates/iso-date';

/** How a division pays: the top prize, a set amount, a share of a pool, or a free play. */
export type PrizeType = 'jackpot' | 'fixed' | 'parimutuel' | 'free-play';
export const PRIZE_TYPES: readonly PrizeType[] = ['jackpot', 'fixed', 'parimutuel', 'free-play'];

export interface Prize {
  type: PrizeType;
  /** Only for `fixed`: the base amount per winning line. */
  amount?: number;
  /** Only for `fixed`: ISO 4217. */
  currency?: string;
}

/**
 * One prize division and what a line must match to win it: exactly `main` main numbers, and `special` specials
 * exactly, or `specialAtLeast` of them, or any number of them when neither is given.
 */
export interface PrizeDivision {
  rank: number;
  main: number;
  special?: number;
  specialAtLeast?: number;
  prize: Prize;
}

/**
 * The prize structure in force from `from` (a draw date) until the next period of its rule era. A line wins the
 * first division, in this order, whose conditions it meets. `divisions: null` says the structure changed on that
 * date but is not known.
 */
export interface PrizePeriod {
  from: string;
  /** Where the structure comes from (operator pages first), for whoever checks it. */
  source: string;
  note?: string;
  divisions: PrizeDivision[] | null;
}

/** The period in force on `date`, or undefined before the first one (no structure is known then). */
export function prizePeriodOn(
  periods: readonly PrizePeriod[] | undefined,
  date: string,
): PrizePeriod | undefined {
  let inForce: PrizePeriod | undefined;
  for (const period of periods ?? []) if (period.from <= date) inForce = period;
  return inForce;
}

/** The division a line with these matches wins, or null when it wins nothing. */
export function divisionFor(
  divisions: readonly PrizeDivision[],
  mainMatched: number,
  specialMatched: number,
): PrizeDivision | null {
  for (const division of divisions) {
    if (division.main !== mainMatched) continue;
    if (division.special !== undefined && division.special !== specialMatched) continue;
    if (division.specialAtLeast !== undefined && specialMatched < division.specialAtLeast) continue;
    return division;
  }
  return null;
}

/** What bounds the divisions of an era: how many main numbers, and how many specials a line can match. */
export interface PrizeBounds {
  eraFrom: string;
  mainCount: number;
  /** 0 when the era has no special numbers. */
  specialCount: number;
}

/** The bounds of an era's divisions: its main count, and the specials that count for prizes. */
export function prizeBoundsOf(era: {
  from: string;
  main: { count: number };
  special: { count: number; counted?: number } | null;
}): PrizeBounds {
  return {
    eraFrom: era.from,
    mainCount: era.main.count,
    specialCount: era.special ? (era.special.counted ?? era.special.count) : 0,
  };
}

/**
 * Reads untrusted JSON (admin input, the bundled file) into prize periods, or says what is wrong, naming the
 * path (`prizes[0].divisions[2].main`).
 */
export function parsePrizePeriods(
  value: unknown,
  bounds: PrizeBounds,
): { periods: PrizePeriod[] } | { problem: string } {
  if (!Array.isArray(value)) return { problem: 'prizes must be an array of periods.' };
  const periods: PrizePeriod[] = [];
  for (const [index, raw] of value.entries()) {
    const where = `prizes[${index}]`;
    if (!isRecord(raw)) return { problem: `${where} must be an object {from, source, divisions}.` };
    const { from, source, note, divisions } = raw;
    if (typeof from !== 'string' || !isValidIsoDate(from))
      return { problem: `${where}.from must be a date 'YYYY-MM-DD'.` };
    if (from < bounds.eraFrom)
      return { problem: `${where}.from ${from} is before its rule era (from ${bounds.eraFrom}).` };
    const previous = periods.at(-1);
    if (previous && from <= previous.from)
      return { problem: `${where}.from ${from} must be later than the previous period's ${previous.from}.` };
    if (typeof source !== 'string' || source.trim() === '' || source.length > 2000)
      return {
        problem: `${where}.source must name where the structure comes from (at most 2000 characters).`,
      };
    if (note !== undefined && (typeof note !== 'string' || note.length > 2000))
      return { problem: `${where}.note must be a text of at most 2000 characters.` };
    const parsed =
      divisions === null ? { divisions: null } : parseDivisions(divisions, `${where}.divisions`, bounds);
    if ('problem' in parsed) return parsed;
    periods.push({ from, source, ...(note ? { note } : {}), divisions: parsed.divisions });
  }
  return { periods };
}

function parseDivisions(
  value: unknown,
  where: string,
  bounds: PrizeBounds,
): { divisions: PrizeDivision[] } | { problem: string } {
  if (!Array.isArray(value) || value.length === 0 || value.length > 50)
    return { problem: `${where} must be an array of 1 to 50 divisions, or null when unknown.` };
  const divisions: PrizeDivision[] = [];
  for (const [index, raw] of value.entries()) {
    const at = `${where}[${index}]`;
    if (!isRecord(raw)) return { problem: `${at} must be an object {rank, main, special?, prize}.` };
    const { rank, main, special, specialAtLeast, prize } = raw;
    // Equal ranks are alternatives of one division (FDJ's rank 9: 1 + Chance or 0 + Chance).
    const previousRank = divisions.at(-1)?.rank;
    const expected = previousRank === undefined ? [1] : [previousRank, previousRank + 1];
    if (!isCount(rank, 1, 50) || !expected.includes(rank))
      return { problem: `${at}.rank must start at 1 and go up by at most 1, got ${String(rank)}.` };
    if (!isCount(main, 0, bounds.mainCount))
      return { problem: `${at}.main must be a whole number from 0 to ${bounds.mainCount}.` };
    if (special !== undefined && specialAtLeast !== undefined)
      return { problem: `${at} takes either special or specialAtLeast, not both.` };
    for (const [key, count] of [
      ['special', special],
      ['specialAtLeast', specialAtLeast],
    ] as const) {
      if (count !== undefined && !isCount(count, 0, bounds.specialCount))
        return { problem: `${at}.${key} must be a whole number from 0 to ${bounds.specialCount}.` };
    }
    const parsedPrize = parsePrize(prize, `${at}.prize`);
    if ('problem' in parsedPrize) return parsedPrize;
    divisions.push({
      rank: rank as number,
      main: main as number,
      ...(special !== undefined ? { special: special as number } : {}),
      ...(specialAtLeast !== undefined ? { specialAtLeast: specialAtLeast as number } : {}),
      prize: parsedPrize.prize,
    });
  }
  return { divisions };
}

function parsePrize(value: unknown, where: string): { prize: Prize } | { problem: string } {
  if (!isRecord(value) || !PRIZE_TYPES.includes(value.type as PrizeType))
    return { problem: `${where} must be {type: ${PRIZE_TYPES.join(' | ')}}.` };
  const type = value.type as PrizeType;
  if (type !== 'fixed') {
    if (value.amount !== undefined || value.currency !== undefined)
      return { problem: `${where}: only a fixed prize has an amount and a currency.` };
    return { prize: { type } };
  }
  const { amount, currency } = value;
  if (typeof amount !== 'number' || !Number.isFinite(amount) || amount <= 0 || amount > 1e12)
    return { problem: `${where}.amount must be a positive number.` };
  if (typeof currency !== 'string' || !/^[A-Z]{3}$/.test(currency))
    return { problem: `${where}.currency must be an ISO 4217 code such as USD.` };
  return { prize: { type, amount, currency } };
}

function isCount(value: unknown, min: number, max: number): value is number {
  return Number.isInteger(value) && (value as number) >= min && (value as number) <= max;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
