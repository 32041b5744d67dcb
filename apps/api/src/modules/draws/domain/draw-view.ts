import type { NumberOrder } from './dto/draw-query.dto';
import type { DrawDto, DrawNumberDto } from './dto/draw.dto';

/** A stored draw: numbers in draw order (or as published when the source gives no order). */
export interface StoredDraw {
  date: string;
  main: number[];
  special: number[];
}

/**
 * The contract's Draw: main numbers first, then special ones. `order` is the stored position within its
 * group; `asc` and `desc` reorder each group by value without touching `order`.
 */
export function toDrawDto(draw: StoredDraw, numberOrder: NumberOrder = 'draw'): DrawDto {
  return {
    date: draw.date,
    numbers: [...group(draw.main, false, numberOrder), ...group(draw.special, true, numberOrder)],
  };
}

function group(values: number[], special: boolean, numberOrder: NumberOrder): DrawNumberDto[] {
  const numbers = values.map((value, order) => ({ special, order, value }));
  if (numberOrder === 'asc') numbers.sort((a, b) => a.value - b.value);
  if (numberOrder === 'desc') numbers.sort((a, b) => b.value - a.value);
  return numbers;
}
