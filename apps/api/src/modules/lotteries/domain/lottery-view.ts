import { freshnessOf, nextDrawOf, retiredFreshness, type Freshness, type NextDraw } from './draw-freshness';
import type { DrawSchedule } from './draw-schedule';
import { calendarDateIn } from './local-date';
import type { LotteryRecord } from './lottery-record';
import { currentEra, type NumberGroupRule, type RuleEra, type SpecialPool } from './lottery-rules';
import type { PrizePeriod } from './prize-structure';

// The shapes of the contract's Lottery (documented for OpenAPI by LotteryDto and its parts in lotteries/dto/).

/** How many numbers a group holds and from which range (NumberGroupDto). */
export interface NumberGroupView {
  count: number;
  min: number;
  max: number;
  distinct: boolean;
}

/** A special group: where its numbers come from (SpecialRuleDto). */
export interface SpecialRuleView extends NumberGroupView {
  pool: SpecialPool;
  counted?: number;
}

/** The rules in force from `from` until the next era starts (RuleEraDto). */
export interface RuleEraView {
  from: string;
  main: NumberGroupView;
  special: SpecialRuleView | null;
  prizes: PrizePeriod[];
  /** Present only where a draw date has more than one round. */
  rounds?: number;
}

/** A lottery as the API shows it (LotteryDto). */
export interface LotteryView {
  tag: string;
  name: string;
  country: string;
  timezone: string;
  main: NumberGroupView;
  special: (SpecialRuleView & { name: string | null }) | null;
  draws: { count: number; first: string | null; last: string | null };
  /** `retired`: the game has ended (on `retiredOn`); its history is still served. */
  status: 'active' | 'retired';
  retiredOn?: string;
  rules: RuleEraView[];
  drawOrder: boolean;
  source: string | null;
  operator: string | null;
  terms: string | null;
  schedule: DrawSchedule | null;
  /** Absent for a retired game. */
  nextDraw?: NextDraw | null;
  freshness: Freshness | null;
}

/** The API view of a lottery: `main`/`special` at the top are the rules in force today, in the lottery's zone. */
export function toLotteryDto(record: LotteryRecord, now: Date): LotteryView {
  const era = currentEra(record.rules, calendarDateIn(record.timezone, now));
  // rules always holds at least one era (validated on every write), so `era` is only undefined for corrupt rows.
  const main = era ? group(era.main) : { count: 0, min: 0, max: 0, distinct: true };
  return {
    tag: record.tag,
    name: record.name,
    country: record.country,
    timezone: record.timezone,
    main,
    special: era?.special ? { ...specialGroup(era.special), name: record.specialName } : null,
    draws: { count: record.drawCount, first: record.firstDraw, last: record.lastDraw },
    ...(record.retiredOn === null
      ? { status: 'active' as const }
      : { status: 'retired' as const, retiredOn: record.retiredOn }),
    rules: record.rules.map(toRuleEraDto),
    drawOrder: record.drawOrder,
    source: record.source,
    operator: record.operator,
    terms: record.terms,
    schedule: record.schedule ? copySchedule(record.schedule) : null,
    ...(record.retiredOn === null
      ? { nextDraw: record.schedule ? nextDrawOf(record.schedule, now) : null }
      : {}),
    freshness: lotteryFreshness(record, now),
  };
}

/** How current the lottery's draws are (null without a schedule); a retired game is always current. */
export function lotteryFreshness(record: LotteryRecord, now: Date): Freshness | null {
  if (record.retiredOn !== null) return retiredFreshness(record.lastDraw);
  return record.schedule ? freshnessOf(record.schedule, record.lastDraw, now) : null;
}

function copySchedule(schedule: DrawSchedule): DrawSchedule {
  return {
    publicationWindowMinutes: schedule.publicationWindowMinutes,
    eras: schedule.eras.map(({ from, timezone, weekdays, time, times }) => ({
      from,
      timezone,
      weekdays: [...weekdays],
      time,
      ...(times ? { times: { ...times } } : {}),
    })),
  };
}

function toRuleEraDto(era: RuleEra): RuleEraView {
  return {
    from: era.from,
    main: group(era.main),
    special: era.special ? specialGroup(era.special) : null,
    prizes: (era.prizes ?? []).map(copyPrizePeriod),
    ...(era.rounds !== undefined && era.rounds > 1 ? { rounds: era.rounds } : {}),
  };
}

function specialGroup(rule: NumberGroupRule): SpecialRuleView {
  return {
    ...group(rule),
    pool: rule.pool ?? 'own',
    ...(rule.counted !== undefined ? { counted: rule.counted } : {}),
  };
}

function copyPrizePeriod({ from, source, note, divisions }: PrizePeriod): PrizePeriod {
  return {
    from,
    source,
    ...(note ? { note } : {}),
    divisions:
      divisions?.map(({ rank, main, special, specialAtLeast, prize }) => ({
        rank,
        main,
        ...(special !== undefined ? { special } : {}),
        ...(specialAtLeast !== undefined ? { specialAtLeast } : {}),
        prize: { ...prize },
      })) ?? null,
  };
}

// Copies only the known keys, so nothing else stored in the jsonb column leaks into responses.
function group(rule: NumberGroupRule): NumberGroupView {
  return { count: rule.count, min: rule.min, max: rule.max, distinct: rule.distinct };
}
