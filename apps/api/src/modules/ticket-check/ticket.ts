import { ApiError } from '../../common/errors/api-error';
import { Messages } from '../../common/errors/messages';
import type { NumberGroupRule, RuleEra } from '../lotteries/domain/lottery-rules';

/** A line as played: main numbers, and the specials chosen on it where the lottery has its own special pool. */
export interface Ticket {
  main: number[];
  special: number[] | null;
}

/** More than any lottery draws in a group: longer arrays are refused before anything else looks at them. */
const MAX_NUMBERS = 20;

/** Shapes of the body's tickets (arrays of integers), or a 400 naming the first ticket and field at fault. */
export function readTickets(raw: readonly unknown[]): Ticket[] {
  return raw.map((value, index) => {
    const at = `tickets[${index}]`;
    if (typeof value !== 'object' || value === null || Array.isArray(value))
      throw ApiError.badRequest(Messages.invalidField(at, 'an object {main, special?}'));
    const record = value as Record<string, unknown>;
    return {
      main: readNumbers(record['main'], `${at}.main`),
      special: record['special'] === undefined ? null : readNumbers(record['special'], `${at}.special`),
    };
  });
}

function readNumbers(value: unknown, field: string): number[] {
  if (!Array.isArray(value) || value.length > MAX_NUMBERS || !value.every((n) => Number.isInteger(n)))
    throw ApiError.badRequest(Messages.invalidField(field, `an array of at most ${MAX_NUMBERS} integers`));
  return value as number[];
}

/**
 * The first problem of a ticket under one rule era (the counts, ranges and distinctness of its draws; `special`
 * only where the player chooses specials, `pool: 'own'`), as the 400's message naming the ticket and the field;
 * null when the ticket fits the era.
 */
export function ticketProblem(
  ticket: Ticket,
  index: number,
  era: RuleEra,
  lotteryTag: string,
): string | null {
  const at = `tickets[${index}]`;
  const mainProblem = problemIn(ticket.main, era.main, `${at}.main`, era.from);
  if (mainProblem !== null) return mainProblem;
  const special = era.special;
  // Draws of an era without specials are checked on the main numbers alone (a range may span such an era).
  if (special === null) return null;
  if ((special.pool ?? 'own') === 'main') {
    if (ticket.special !== null && ticket.special.length > 0)
      return Messages.invalidFieldProblem(
        `${at}.special`,
        `${lotteryTag}'s special numbers are drawn from the main pool and match the main numbers; send the main numbers only.`,
      );
    return null;
  }
  return problemIn(ticket.special ?? [], special, `${at}.special`, era.from);
}

/**
 * The one 400 for every ticket that fits none of the checked eras (contract section 9): each ticket's problem, in
 * ticket order, joined with "; " (one ticket at fault: its message alone, as before).
 */
export function ticketsAtFault(problems: readonly string[]): ApiError {
  return ApiError.badRequest(problems.join(TICKET_PROBLEM_SEPARATOR));
}

/** Between the problems of several tickets in one 400's message. */
export const TICKET_PROBLEM_SEPARATOR = '; ';

function problemIn(
  values: readonly number[],
  rule: NumberGroupRule,
  field: string,
  eraFrom: string,
): string | null {
  const fail = (problem: string) => Messages.invalidFieldProblem(field, problem);
  const rules = `the rules from ${eraFrom}`;
  if (values.length !== rule.count)
    return fail(
      `expected ${rule.count} ${rule.count === 1 ? 'number' : 'numbers'} from ${rule.min} to ${rule.max} (${rules}), got ${values.length}.`,
    );
  for (const value of values)
    if (value < rule.min || value > rule.max)
      return fail(`${value} is out of range ${rule.min}-${rule.max} (${rules}).`);
  if (rule.distinct && new Set(values).size !== values.length) {
    const repeated = values.find((value, i) => values.indexOf(value) !== i);
    return fail(`${repeated} is repeated.`);
  }
  return null;
}
