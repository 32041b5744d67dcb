import {
  prizeDivisionsOn,
  roundProblem,
  type RuleEra,
  validateDrawNumbers,
} from '../../lotteries/domain/lottery-rules';
import { type PrizesInput, prizesProblem } from '../../prizes/domain/prize-input';
import { roundOf, type StoredDraw } from './draw-view';

/**
 * Who a write's draws come from, which decides how their faults are found and worded (the messages are part of
 * the contract). `administrator` (a PUT, an import): the numbers are checked first, then the round (a 400 naming
 * `round`), and prizes that do not fit reject their draw. `source` (a sync): rows dated before the lottery's
 * first era are ignored, a draw met twice in one answer is rejected, the round is checked first, and prizes that
 * do not fit are left out while the draw is stored (`prizes not stored: …`).
 */
export type DrawOrigin = 'administrator' | 'source';

/** A draw to store, with what it paid where that is known. */
export interface DrawToWrite extends StoredDraw {
  prizes?: PrizesInput;
}

/** A draw not stored (or, from a source, whose prizes were not), and why. */
export interface Rejection<D> {
  draw: D;
  message: string;
}

/** Why the draw does not fit the era in force on its date (its prizes too, for an administrator's); null if it fits. */
export function drawProblem(rules: readonly RuleEra[], draw: DrawToWrite, origin: DrawOrigin): string | null {
  const numbersProblem = () => validateDrawNumbers(rules, draw.date, draw.main, draw.special);
  if (origin === 'source') return roundProblem(rules, draw.date, roundOf(draw), 'row') ?? numbersProblem();
  return (
    numbersProblem() ??
    roundProblem(rules, draw.date, roundOf(draw), 'field') ??
    (draw.prizes ? prizesProblem(draw.prizes, prizeDivisionsOn(rules, draw.date)) : null)
  );
}

/**
 * A source's rows worth checking: those dated from the lottery's first era on, each draw once. A source may hold
 * more history than the lottery keeps (Texas's Mega Millions file goes back to 2003, the history here starts in
 * 2010): those rows are not faults of the source, so they are counted (`ignored`), not rejected. An
 * administrator's draws are all checked (the CSV reader already rejects a draw met twice).
 */
export function screenedRows<D extends StoredDraw>(
  rules: readonly RuleEra[],
  draws: D[],
  origin: DrawOrigin,
): { kept: D[]; ignored: number; twice: Rejection<D>[] } {
  if (origin === 'administrator') return { kept: draws, ignored: 0, twice: [] };
  const firstEra = rules.reduce<string | null>(
    (min, era) => (min === null || era.from < min ? era.from : min),
    null,
  );
  const inHistory = draws.filter((draw) => firstEra === null || draw.date >= firstEra);
  const seen = new Set<string>();
  const kept: D[] = [];
  const twice: Rejection<D>[] = [];
  for (const draw of inHistory) {
    const round = roundOf(draw);
    const key = `${draw.date}#${round}`;
    if (seen.has(key))
      twice.push({
        draw,
        message: `the answer holds ${round > 1 ? `round ${round} of ` : ''}this date twice`,
      });
    else kept.push(draw);
    seen.add(key);
  }
  return { kept, ignored: draws.length - inHistory.length, twice };
}

/**
 * The prizes of these draws to store. A source's are checked here against the prize structure of their date (its
 * draw is stored whatever they hold); an administrator's were checked with their draw (drawProblem).
 */
export function prizesToStore<D extends DrawToWrite>(
  draws: D[],
  rules: readonly RuleEra[],
  origin: DrawOrigin,
  rejected: Rejection<D>[],
): PrizesInput[] {
  const stored: PrizesInput[] = [];
  for (const draw of draws) {
    if (!draw.prizes) continue;
    const problem =
      origin === 'source' ? prizesProblem(draw.prizes, prizeDivisionsOn(rules, draw.date)) : null;
    if (problem === null) stored.push(draw.prizes);
    else rejected.push({ draw, message: `prizes not stored: ${problem}` });
  }
  return stored;
}
