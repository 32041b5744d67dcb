import type { DrawDto, DrawNumberDto } from './dto/draw.dto';

/** A stored draw: numbers in draw order (or as published when the source gives no order). */
export interface StoredDraw {
  date: string;
  main: number[];
  special: number[];
}

/**
 * The contract's Draw: main numbers first, then special ones. `order` is the stored position within its
 * group; `sorted` reorders each group by value without touching `order`.
 */
export function toDrawDto(draw: StoredDraw, sorted: boolean): DrawDto {
  return {
    date: draw.date,
    numbers: [...group(draw.main, false, sorted), ...group(draw.special, true, sorted)],
  };
}

function group(values: number[], special: boolean, sorted: boolean): DrawNumberDto[] {
  const numbers = values.map((value, order) => ({ special, order, value }));
  return sorted ? numbers.sort((a, b) => a.value - b.value) : numbers;
}
