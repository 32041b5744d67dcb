import type { AdminDraw } from '../../../app/api-types';
import { LotteryApiError } from '@lottery-results/sdk';
import { inPortalWords } from '../../../app/errors';
import { apiFieldErrors, type FieldErrors } from '../../../app/field-errors';

/** A draw's numbers as its form holds them: each group as typed, in draw order ("7 18 49 46 15"). */
export interface DrawValues {
  main: string;
  special: string;
}

export type DrawField = keyof DrawValues;

/** A group of numbers in draw order, as the form shows it: "7 18 49 46 15". */
export const groupText = (draw: AdminDraw, special: boolean): string =>
  draw.numbers
    .filter((n) => n.special === special)
    .sort((a, b) => a.order - b.order)
    .map((n) => n.value)
    .join(' ');

export function drawValuesOf(draw: AdminDraw): DrawValues {
  return { main: groupText(draw, false), special: groupText(draw, true) };
}

/** "7, 18 49" → [7, 18, 49]; null when something else than whole numbers was typed. */
function parseNumbers(text: string): number[] | null {
  const parts = text.split(/[\s,;]+/).filter(Boolean);
  return parts.every((part) => /^\d+$/.test(part)) ? parts.map(Number) : null;
}

const NOT_NUMBERS = 'Type whole numbers separated by spaces, in the order they were drawn.';

/**
 * What is wrong before sending, field by field: only what is not a list of whole numbers. Whether they fit the
 * rules of the draw's date is the API's to say.
 */
export function drawErrors(values: DrawValues): FieldErrors<DrawField> {
  const errors: FieldErrors<DrawField> = {};
  if (parseNumbers(values.main) === null) errors.main = NOT_NUMBERS;
  if (parseNumbers(values.special) === null) errors.special = NOT_NUMBERS;
  return errors;
}

/** PUT /admin/lotteries/{tag}/draws/{date}'s body; only for values that drawErrors accepts. */
export function drawBody(values: DrawValues): { main: number[]; special: number[] } {
  return { main: parseNumbers(values.main) ?? [], special: parseNumbers(values.special) ?? [] };
}

/** What the dialog says once saved: "The draw of 2026-01-03 now holds 1 2 3 4 5 + 6." */
export function savedMessage(date: string, body: { main: number[]; special: number[] }): string {
  const special = body.special.length ? ` + ${body.special.join(' ')}` : '';
  return `The draw of ${date} now holds ${body.main.join(' ')}${special}.`;
}

/**
 * The API's refusal at the group it is about: its rule checks name it ("Main number 60 is out of range 1-59 …",
 * "Expected 2 special numbers on …", "Special numbers are not allowed …"), as do its 400s (`Invalid 'main'
 * value. …`). Anything else (no rules on that date, the draw gone) is the form's.
 */
export function drawRefusal(error: unknown): FieldErrors<DrawField> {
  if (error instanceof LotteryApiError && error.status === 400) {
    const group = /^(?:(main|special) numbers? |expected \d+ (main|special) )/i.exec(error.message);
    const field = (group?.[1] ?? group?.[2])?.toLowerCase() as DrawField | undefined;
    if (field) return inPortalWords({ [field]: error.message });
  }
  return inPortalWords(apiFieldErrors(error, ['main', 'special'] as const));
}
