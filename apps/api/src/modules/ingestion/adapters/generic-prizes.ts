import { decimalToMinor } from '../../prizes/domain/draw-prizes';
import type { PrizeMapping } from '../domain/generic-mapping';
import { valueAt } from './row-values';
import type { FetchedPrizes } from './source-adapter';

/**
 * A row's prizes per the mapping, or a message naming the field that could not be read. Winners are whole numbers
 * (spaces as thousands separators are dropped); amounts too may hold such spaces and end with the mapping's
 * `suffix` (Szerencsejáték's `1 234 Ft`), or be whole numbers of the minor unit (`unit: 'minor'`); an amount of 0 is null (nobody won, nothing paid); an empty or absent
 * field is null (not published). A division's `total` is shared among its winners: the amount per winner
 * when it divides exactly to the minor unit (an amount is never rounded here), else the row's prizes are refused.
 */
export function prizesAt(
  row: unknown,
  mapping: PrizeMapping,
  read: (row: unknown, field: string) => unknown = valueAt,
): FetchedPrizes | string {
  const text = (field: string | undefined): string | null => {
    if (field === undefined) return null;
    const value = read(row, field);
    if (value === undefined || value === null) return null;
    const shown = String(value).replace(/[\s\u00a0\u202f]/g, '');
    return shown === '' ? null : shown;
  };
  const suffix = mapping.suffix;
  const minor = (field: string | undefined): number | null | string => {
    const shown = text(field);
    if (shown === null) return null;
    const value = suffix !== undefined && shown.endsWith(suffix) ? shown.slice(0, -suffix.length) : shown;
    if (mapping.unit === 'minor') {
      if (!/^\d{1,15}$/.test(value))
        return `${field} is not a whole amount of ${mapping.currency}'s minor unit`;
      return Number(value) === 0 ? null : Number(value);
    }
    const normal = mapping.decimal === ',' ? value.replace(',', '.') : value;
    const read = decimalToMinor(normal, mapping.currency);
    return read === null ? `${field} is not an amount in ${mapping.currency}` : read === 0 ? null : read;
  };
  const count = (field: string | undefined): number | null | string => {
    const value = text(field);
    if (value === null) return null;
    return /^\d{1,10}$/.test(value) ? Number(value) : `${field} is not a whole number of winners`;
  };
  const share = (field: string, winners: number | null): number | null | string => {
    const total = minor(field);
    if (typeof total === 'string') return total;
    // Nothing paid, or nobody to share it: no amount per winner.
    if (total === null || winners === null || winners === 0) return null;
    return total % winners === 0 ? total / winners : `${field} does not divide evenly among the winners`;
  };
  const divisions: FetchedPrizes['divisions'] = [];
  for (const division of mapping.divisions) {
    const winners = count(division.winners);
    if (typeof winners === 'string') return winners;
    const amountMinor =
      division.total === undefined ? minor(division.amount) : share(division.total, winners);
    if (typeof amountMinor === 'string') return amountMinor;
    let regions: { region: string; winners: number }[] | null = null;
    for (const [region, field] of Object.entries(division.regions ?? {})) {
      const regionWinners = count(field);
      if (typeof regionWinners === 'string') return regionWinners;
      if (regionWinners !== null) (regions ??= []).push({ region, winners: regionWinners });
    }
    divisions.push({ rank: division.rank, winners, amountMinor, regions });
  }
  const jackpotMinor = minor(mapping.jackpot);
  if (typeof jackpotMinor === 'string') return jackpotMinor;
  return { currency: mapping.currency, divisions, jackpotMinor };
}
