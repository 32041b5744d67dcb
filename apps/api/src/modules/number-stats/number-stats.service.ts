import { Injectable, OnModuleInit } from '@nestjs/common';
import { ApiError } from '../../common/errors/api-error';
import { Messages } from '../../common/errors/messages';
import { ruleEraOn, type NumberGroupRule, type RuleEra } from '../lotteries/domain/lottery-rules';
import { LotteryCatalog } from '../catalog/lottery-catalog.service';
import type { LotterySnapshot } from '../catalog/lottery-snapshot';
import { DrawPostings, valueStats, type ValueStats } from './draw-postings';
import type { NumberStatsDto } from './dto/number-stats.dto';
import type { StatsQueryDto } from './dto/stats-query.dto';

const END_OF_TIME = '9999-12-31';

/**
 * Number statistics (contract section 9), from the read model: per-value postings of each snapshot, and the default
 * window's answer prepared as JSON as soon as a snapshot exists (first load, and every rebuild after a write, on
 * every instance), so the common request is a lookup.
 */
@Injectable()
export class NumberStatsService implements OnModuleInit {
  private readonly postings = new WeakMap<LotterySnapshot, DrawPostings>();
  private readonly defaults = new WeakMap<LotterySnapshot, string>();

  constructor(private readonly catalog: LotteryCatalog) {}

  onModuleInit(): void {
    this.catalog.onSnapshot((snapshot) => this.defaultJson(snapshot));
  }

  /** The answer as JSON: 400 for `from` after `to`, then 404 for an unknown lottery. */
  statsJson(tag: string, query: StatsQueryDto): string {
    if (query.from !== undefined && query.to !== undefined && query.from > query.to)
      throw ApiError.badRequest(Messages.fromAfterTo);
    const snapshot = this.catalog.snapshot(tag);
    if (query.from === undefined && query.to === undefined) return this.defaultJson(snapshot);
    return JSON.stringify(this.compute(snapshot, query.from, query.to));
  }

  private defaultJson(snapshot: LotterySnapshot): string {
    let json = this.defaults.get(snapshot);
    if (json === undefined) {
      json = JSON.stringify(this.compute(snapshot));
      this.defaults.set(snapshot, json);
    }
    return json;
  }

  compute(snapshot: LotterySnapshot, from?: string, to?: string): NumberStatsDto {
    const { tag, rules } = snapshot.record;
    const draws = snapshot.allDraws;
    // The latest draw of the window decides the default start: the first day of the number rules in force then.
    const [newest] = snapshot.range(undefined, to);
    const latest = draws[newest]?.date;
    const windowTo = to ?? latest ?? null;
    const windowFrom = from ?? numberRulesStart(rules, latest ?? to ?? END_OF_TIME);
    const [start, end] = snapshot.range(windowFrom, windowTo ?? undefined);
    const eras = erasOverlapping(rules, windowFrom, windowTo ?? END_OF_TIME);
    const postings = this.postingsOf(snapshot);
    const dateAt = (position: number) => draws[position].date;
    const figures = (values: number[], lists: Map<number, Int32Array>): ValueStats[] =>
      values.map((value) => valueStats(value, lists.get(value), start, end, dateAt));
    const specialGroups = eras.flatMap((era) => (era.special ? [era.special] : []));
    return {
      lottery: tag,
      from: windowFrom,
      to: windowTo,
      draws: end - start,
      main: figures(valuesOf(eras.map((era) => era.main)), postings.main),
      special: specialGroups.length ? figures(valuesOf(specialGroups), postings.special) : null,
    };
  }

  private postingsOf(snapshot: LotterySnapshot): DrawPostings {
    let postings = this.postings.get(snapshot);
    if (!postings) {
      postings = new DrawPostings(snapshot.allDraws);
      this.postings.set(snapshot, postings);
    }
    return postings;
  }
}

/**
 * The first day of the number rules in force on `date`: the start of the earliest of the consecutive eras whose
 * main and special groups equal that era's (contract section 9), so that a change of rounds, prizes or schedule
 * alone does not restart the default window (UK Lotto's rounds from 2026-06-10 kept its 59-ball pool).
 */
export function numberRulesStart(rules: readonly RuleEra[], date: string): string {
  const sorted = [...rules].sort((a, b) => (a.from < b.from ? -1 : a.from > b.from ? 1 : 0));
  const inForce = ruleEraOn(sorted, date) ?? sorted[0];
  let index = sorted.indexOf(inForce);
  const numbers = (era: RuleEra) =>
    JSON.stringify([groupKey(era.main), era.special && groupKey(era.special)]);
  while (index > 0 && numbers(sorted[index - 1]) === numbers(inForce)) index--;
  return sorted[index].from;
}

/** A group's rules in a fixed key order (absent pool and counted mean their defaults). */
const groupKey = (group: NumberGroupRule) => [
  group.count,
  group.min,
  group.max,
  group.distinct,
  group.pool ?? 'own',
  group.counted ?? group.count,
];

/** The eras in force on some day of [from, to]. */
function erasOverlapping(rules: readonly RuleEra[], from: string, to: string): RuleEra[] {
  return rules.filter((era, i) => era.from <= to && (rules[i + 1] === undefined || rules[i + 1].from > from));
}

/** Every value in range in any of the groups, ascending. */
function valuesOf(groups: readonly NumberGroupRule[]): number[] {
  const values = new Set<number>();
  for (const { min, max } of groups) for (let value = min; value <= max; value++) values.add(value);
  return [...values].sort((a, b) => a - b);
}
