import { existsSync, readFileSync } from 'node:fs';
import { isValidIsoDate } from '../../../common/dates/iso-date';
import { dirname, join, resolve } from 'node:path';
import { parseSourceConfig, type SourceConfig } from '../../ingestion/domain/source-config';
import { type DrawSchedule, parseDrawSchedule } from '../../lotteries/domain/draw-schedule';
import { NumberGroupRule, RuleEra, validateRuleEras } from '../../lotteries/domain/lottery-rules';
import { parsePrizePeriods, prizeBoundsOf } from '../../lotteries/domain/prize-structure';

/** A lottery shipped with the service, with the draw history file that seeds it. */
export interface BundledLottery {
  tag: string;
  name: string;
  country: string;
  /** IANA zone of the operator; draw dates are calendar days in this zone. */
  timezone: string;
  /** What the operator calls the special numbers (e.g. "Powerball"); null if the lottery has none. */
  specialName: string | null;
  /** true when `main` is stored in the order drawn, false when it was sorted (or its order is unknown). */
  drawOrder: boolean;
  /** The operator's name, short (README's table of lotteries). */
  operator: string;
  /** The authority for the lottery's results: the operator and where it publishes them (public). */
  source: string;
  /** The terms under which the shipped source publishes, short ('none found' where none were found). */
  terms: string;
  /** Where this copy of the history was taken from (repository @ commit : path), for administrators. */
  history: string;
  /** The terms of `history`: kept for attribution. */
  license: string;
  /** Provenance and coverage caveats for humans. */
  notes: string;
  rules: RuleEra[];
  /** The operator's draw calendar. */
  schedule: DrawSchedule;
  /**
   * Stored draws that fall on no scheduled day (holiday moves, special draws), each with why: the history is
   * checked against the schedule with exactly these exceptions.
   */
  offScheduleDraws: Record<string, string>;
  /** The date the game ended ('YYYY-MM-DD'), or null while it is played. */
  retiredOn: string | null;
  /** Where new draws are fetched from (the ingestion module's source), if anywhere. */
  sync: SourceConfig | null;
  /** Absolute path of `<tag>.csv`. */
  csvPath: string;
}

const MANIFEST = 'lotteries.json';
const TAG = /^[a-z0-9_]+$/;
// Tried at every ancestor: the repo layout (sources, or dist run from the repo root), then a Docker
// image where the data folder sits next to dist.
const CANDIDATES = [join('apps', 'api', 'data', 'draws'), join('data', 'draws')];

/**
 * Absolute path of the bundled data folder. Found by walking up from this file rather than from the
 * working directory, so it works from src (ts-jest), from dist, and from any cwd.
 */
export function bundledDataDir(startDir: string = __dirname): string {
  let dir = resolve(startDir);
  for (;;) {
    for (const candidate of CANDIDATES) {
      const dataDir = join(dir, candidate);
      if (existsSync(join(dataDir, MANIFEST))) return dataDir;
    }
    const parent = dirname(dir);
    if (parent === dir) break;
    dir = parent;
  }
  throw new Error(
    `Bundled draw data not found: no ${CANDIDATES.map((c) => join(c, MANIFEST)).join(' or ')} ` +
      `in ${resolve(startDir)} or any folder above it.`,
  );
}

/** Reads and checks `lotteries.json`; throws on any malformed entry, since bad seed data should stop startup. */
export function loadBundledLotteries(dataDir: string): BundledLottery[] {
  const manifestPath = join(dataDir, MANIFEST);
  const parsed: unknown = JSON.parse(readFileSync(manifestPath, 'utf8'));
  if (!Array.isArray(parsed)) throw new Error(`${manifestPath}: expected an array of lotteries.`);
  return parsed.map((entry: unknown, index) =>
    toLottery(entry, dataDir, `${manifestPath} entry ${index + 1}`),
  );
}

function toLottery(entry: unknown, dataDir: string, where: string): BundledLottery {
  const record = asRecord(entry, where);
  const tag = requireString(record, 'tag', where);
  // The tag names a file below, so it must not be able to point outside the data folder.
  if (!TAG.test(tag)) throw new Error(`${where}: tag '${tag}' must match ${TAG}.`);
  const at = `${where} (${tag})`;
  const rules = requireArray(record, 'rules', at).map((era, i) => toRuleEra(era, `${at} rules[${i}]`));
  const rulesProblem = validateRuleEras(rules);
  if (rulesProblem !== null) throw new Error(`${at}: ${rulesProblem}`);

  const schedule = parseDrawSchedule(record['schedule']);
  if ('problem' in schedule) throw new Error(`${at}: schedule: ${schedule.problem}`);
  const offSchedule = asRecord(record['offScheduleDraws'] ?? {}, `${at} offScheduleDraws`);
  const offScheduleDraws: Record<string, string> = {};
  for (const [date, why] of Object.entries(offSchedule)) {
    if (typeof why !== 'string' || why.trim() === '')
      throw new Error(`${at}: offScheduleDraws.${date} needs a reason.`);
    offScheduleDraws[date] = why;
  }

  const retiredOn = record['retiredOn'] ?? null;
  if (retiredOn !== null && (typeof retiredOn !== 'string' || !isValidIsoDate(retiredOn)))
    throw new Error(`${at}: retiredOn must be a date 'YYYY-MM-DD'.`);

  let sync: SourceConfig | null = null;
  if (record['sync'] !== undefined) {
    const parsed = parseSourceConfig(asRecord(record['sync'], `${at} sync`));
    if ('problem' in parsed) throw new Error(`${at}: sync.${parsed.field}: ${parsed.problem}`);
    sync = parsed.config;
  }

  const csvPath = join(dataDir, `${tag}.csv`);
  if (!existsSync(csvPath)) throw new Error(`${at}: draw history ${csvPath} is missing.`);
  const specialName = record['specialName'];
  return {
    tag,
    name: requireString(record, 'name', at),
    country: requireString(record, 'country', at),
    timezone: requireString(record, 'timezone', at),
    specialName: typeof specialName === 'string' && specialName.trim() !== '' ? specialName : null,
    drawOrder: requireBoolean(record, 'drawOrder', at),
    operator: requireString(record, 'operator', at),
    source: requireString(record, 'source', at),
    terms: requireString(record, 'terms', at),
    history: requireString(record, 'history', at),
    license: requireString(record, 'license', at),
    notes: typeof record['notes'] === 'string' ? record['notes'] : '',
    rules,
    schedule: schedule.schedule,
    offScheduleDraws,
    retiredOn,
    sync,
    csvPath,
  };
}

function toRuleEra(value: unknown, where: string): RuleEra {
  const record = asRecord(value, where);
  const special = record['special'];
  const era: RuleEra = {
    from: requireString(record, 'from', where),
    main: toGroupRule(record['main'], `${where}.main`),
    special: special === null ? null : toGroupRule(special, `${where}.special`),
    ...(record['rounds'] !== undefined ? { rounds: record['rounds'] as number } : {}),
  };
  if (record['prizes'] === undefined) return era;
  const parsed = parsePrizePeriods(record['prizes'], prizeBoundsOf(era));
  if ('problem' in parsed) throw new Error(`${where}: ${parsed.problem}`);
  return { ...era, prizes: parsed.periods };
}

function toGroupRule(value: unknown, where: string): NumberGroupRule {
  const record = asRecord(value, where);
  const { pool, counted } = record;
  return {
    count: requireNumber(record, 'count', where),
    min: requireNumber(record, 'min', where),
    max: requireNumber(record, 'max', where),
    distinct: requireBoolean(record, 'distinct', where),
    // Checked with the rest of the group by validateRuleEras.
    ...(pool !== undefined ? { pool: pool as NumberGroupRule['pool'] } : {}),
    ...(counted !== undefined ? { counted: counted as number } : {}),
  };
}

function asRecord(value: unknown, where: string): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new Error(`${where}: expected an object.`);
  }
  return value as Record<string, unknown>;
}

function requireString(record: Record<string, unknown>, key: string, where: string): string {
  const value = record[key];
  if (typeof value !== 'string' || value.trim() === '')
    throw new Error(`${where}: '${key}' must be a non-empty string.`);
  return value;
}

function requireNumber(record: Record<string, unknown>, key: string, where: string): number {
  const value = record[key];
  if (typeof value !== 'number') throw new Error(`${where}: '${key}' must be a number.`);
  return value;
}

function requireBoolean(record: Record<string, unknown>, key: string, where: string): boolean {
  const value = record[key];
  if (typeof value !== 'boolean') throw new Error(`${where}: '${key}' must be true or false.`);
  return value;
}

function requireArray(record: Record<string, unknown>, key: string, where: string): unknown[] {
  const value: unknown = record[key];
  if (!Array.isArray(value)) throw new Error(`${where}: '${key}' must be an array.`);
  return value;
}
