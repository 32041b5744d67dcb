import { type NumberOrder, roundOf, type StoredDraw, toDrawDto } from '../draws/domain/draw-view';
import { type StoredDrawPrizes, toDrawPrizesView } from '../prizes/domain/draw-prizes';
import type { LotteryRecord } from '../lotteries/domain/lottery-record';
import { prizeDivisionsOn, roundsOn } from '../lotteries/domain/lottery-rules';

/** The key of a draw in the indices: its date, and its round after a '#' where it is not 1. */
const keyOf = (date: string, round = 1): string => (round === 1 ? date : `${date}#${round}`);

/** The lottery's columns, without the figures derived from its draws. */
export type LotteryColumns = Omit<LotteryRecord, 'drawCount' | 'firstDraw' | 'lastDraw'>;

/**
 * One lottery as the metered reads need it, built once per change: its draws newest first (by date, then round,
 * descending), each draw's JSON ready to send once it has been asked for (per number order), what the draws paid,
 * and its derived figures.
 */
export class LotterySnapshot {
  readonly record: LotteryRecord;
  private readonly indexByKey: Map<string, number>;
  private readonly json: Record<NumberOrder, (string | undefined)[]>;
  private readonly prizesByKey: Map<string, StoredDrawPrizes>;
  private readonly prizesJsonByKey = new Map<string, string>();
  private roundsByDate?: Map<string, number>;

  /** `draws` newest first; `prizes` in any order, each of a draw in `draws`. */
  constructor(
    columns: LotteryColumns,
    private readonly draws: StoredDraw[],
    prizes: readonly StoredDrawPrizes[] = [],
  ) {
    this.record = {
      ...columns,
      drawCount: draws.length,
      firstDraw: draws.at(-1)?.date ?? null,
      lastDraw: draws[0]?.date ?? null,
    };
    this.indexByKey = new Map(draws.map((draw, index) => [keyOf(draw.date, roundOf(draw)), index]));
    this.prizesByKey = new Map(prizes.map((p) => [keyOf(p.date, p.round), p]));
    // Each draw's JSON is made on first use: a rebuild after a write (a 33,000-draw lottery) then costs the event
    // loop its Map, not a stringify of every draw (issue 29: a victim's read waited behind it).
    this.json = {
      draw: new Array<string | undefined>(draws.length),
      asc: new Array<string | undefined>(draws.length),
      desc: new Array<string | undefined>(draws.length),
    };
  }

  get drawCount(): number {
    return this.draws.length;
  }

  /** The draws, newest first; shared, so never to be changed. */
  get allDraws(): readonly Readonly<StoredDraw>[] {
    return this.draws;
  }

  /** The index of the draw of `date` and `round` (round 1 by default). */
  indexOf(date: string, round = 1): number | undefined {
    return this.indexByKey.get(keyOf(date, round));
  }

  /** Whether draws of `date` say which round they are: their era has more than one (contract section 10). */
  hasRounds(date: string): boolean {
    return roundsOn(this.record.rules, date) > 1;
  }

  /** The JSON of the draw at `index` (0 = the latest). */
  drawJson(index: number, order: NumberOrder): string {
    const cache = this.json[order];
    const draw = this.draws[index];
    if (cache[index] !== undefined) return cache[index];
    const withRound = this.hasRounds(draw.date);
    const rounds = withRound ? this.roundsStoredOn(draw.date) : undefined;
    return (cache[index] = JSON.stringify(toDrawDto(draw, order, withRound, rounds)));
  }

  /** How many draws (rounds) of `date` are stored; counted on first use, for lotteries with rounds only. */
  roundsStoredOn(date: string): number {
    if (!this.roundsByDate) {
      this.roundsByDate = new Map();
      for (const draw of this.draws)
        this.roundsByDate.set(draw.date, (this.roundsByDate.get(draw.date) ?? 0) + 1);
    }
    return this.roundsByDate.get(date) ?? 0;
  }

  /** What the draw at `index` paid, where it is stored. */
  prizesAt(index: number): Readonly<StoredDrawPrizes> | undefined {
    const draw = this.draws[index];
    return this.prizesByKey.get(keyOf(draw.date, roundOf(draw)));
  }

  /** The prizes answer of the draw at `index`, or undefined when its prizes are not stored. */
  prizesJson(index: number): string | undefined {
    const draw = this.draws[index];
    const key = keyOf(draw.date, roundOf(draw));
    let json = this.prizesJsonByKey.get(key);
    if (json === undefined) {
      const prizes = this.prizesByKey.get(key);
      if (!prizes) return undefined;
      const divisions = prizeDivisionsOn(this.record.rules, draw.date);
      json = JSON.stringify(toDrawPrizesView(this.record.tag, prizes, divisions, this.hasRounds(draw.date)));
      this.prizesJsonByKey.set(key, json);
    }
    return json;
  }

  /** How many draws have their prizes stored. */
  get prizesCount(): number {
    return this.prizesByKey.size;
  }

  /** The JSON of draws [start, end), comma-separated (the inside of an array). */
  drawsJson(start: number, end: number, order: NumberOrder): string {
    const parts: string[] = [];
    for (let i = start; i < end; i++) parts.push(this.drawJson(i, order));
    return parts.join(',');
  }

  /** The indices [start, end) of the draws dated from `from` to `to` (inclusive), by binary search. */
  range(from?: string, to?: string): [number, number] {
    // Dates are 'YYYY-MM-DD', so string order is date order; the array is newest first.
    const start = to === undefined ? 0 : this.firstIndexWhere((date) => date <= to);
    const end = from === undefined ? this.draws.length : this.firstIndexWhere((date) => date < from);
    return [start, Math.max(start, end)];
  }

  /** The first index whose date satisfies `test`, for a test that is false then true along the array. */
  private firstIndexWhere(test: (date: string) => boolean): number {
    let low = 0;
    let high = this.draws.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (test(this.draws[middle].date)) high = middle;
      else low = middle + 1;
    }
    return low;
  }
}
