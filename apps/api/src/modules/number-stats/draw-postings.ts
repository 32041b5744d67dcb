import type { StoredDraw } from '../draws/domain/draw-view';

/**
 * For each value, the positions of the draws that hold it (draws newest first, positions ascending), main and special
 * apart: a window's count is two binary searches, its gaps a walk over the value's own appearances. Built once per
 * read-model snapshot.
 */
export class DrawPostings {
  readonly main: Map<number, Int32Array>;
  readonly special: Map<number, Int32Array>;

  constructor(draws: readonly Readonly<StoredDraw>[]) {
    this.main = postings(draws, (draw) => draw.main);
    this.special = postings(draws, (draw) => draw.special);
  }
}

function postings(
  draws: readonly Readonly<StoredDraw>[],
  group: (draw: Readonly<StoredDraw>) => readonly number[],
): Map<number, Int32Array> {
  const lists = new Map<number, number[]>();
  for (const [position, draw] of draws.entries()) {
    // A value appears once per draw for the statistics, even where a group may repeat it (SuperEnalotto).
    for (const value of new Set(group(draw))) {
      let list = lists.get(value);
      if (!list) lists.set(value, (list = []));
      list.push(position);
    }
  }
  return new Map([...lists].map(([value, list]) => [value, Int32Array.from(list)]));
}

/** One value's figures over the window of positions [start, end) (newest first), as the contract defines them. */
export interface ValueStats {
  value: number;
  count: number;
  frequency: number;
  lastDrawn: string | null;
  drawsSince: number;
  longestGap: number;
}

export function valueStats(
  value: number,
  positions: Int32Array | undefined,
  start: number,
  end: number,
  dateAt: (position: number) => string,
): ValueStats {
  const draws = end - start;
  const first = positions ? lowerBound(positions, start) : 0;
  const last = positions ? lowerBound(positions, end) : 0;
  const count = last - first;
  if (!positions || count === 0)
    return { value, count: 0, frequency: 0, lastDrawn: null, drawsSince: draws, longestGap: draws };
  // positions[first] is the newest appearance in the window: the draws before it (newer) came since.
  let longestGap = Math.max(positions[first] - start, end - 1 - positions[last - 1]);
  for (let i = first + 1; i < last; i++)
    longestGap = Math.max(longestGap, positions[i] - positions[i - 1] - 1);
  return {
    value,
    count,
    frequency: count / draws,
    lastDrawn: dateAt(positions[first]),
    drawsSince: positions[first] - start,
    longestGap,
  };
}

/** The first index whose position is at least `target`. */
function lowerBound(positions: Int32Array, target: number): number {
  let low = 0;
  let high = positions.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (positions[middle] < target) low = middle + 1;
    else high = middle;
  }
  return low;
}
