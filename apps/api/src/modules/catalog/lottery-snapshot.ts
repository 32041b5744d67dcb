import { type NumberOrder, type StoredDraw, toDrawDto } from '../draws/domain/draw-view';
import type { LotteryRecord } from '../lotteries/domain/lottery-record';

/** The lottery's columns, without the figures derived from its draws. */
export type LotteryColumns = Omit<LotteryRecord, 'drawCount' | 'firstDraw' | 'lastDraw'>;

/**
 * One lottery as the metered reads need it, built once per change: its draws newest first, each draw's JSON ready
 * to send once it has been asked for (per number order), and its derived figures.
 */
export class LotterySnapshot {
  readonly record: LotteryRecord;
  private readonly indexByDate: Map<string, number>;
  private readonly json: Record<NumberOrder, (string | undefined)[]>;

  /** `draws` newest first. */
  constructor(
    columns: LotteryColumns,
    private readonly draws: StoredDraw[],
  ) {
    this.record = {
      ...columns,
      drawCount: draws.length,
      firstDraw: draws.at(-1)?.date ?? null,
      lastDraw: draws[0]?.date ?? null,
    };
    this.indexByDate = new Map(draws.map((draw, index) => [draw.date, index]));
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

  indexOf(date: string): number | undefined {
    return this.indexByDate.get(date);
  }

  /** The JSON of the draw at `index` (0 = the latest). */
  drawJson(index: number, order: NumberOrder): string {
    const cache = this.json[order];
    return (cache[index] ??= JSON.stringify(toDrawDto(this.draws[index], order)));
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
