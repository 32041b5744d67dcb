import { isValidIsoDate } from '../../../common/dates/iso-date';
import { Messages } from '../../../common/errors/messages';
import type { PrizeDivision } from '../../lotteries/domain/prize-structure';
import { decimalToMinor, fromMajor, type StoredDivisionPrize, type StoredDrawPrizes } from './draw-prizes';

/** What a write brings for one draw's prizes: everything but the time of the write. */
export type PrizesInput = Omit<StoredDrawPrizes, 'updatedAt'>;

/** A value, or the contract's 400 message naming the field at fault. */
type Outcome<T> = { value: T } | { problem: string };

const CURRENCY = /^[A-Z]{3}$/;
const REGION = /^[A-Z]{2}$/;
const MAX_DIVISIONS = 50;
const MAX_REGIONS = 60;
const MAX_COUNT = 2_000_000_000;

/**
 * Reads an administrator's body (the shape of the prizes answer; `lottery`, `date`, `round`, `match` and
 * `updatedAt` are ignored, since the route and the era decide them) for the draw of `date`/`round`. Problems name
 * the field (`divisions[2].amount`).
 */
export function readPrizesBody(body: unknown, date: string, round: number): Outcome<PrizesInput> {
  if (!isRecord(body)) return fail('body', 'an object {currency, divisions, jackpot?, next?, source?}');
  const { currency, jackpot, divisions, next, source } = body;
  if (typeof currency !== 'string' || !CURRENCY.test(currency))
    return fail('currency', 'an ISO 4217 code such as EUR');
  if (source !== undefined && (typeof source !== 'string' || source.trim() === '' || source.length > 2000))
    return fail('source', 'a text of 1 to 2000 characters naming where the facts come from');
  if (!Array.isArray(divisions) || divisions.length === 0 || divisions.length > MAX_DIVISIONS)
    return fail('divisions', `an array of 1 to ${MAX_DIVISIONS} divisions {rank, winners, amount, regions?}`);
  const read: StoredDivisionPrize[] = [];
  for (const [i, raw] of divisions.entries()) {
    const at = `divisions[${i}]`;
    if (!isRecord(raw)) return fail(at, 'an object {rank, winners, amount, regions?}');
    if (!isCount(raw.rank, 1, MAX_DIVISIONS))
      return fail(`${at}.rank`, `a whole number from 1 to ${MAX_DIVISIONS}`);
    if (raw.winners !== null && !isCount(raw.winners, 0, MAX_COUNT))
      return fail(`${at}.winners`, 'a whole number of winning lines, or null when not published');
    let amountMinor: number | null = null;
    if (raw.amount !== null && raw.amount !== undefined) {
      amountMinor = fromMajor(raw.amount as number, currency);
      if (amountMinor === null)
        return fail(
          `${at}.amount`,
          `an amount in ${currency} with at most its minor unit's decimals, or null`,
        );
    }
    const regions = readRegions(raw.regions, `${at}.regions`);
    if ('problem' in regions) return regions;
    read.push({
      rank: raw.rank as number,
      winners: (raw.winners ?? null) as number | null,
      amountMinor,
      regions: regions.value,
    });
  }
  const jackpotRead = readJackpot(jackpot, currency);
  if ('problem' in jackpotRead) return jackpotRead;
  const nextRead = readNext(next, currency);
  if ('problem' in nextRead) return nextRead;
  return {
    value: {
      date,
      ...(round === 1 ? {} : { round }),
      currency,
      jackpot: jackpotRead.value,
      divisions: read,
      next: nextRead.value,
      source: typeof source === 'string' ? source.trim() : 'admin',
    },
  };
}

/**
 * Whether the divisions fit the prize structure in force on the draw's date: ranks ascending, each once, each one
 * of the structure's (any rank 1–50 where the structure is not known). Null when they fit, else the 400 message.
 */
export function prizesProblem(
  prizes: Pick<PrizesInput, 'divisions'>,
  structure: readonly PrizeDivision[] | null,
): string | null {
  const ranks = structure ? new Set(structure.map((d) => d.rank)) : null;
  let previous = 0;
  for (const [i, division] of prizes.divisions.entries()) {
    if (division.rank <= previous)
      return Messages.invalidFieldProblem(`divisions[${i}].rank`, 'ranks must ascend, each once.');
    previous = division.rank;
    if (ranks && !ranks.has(division.rank))
      return Messages.invalidFieldProblem(
        `divisions[${i}].rank`,
        `rank ${division.rank} is not a division of the prize structure in force (ranks 1-${Math.max(...ranks)}).`,
      );
  }
  return null;
}

/** The prize columns of a CSV row (see apps/api/data/prizes/README.md). */
export const PRIZE_COLUMNS = ['currency', 'jackpot', 'jackpot_won', 'rollovers', 'next_date', 'next_jackpot'];
const RANK_COLUMN = /^rank([1-9]\d?)_(winners|amount|regions)$/;
export const PRIZES_SOURCE_COLUMN = 'prizes_source';

/** Whether `name` is one of the prize columns a CSV may carry. */
export function isPrizeColumn(name: string): boolean {
  return PRIZE_COLUMNS.includes(name) || name === PRIZES_SOURCE_COLUMN || RANK_COLUMN.test(name);
}

/**
 * A CSV row's prizes, read from its prize columns (`cell(name)`: the trimmed cell, undefined when the file has no
 * such column). Null when the row gives none (no currency and no rank cell). `source`: the provenance to store
 * when the row has no `prizes_source`.
 */
export function readPrizeColumns(
  cell: (name: string) => string | undefined,
  columns: readonly string[],
  date: string,
  round: number,
  source: string,
): Outcome<PrizesInput> | null {
  const rankCells = new Map<number, { winners?: string; amount?: string; regions?: string }>();
  for (const name of columns) {
    const match = RANK_COLUMN.exec(name);
    const text = cell(name);
    if (!match || text === undefined || text === '') continue;
    const rank = Number(match[1]);
    const entry = rankCells.get(rank) ?? {};
    entry[match[2] as 'winners' | 'amount' | 'regions'] = text;
    rankCells.set(rank, entry);
  }
  const currency = cell('currency') ?? '';
  if (currency === '' && rankCells.size === 0) return null;
  if (!CURRENCY.test(currency)) return fail('currency', 'an ISO 4217 code such as EUR');
  if (rankCells.size === 0)
    return fail('rank1_winners', 'at least one division (rankN_winners, rankN_amount)');
  const divisions: StoredDivisionPrize[] = [];
  for (const rank of [...rankCells.keys()].sort((a, b) => a - b)) {
    const { winners, amount, regions } = rankCells.get(rank)!;
    const winnersCount = winners === undefined ? null : toCount(winners);
    if (winnersCount === undefined) return fail(`rank${rank}_winners`, 'a whole number');
    const amountMinor = amount === undefined ? null : decimalToMinor(amount, currency);
    if (amount !== undefined && amountMinor === null)
      return fail(`rank${rank}_amount`, `an amount in ${currency} such as 1234.50`);
    const regionList = regions === undefined ? null : parseRegionCell(regions);
    if (regionList === undefined)
      return fail(`rank${rank}_regions`, "region:winners pairs such as 'FR:1 ES:2'");
    divisions.push({ rank, winners: winnersCount, amountMinor, regions: regionList });
  }
  const jackpotText = cell('jackpot') ?? '';
  const wonText = cell('jackpot_won') ?? '';
  const rolloversText = cell('rollovers') ?? '';
  let jackpot: PrizesInput['jackpot'] = null;
  if (jackpotText !== '' || wonText !== '' || rolloversText !== '') {
    const amountMinor = jackpotText === '' ? null : decimalToMinor(jackpotText, currency);
    if (jackpotText !== '' && amountMinor === null) return fail('jackpot', `an amount in ${currency}`);
    if (wonText !== '' && wonText !== 'true' && wonText !== 'false')
      return fail('jackpot_won', 'true or false');
    const rollovers = rolloversText === '' ? null : toCount(rolloversText);
    if (rollovers === undefined) return fail('rollovers', 'a whole number');
    jackpot = { amountMinor, won: wonText === '' ? null : wonText === 'true', rollovers };
  }
  const nextDate = cell('next_date') ?? '';
  const nextJackpot = cell('next_jackpot') ?? '';
  let next: PrizesInput['next'] = null;
  if (nextDate !== '' || nextJackpot !== '') {
    if (nextDate !== '' && !isValidIsoDate(nextDate)) return fail('next_date', "a date 'YYYY-MM-DD'");
    const estimatedJackpotMinor = nextJackpot === '' ? null : decimalToMinor(nextJackpot, currency);
    if (nextJackpot !== '' && estimatedJackpotMinor === null)
      return fail('next_jackpot', `an amount in ${currency}`);
    next = { date: nextDate === '' ? null : nextDate, estimatedJackpotMinor };
  }
  const ownSource = cell(PRIZES_SOURCE_COLUMN) ?? '';
  return {
    value: {
      date,
      ...(round === 1 ? {} : { round }),
      currency,
      jackpot,
      divisions,
      next,
      source: (ownSource === '' ? source : ownSource).slice(0, 2000),
    },
  };
}

function readRegions(value: unknown, at: string): Outcome<StoredDivisionPrize['regions']> {
  if (value === undefined || value === null) return { value: null };
  if (!Array.isArray(value) || value.length > MAX_REGIONS)
    return fail(at, `an array of at most ${MAX_REGIONS} {region, winners}`);
  const regions: { region: string; winners: number }[] = [];
  for (const [i, raw] of value.entries()) {
    if (!isRecord(raw) || typeof raw.region !== 'string' || !REGION.test(raw.region))
      return fail(`${at}[${i}].region`, 'an ISO 3166 country code such as FR');
    if (!isCount(raw.winners, 0, MAX_COUNT)) return fail(`${at}[${i}].winners`, 'a whole number');
    regions.push({ region: raw.region, winners: raw.winners as number });
  }
  return { value: regions };
}

function readJackpot(value: unknown, currency: string): Outcome<PrizesInput['jackpot']> {
  if (value === undefined || value === null) return { value: null };
  if (!isRecord(value)) return fail('jackpot', 'an object {amount, won, rollovers}, or null');
  const amountMinor =
    value.amount === null || value.amount === undefined ? null : fromMajor(value.amount as number, currency);
  if (value.amount !== null && value.amount !== undefined && amountMinor === null)
    return fail('jackpot.amount', `an amount in ${currency}, or null`);
  if (value.won !== undefined && value.won !== null && typeof value.won !== 'boolean')
    return fail('jackpot.won', 'true, false or null');
  if (value.rollovers !== undefined && value.rollovers !== null && !isCount(value.rollovers, 0, 10_000))
    return fail('jackpot.rollovers', 'a whole number, or null');
  return {
    value: {
      amountMinor,
      won: (value.won ?? null) as boolean | null,
      rollovers: (value.rollovers ?? null) as number | null,
    },
  };
}

function readNext(value: unknown, currency: string): Outcome<PrizesInput['next']> {
  if (value === undefined || value === null) return { value: null };
  if (!isRecord(value)) return fail('next', 'an object {date, estimatedJackpot}, or null');
  if (
    value.date !== undefined &&
    value.date !== null &&
    (typeof value.date !== 'string' || !isValidIsoDate(value.date))
  )
    return fail('next.date', "a date 'YYYY-MM-DD', or null");
  const estimate = value.estimatedJackpot;
  const estimatedJackpotMinor =
    estimate === null || estimate === undefined ? null : fromMajor(estimate as number, currency);
  if (estimate !== null && estimate !== undefined && estimatedJackpotMinor === null)
    return fail('next.estimatedJackpot', `an amount in ${currency}, or null`);
  return { value: { date: (value.date ?? null) as string | null, estimatedJackpotMinor } };
}

/** 'FR:1 ES:2' → regions; undefined when malformed. */
function parseRegionCell(text: string): { region: string; winners: number }[] | undefined {
  const regions: { region: string; winners: number }[] = [];
  for (const pair of text.split(/\s+/)) {
    const match = /^([A-Z]{2}):(\d{1,10})$/.exec(pair);
    if (!match) return undefined;
    regions.push({ region: match[1], winners: Number(match[2]) });
  }
  return regions;
}

/** A whole number from a cell; undefined when it is not one. */
function toCount(text: string): number | undefined {
  return /^\d{1,10}$/.test(text) && Number(text) <= MAX_COUNT ? Number(text) : undefined;
}

function fail(field: string, expected: string): { problem: string } {
  return { problem: Messages.invalidField(field, expected) };
}

function isCount(value: unknown, min: number, max: number): boolean {
  return Number.isInteger(value) && (value as number) >= min && (value as number) <= max;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
