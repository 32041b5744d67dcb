import { EARLIEST_DRAW_DATE } from '../../common/dates/iso-date';
import { ApiError } from '../../common/errors/api-error';
import { Messages } from '../../common/errors/messages';
import {
  checkGroupRule,
  NumberGroupRule,
  RuleEra,
  ruleEraOn,
  validateRuleEras,
} from './domain/lottery-rules';
import { parsePrizePeriods, prizeBoundsOf } from './domain/prize-structure';

/** Draw numbers are stored as smallint. */
const MAX_STORABLE_NUMBER = 32_767;

/** The rule fields of a create or patch body, as received (their shapes are untrusted JSON). */
export interface LotteryRulesInput {
  main?: unknown;
  special?: unknown;
  rules?: unknown[];
}

export interface BuiltRules {
  rules: RuleEra[];
  /** The new special-number name, or undefined to keep the current one. */
  specialName?: string | null;
}

/**
 * Turns admin input into a validated rule history.
 * - `rules` replaces the history (`existing` on a patch, nothing on a create);
 * - `main`/`special` then replace the groups of the era in force on `today`; without any history they make
 *   the single era from 1800-01-01 that a lottery created without `rules` gets.
 * Throws a 400 naming the field at fault.
 */
export function buildLotteryRules(
  input: LotteryRulesInput,
  existing: RuleEra[] | null,
  today: string,
): BuiltRules {
  let rules = input.rules === undefined ? existing : input.rules.map((era, i) => toRuleEra(era, i));
  const main = input.main === undefined ? undefined : toGroup(input.main, 'main');
  const special =
    input.special === undefined
      ? undefined
      : input.special === null
        ? null
        : toGroup(input.special, 'special');

  if (rules === null) {
    if (main === undefined) {
      throw ApiError.badRequest(Messages.invalidField('main', 'an object {count, min, max, distinct}'));
    }
    rules = [{ from: EARLIEST_DRAW_DATE, main, special: special ?? null }];
  } else if (main !== undefined || special !== undefined) {
    rules = replaceCurrentGroups(rules, today, main, special);
  }

  const problem = validateRuleEras(rules);
  if (problem !== null) throw ApiError.badRequest(Messages.invalidFieldProblem('rules', problem));
  return { rules, specialName: specialNameOf(input.special) };
}

function replaceCurrentGroups(
  rules: RuleEra[],
  today: string,
  main: NumberGroupRule | undefined,
  special: NumberGroupRule | null | undefined,
): RuleEra[] {
  // The era in force today, or the first one for a lottery whose rules only start in the future.
  const current = ruleEraOn(rules, today) ?? rules[0];
  return rules.map((era) =>
    era === current
      ? { ...era, main: main ?? era.main, special: special === undefined ? era.special : special }
      : era,
  );
}

function specialNameOf(special: unknown): string | null | undefined {
  if (special === undefined) return undefined;
  if (special === null) return null;
  const name = (special as Record<string, unknown>)['name'];
  if (name === undefined) return undefined;
  if (name !== null && (typeof name !== 'string' || name.length > 64)) {
    throw ApiError.badRequest(
      Messages.invalidField('special.name', 'a text of at most 64 characters, or null'),
    );
  }
  return typeof name === 'string' && name.trim() !== '' ? name.trim() : null;
}

function toRuleEra(value: unknown, index: number): RuleEra {
  const where = `rules[${index}]`;
  if (!isRecord(value))
    throw ApiError.badRequest(
      Messages.invalidField(where, 'an object {from, main, special, prizes?, rounds?}'),
    );
  const special = value['special'];
  const era: RuleEra = {
    // validateRuleEras checks the date and reports it as "Rule era n".
    from: value['from'] as string,
    main: toGroup(value['main'], `${where}.main`),
    special: special === undefined || special === null ? null : toGroup(special, `${where}.special`),
    // validateRuleEras checks the value and reports it as "Rule era n".
    ...(value['rounds'] !== undefined ? { rounds: value['rounds'] as number } : {}),
  };
  if (value['prizes'] === undefined) return era;
  const parsed = parsePrizePeriods(value['prizes'], prizeBoundsOf(era));
  if ('problem' in parsed) throw ApiError.badRequest(Messages.invalidFieldProblem(where, parsed.problem));
  return { ...era, prizes: parsed.periods };
}

/** Keeps only the rule's own keys (the stored jsonb holds nothing else); `distinct` defaults to true. */
function toGroup(value: unknown, field: string): NumberGroupRule {
  if (!isRecord(value))
    throw ApiError.badRequest(Messages.invalidField(field, 'an object {count, min, max, distinct}'));
  const group = {
    count: value['count'],
    min: value['min'],
    max: value['max'],
    distinct: value['distinct'] ?? true,
    ...(value['pool'] !== undefined ? { pool: value['pool'] } : {}),
    ...(value['counted'] !== undefined ? { counted: value['counted'] } : {}),
  } as NumberGroupRule;
  const problem = checkGroupRule(group);
  if (problem !== null) throw ApiError.badRequest(Messages.invalidFieldProblem(field, problem));
  if (group.max > MAX_STORABLE_NUMBER) {
    throw ApiError.badRequest(
      Messages.invalidFieldProblem(field, `max must be at most ${MAX_STORABLE_NUMBER}.`),
    );
  }
  return group;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
