import type { CreateLotteryDto, UpdateLotteryDto } from '@lottery-results/sdk';
import type { Lottery } from '../../app/api-types';
import { inPortalWords } from '../../app/errors';
import { apiFieldErrors, type FieldErrors } from '../../app/field-errors';

/** The number rules as the lottery forms show them: text inputs, and whether special numbers are drawn. */
/** A number group as the admin pages write it: "5 of 1–69"; '—' for none. */
export function numberGroupText(
  group: { count: number; min: number; max: number } | null | undefined,
): string {
  return group ? `${group.count} of ${group.min}–${group.max}` : '—';
}

export interface RulesValues {
  mainCount: string;
  mainMin: string;
  mainMax: string;
  hasSpecial: boolean;
  specialCount: string;
  specialMin: string;
  specialMax: string;
  specialName: string;
}

/** Who runs the game and the terms its results are published under: free texts, empty for none. */
export interface FactsValues {
  operator: string;
  terms: string;
}

/** The API's limits on those texts. */
export const OPERATOR_MAX = 200;
export const TERMS_MAX = 500;

export interface NewLotteryValues extends RulesValues, FactsValues {
  tag: string;
  name: string;
  country: string;
  timezone: string;
}

export interface EditLotteryValues extends RulesValues, FactsValues {
  name: string;
}

export type FormErrors<V> = Partial<Record<keyof V & string, string>>;

export function newLotteryValues(timezone = 'UTC'): NewLotteryValues {
  return {
    tag: '',
    name: '',
    country: '',
    timezone,
    operator: '',
    terms: '',
    mainCount: '5',
    mainMin: '1',
    mainMax: '50',
    hasSpecial: false,
    specialCount: '1',
    specialMin: '1',
    specialMax: '10',
    specialName: '',
  };
}

/** The edit form's starting values: the lottery's name, operator and terms, and the rules in force today. */
export function editLotteryValues(lottery: Lottery): EditLotteryValues {
  const special = lottery.special;
  return {
    name: lottery.name,
    operator: lottery.operator ?? '',
    terms: lottery.terms ?? '',
    mainCount: String(lottery.main.count),
    mainMin: String(lottery.main.min),
    mainMax: String(lottery.main.max),
    hasSpecial: special !== null,
    specialCount: String(special?.count ?? 1),
    specialMin: String(special?.min ?? 1),
    specialMax: String(special?.max ?? 10),
    specialName: special?.name ?? '',
  };
}

const WHOLE = /^\d+$/;
const int = (text: string) => Number.parseInt(text.trim(), 10);

/** What is wrong with one group of numbers, field by field, in the form's words. */
function groupErrors(
  count: string,
  min: string,
  max: string,
  distinct: boolean,
): { count?: string; min?: string; max?: string } {
  const errors: { count?: string; min?: string; max?: string } = {};
  if (!WHOLE.test(count.trim()) || int(count) < 1) errors.count = 'Enter a whole number, 1 or more.';
  if (!WHOLE.test(min.trim())) errors.min = 'Enter a whole number, 0 or more.';
  if (!WHOLE.test(max.trim())) errors.max = 'Enter a whole number.';
  else if (!errors.min && int(max) <= int(min)) errors.max = 'Enter a number above the lowest.';
  if (!errors.count && !errors.min && !errors.max && distinct && int(count) > int(max) - int(min) + 1)
    errors.count = `Only ${int(max) - int(min) + 1} different numbers lie from the lowest to the highest.`;
  return errors;
}

/**
 * The rules' problems before anything is sent. `distinct`: whether each group's numbers are all different (as in
 * nearly every lottery, and a new one), which caps how many can be drawn from its range.
 */
export function rulesErrors(
  values: RulesValues,
  distinct: { main: boolean; special: boolean } = { main: true, special: true },
): FormErrors<RulesValues> {
  const main = groupErrors(values.mainCount, values.mainMin, values.mainMax, distinct.main);
  const errors: FormErrors<RulesValues> = { mainCount: main.count, mainMin: main.min, mainMax: main.max };
  if (values.hasSpecial) {
    const special = groupErrors(values.specialCount, values.specialMin, values.specialMax, distinct.special);
    Object.assign(errors, { specialCount: special.count, specialMin: special.min, specialMax: special.max });
  }
  return withoutEmpty(errors);
}

/** The operator and the terms are optional; only their length is checked (as sent: trimmed). */
function factsErrors(values: FactsValues): FormErrors<FactsValues> {
  return {
    operator:
      values.operator.trim().length > OPERATOR_MAX
        ? `Keep the operator to ${OPERATOR_MAX} characters at most.`
        : undefined,
    terms:
      values.terms.trim().length > TERMS_MAX
        ? `Keep the terms to ${TERMS_MAX} characters at most.`
        : undefined,
  };
}

export function newLotteryErrors(values: NewLotteryValues): FormErrors<NewLotteryValues> {
  const errors: FormErrors<NewLotteryValues> = {
    tag: values.tag.trim() ? undefined : 'Enter a tag.',
    name: values.name.trim() ? undefined : 'Enter a name.',
    country: values.country.trim() ? undefined : 'Enter a country code.',
    timezone: values.timezone.trim() ? undefined : 'Enter a time zone.',
    ...factsErrors(values),
  };
  return withoutEmpty({ ...errors, ...rulesErrors(values) });
}

export function editLotteryErrors(
  values: EditLotteryValues,
  lottery: Lottery,
): FormErrors<EditLotteryValues> {
  const distinct = { main: lottery.main.distinct, special: lottery.special?.distinct ?? true };
  return withoutEmpty({
    name: values.name.trim() ? undefined : 'Enter a name.',
    ...factsErrors(values),
    ...rulesErrors(values, distinct),
  });
}

function withoutEmpty<E extends Record<string, string | undefined>>(errors: E): E {
  return Object.fromEntries(Object.entries(errors).filter(([, message]) => message)) as E;
}

/**
 * The API's refusal at the field it names (`Invalid 'operator' value. …`), in the portal's words; anything else
 * (a rule a stored draw breaks, a tag already taken) is the form's.
 */
export function lotteryRefusal<F extends string>(error: unknown, fields: readonly F[]): FieldErrors<F> {
  return inPortalWords(apiFieldErrors(error, fields));
}

/** A free text as the API takes it: trimmed, and null when empty (which clears it). */
const textOrNull = (text: string): string | null => text.trim() || null;

/** `{ [field]: text }` when the text differs from the lottery's (trimmed, empty → null), so that null clears it. */
function changedText(
  field: keyof FactsValues,
  text: string,
  lottery: Lottery,
): Partial<Record<keyof FactsValues, string | null>> {
  const next = textOrNull(text);
  return next === textOrNull(lottery[field] ?? '') ? {} : { [field]: next };
}

export function createLotteryBody(values: NewLotteryValues): CreateLotteryDto {
  return {
    tag: values.tag.trim(),
    name: values.name.trim(),
    country: values.country.trim(),
    timezone: values.timezone.trim(),
    operator: textOrNull(values.operator),
    terms: textOrNull(values.terms),
    main: { count: int(values.mainCount), min: int(values.mainMin), max: int(values.mainMax) },
    special: values.hasSpecial
      ? {
          count: int(values.specialCount),
          min: int(values.specialMin),
          max: int(values.specialMax),
          name: values.specialName.trim() || null,
        }
      : null,
  };
}

/**
 * The PATCH body: the name and the groups of the rules in force today. What the form does not show is sent as
 * it is (whether numbers may repeat, the specials' pool and how many count), since the API would otherwise reset
 * it to its defaults. The operator and the terms are sent only when changed (an emptied one as null, which
 * clears it): an untouched form leaves them as they are.
 */
export function updateLotteryBody(values: EditLotteryValues, lottery: Lottery): UpdateLotteryDto {
  const special = lottery.special;
  const specialCount = int(values.specialCount);
  return {
    name: values.name.trim(),
    ...changedText('operator', values.operator, lottery),
    ...changedText('terms', values.terms, lottery),
    main: {
      count: int(values.mainCount),
      min: int(values.mainMin),
      max: int(values.mainMax),
      distinct: lottery.main.distinct,
    },
    special: values.hasSpecial
      ? {
          count: specialCount,
          min: int(values.specialMin),
          max: int(values.specialMax),
          name: values.specialName.trim() || null,
          ...(special ? { distinct: special.distinct, pool: special.pool } : {}),
          // "How many count for prizes" cannot exceed how many are drawn: with fewer drawn, all of them count.
          ...(special?.counted !== undefined && special.counted <= specialCount
            ? { counted: special.counted }
            : {}),
        }
      : null,
  };
}
