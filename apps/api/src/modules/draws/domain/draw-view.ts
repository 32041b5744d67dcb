/** How each group of a draw's numbers is ordered: as drawn, or by ascending or descending value. */
export type NumberOrder = 'draw' | 'asc' | 'desc';

/** A stored draw: numbers in draw order (or as published when the source gives no order). */
export interface StoredDraw {
  date: string;
  /** Which draw of its date (contract section 10: rounds); absent means 1. */
  round?: number;
  main: number[];
  special: number[];
}

/** The round of a stored draw (1 when it has none). */
export const roundOf = (draw: Readonly<StoredDraw>): number => draw.round ?? 1;

/** One drawn number of the contract's Draw (the shape of DrawNumberDto). */
export interface DrawNumber {
  special: boolean;
  order: number;
  value: number;
}

/** The contract's Draw (the shape of DrawDto, which documents it). */
export interface DrawView {
  date: string;
  /** Only on draws of eras with more than one round, so single-round answers stay as the seed's. */
  round?: number;
  /** How many rounds of its date are stored: beside `round`, so that a client reading round 1 knows of round 2. */
  rounds?: number;
  numbers: DrawNumber[];
}

/**
 * The contract's Draw: main numbers first, then special ones. `order` is the stored position within its
 * group; `asc` and `desc` reorder each group by value without touching `order`. `withRound`: the draw's era has
 * more than one round, so the draw says which it is, and, where `rounds` is known (the read model's draws), how
 * many rounds its date has stored (contract section 10).
 */
export function toDrawDto(
  draw: StoredDraw,
  numberOrder: NumberOrder = 'draw',
  withRound = false,
  rounds?: number,
): DrawView {
  return {
    date: draw.date,
    ...(withRound ? { round: roundOf(draw) } : {}),
    ...(withRound && rounds !== undefined ? { rounds } : {}),
    numbers: [...group(draw.main, false, numberOrder), ...group(draw.special, true, numberOrder)],
  };
}

function group(values: number[], special: boolean, numberOrder: NumberOrder): DrawNumber[] {
  const numbers = values.map((value, order) => ({ special, order, value }));
  if (numberOrder === 'asc') numbers.sort((a, b) => a.value - b.value);
  if (numberOrder === 'desc') numbers.sort((a, b) => b.value - a.value);
  return numbers;
}
