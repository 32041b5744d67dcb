import { currentEra, NumberGroupRule, RuleEra } from '../draws/domain/lottery-rules';
import type {
  LotteryDto,
  NumberGroupDto,
  PrizePeriodDto,
  RuleEraDto,
  SpecialRuleDto,
} from './dto/lottery.dto';
import type { PrizePeriod } from '../draws/domain/prize-structure';
import { calendarDateIn } from './local-date';
import type { LotteryRecord } from './lottery-record';
import { freshnessOf, nextDrawOf } from './schedule/draw-freshness';
import type { DrawSchedule } from './schedule/draw-schedule';

/** The API view of a lottery: `main`/`special` at the top are the rules in force today, in the lottery's zone. */
export function toLotteryDto(record: LotteryRecord, now: Date): LotteryDto {
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
    rules: record.rules.map(toRuleEraDto),
    drawOrder: record.drawOrder,
    source: record.source,
    schedule: record.schedule ? copySchedule(record.schedule) : null,
    nextDraw: record.schedule ? nextDrawOf(record.schedule, now) : null,
    freshness: record.schedule ? freshnessOf(record.schedule, record.lastDraw, now) : null,
  };
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

function toRuleEraDto(era: RuleEra): RuleEraDto {
  return {
    from: era.from,
    main: group(era.main),
    special: era.special ? specialGroup(era.special) : null,
    prizes: (era.prizes ?? []).map(copyPrizePeriod),
  };
}

function specialGroup(rule: NumberGroupRule): SpecialRuleDto {
  return {
    ...group(rule),
    pool: rule.pool ?? 'own',
    ...(rule.counted !== undefined ? { counted: rule.counted } : {}),
  };
}

function copyPrizePeriod({ from, source, note, divisions }: PrizePeriod): PrizePeriodDto {
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
function group(rule: NumberGroupRule): NumberGroupDto {
  return { count: rule.count, min: rule.min, max: rule.max, distinct: rule.distinct };
}
