import { EARLIEST_DRAW_DATE, invalidIsoDateMessage, isValidIsoDate } from '../../../common/dates/iso-date';
import { Messages } from '../../../common/errors/messages';
import {
  parsePrizePeriods,
  prizeBoundsOf,
  type PrizeDivision,
  type PrizePeriod,
  prizePeriodOn,
} from './prize-structure';

/** How many numbers a group holds and where they come from. */
export interface NumberGroupRule {
  count: number;
  min: number;
  max: number;
  /** false when the group's numbers come from separate pools and may coincide (SuperEnalotto's Jolly/SuperStar). */
  distinct: boolean;
  /**
   * Special groups only. `own`: the player chooses them on the ticket (Powerball, Lucky Stars, Superzahl); `main`:
   * they are drawn from the main pool and matched against the ticket's main numbers (bonus balls, supplementaries,
   * the Jolly). Absent means `own`.
   */
  pool?: SpecialPool;
  /** Special groups only: how many of the drawn specials count for prizes, in draw order (default: all). */
  counted?: number;
}

export type SpecialPool = 'own' | 'main';

/** The matrix in force from `from` until the next era starts. Lotteries change format over time. */
export interface RuleEra {
  /** YYYY-MM-DD */
  from: string;
  main: NumberGroupRule;
  /** null when draws of this era had no special number at all. */
  special: NumberGroupRule | null;
  /** The prize structures of the era, ascending; absent or empty when none is known. */
  prizes?: PrizePeriod[];
  /**
   * How many draws (rounds) a draw date has in this era, at most (UK Lotto's two rounds since 2026-06-10); absent
   * means 1. Only eras with more than one round show `round` on their draws (contract section 10).
   */
  rounds?: number;
}

/** The most rounds a rule era may declare: rounds are stored as smallint, and no game draws more on one date. */
export const MAX_ROUNDS = 100;

/** How many rounds the era in force on `date` has (1 outside any era). */
export function roundsOn(rules: readonly RuleEra[], date: string): number {
  return ruleEraOn(rules, date)?.rounds ?? 1;
}

/**
 * Why `round` cannot be a draw of `date`: the era in force then draws fewer rounds (an era without `rounds` draws
 * round 1 only). Null when it fits, and when no era is in force (validateDrawNumbers' to report). Worded for whom it
 * is reported to: `field`, the 400 naming `round` an administrator gets (contract section 10); `row`, a source's row
 * the sync rejects.
 */
export function roundProblem(
  rules: readonly RuleEra[],
  date: string,
  round: number,
  wording: 'field' | 'row',
): string | null {
  const rounds = roundsOn(rules, date);
  if (round <= rounds || ruleEraOn(rules, date) === undefined) return null;
  const has = rounds === 1 ? 'one round' : `${rounds} rounds`;
  return wording === 'field'
    ? Messages.invalidFieldProblem('round', `${date} has ${has} under the lottery's rules, got ${round}.`)
    : `round ${round} does not exist: ${date} has ${has} under the lottery's rules`;
}

/** The prize divisions in force on `date` (its era's prize structure then), or null where none is known. */
export function prizeDivisionsOn(rules: readonly RuleEra[], date: string): PrizeDivision[] | null {
  return prizePeriodOn(ruleEraOn(rules, date)?.prizes, date)?.divisions ?? null;
}

type GroupName = 'main' | 'special';

/** The era in force on `date`: the latest one that started on or before it. */
export function ruleEraOn(rules: readonly RuleEra[], date: string): RuleEra | undefined {
  let inForce: RuleEra | undefined;
  // Pick the latest start rather than trusting the array order, so unsorted input can't pick a stale era.
  for (const era of rules) {
    if (era.from <= date && (inForce === undefined || era.from > inForce.from)) inForce = era;
  }
  return inForce;
}

/**
 * The rules to present as "the" rules of a lottery today. A lottery announced before its first draw
 * still has a format to show, so fall back to the first (upcoming) era instead of nothing.
 */
export function currentEra(rules: readonly RuleEra[], today: string): RuleEra | undefined {
  return ruleEraOn(rules, today) ?? rules[0];
}

/** null when the draw fits the era in force on `date`, otherwise one message naming the first problem. */
export function validateDrawNumbers(
  rules: readonly RuleEra[],
  date: string,
  main: readonly number[],
  special: readonly number[],
): string | null {
  if (!isValidIsoDate(date)) return invalidIsoDateMessage(date);
  const era = ruleEraOn(rules, date);
  if (era === undefined) return `No rules are in force on ${date}.`;

  const mainProblem = checkGroup('main', era.main, main, date, era.from);
  if (mainProblem !== null) return mainProblem;

  if (era.special === null) {
    if (special.length === 0) return null;
    const firstWithSpecial = rules.find((r) => r.from > era.from && r.special !== null);
    return firstWithSpecial
      ? `Special numbers are not allowed for draws before ${firstWithSpecial.from}.`
      : `Special numbers are not allowed for draws from ${era.from}.`;
  }
  return checkGroup('special', era.special, special, date, era.from);
}

function checkGroup(
  group: GroupName,
  rule: NumberGroupRule,
  values: readonly number[],
  date: string,
  eraFrom: string,
): string | null {
  const label = capitalize(group);
  if (values.length !== rule.count) {
    return `Expected ${rule.count} ${group} ${plural('number', rule.count)} on ${date}, got ${values.length}.`;
  }
  for (const value of values) {
    if (!Number.isInteger(value)) return `${label} number ${value} is not an integer.`;
    if (value < rule.min || value > rule.max) {
      return `${label} number ${value} is out of range ${rule.min}-${rule.max} for draws from ${eraFrom}.`;
    }
  }
  if (rule.distinct) {
    const seen = new Set<number>();
    for (const value of values) {
      if (seen.has(value)) return `${label} number ${value} is repeated.`;
      seen.add(value);
    }
  }
  return null;
}

/**
 * Checks rule eras typed in by an admin before they are stored: a bad era would otherwise make
 * every draw of its period either unrecordable or silently accepted.
 */
export function validateRuleEras(rules: readonly RuleEra[]): string | null {
  if (!Array.isArray(rules) || rules.length === 0) return 'At least one rule era is required.';
  let previous: RuleEra | undefined;
  for (const [index, era] of rules.entries()) {
    const where = `Rule era ${index + 1}`;
    if (!isValidIsoDate(era.from)) {
      return `${where}: invalid 'from' date '${String(era.from)}'. Expected 'YYYY-MM-DD' format.`;
    }
    if (era.from < EARLIEST_DRAW_DATE) return `${where}: 'from' cannot be before ${EARLIEST_DRAW_DATE}.`;
    if (previous !== undefined && era.from <= previous.from) {
      return `${where}: 'from' ${era.from} must be later than the previous era's ${previous.from}.`;
    }
    const mainProblem = checkGroupRule(era.main);
    if (mainProblem !== null) return `${where} (from ${era.from}): main ${mainProblem}`;
    if (era.special !== null) {
      const specialProblem = checkGroupRule(era.special);
      if (specialProblem !== null) return `${where} (from ${era.from}): special ${specialProblem}`;
    }
    if (
      era.rounds !== undefined &&
      (!Number.isInteger(era.rounds) || era.rounds < 1 || era.rounds > MAX_ROUNDS)
    )
      return `${where} (from ${era.from}): rounds must be a whole number from 1 to ${MAX_ROUNDS}.`;
    // Again here: a change of the groups (a patch of `main`) must still fit the divisions the era holds.
    if (era.prizes !== undefined) {
      const prizes = parsePrizePeriods(era.prizes, prizeBoundsOf(era));
      if ('problem' in prizes) return `${where} (from ${era.from}): ${prizes.problem}`;
    }
    previous = era;
  }
  return null;
}

/**
 * Returns the tail of a sentence that starts with the group name, or null when the rule is sound.
 * Exported so that admin input can be checked group by group, naming the field at fault.
 */
export function checkGroupRule(rule: NumberGroupRule | null | undefined): string | null {
  // Admin input arrives as JSON, so guard the shape the type promises.
  if (typeof rule !== 'object' || rule === null) return 'rule is missing.';
  const { count, min, max, distinct } = rule;
  if (!Number.isInteger(count) || count < 1)
    return `count must be a whole number of at least 1, got ${count}.`;
  if (!Number.isInteger(min) || min < 0) return `min must be a whole number of at least 0, got ${min}.`;
  if (!Number.isInteger(max)) return `max must be a whole number, got ${max}.`;
  if (min > max) return `min ${min} is greater than max ${max}.`;
  if (typeof distinct !== 'boolean') return `distinct must be true or false.`;
  const poolSize = max - min + 1;
  if (distinct && poolSize < count) {
    return `needs ${count} distinct ${plural('number', count)} but ${min}-${max} holds only ${poolSize}.`;
  }
  const { pool, counted } = rule;
  if (pool !== undefined && pool !== 'own' && pool !== 'main') return `pool must be 'own' or 'main'.`;
  if (counted !== undefined && (!Number.isInteger(counted) || counted < 1 || counted > count))
    return `counted must be a whole number from 1 to ${count}.`;
  return null;
}

function capitalize(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

function plural(word: string, count: number): string {
  return count === 1 ? word : `${word}s`;
}
