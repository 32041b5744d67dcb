import type { EntityManager } from 'typeorm';
import { enqueueDrawEvents } from '../webhooks/webhook-outbox';
import { roundOf, type StoredDraw, toDrawDto } from './domain/draw-view';
import { roundsOn, type RuleEra } from '../lotteries/domain/lottery-rules';

/** Rows per statement: large enough to amortise round trips, small enough to keep each statement's memory modest. */
export const DRAW_BATCH_SIZE = 1_000;

export interface UpsertCounts {
  inserted: number;
  updated: number;
  unchanged: number;
}

/**
 * Number groups travel as array literals ('{7,18,49}') inside a text[] parameter and are cast per row: unnest
 * would flatten a two-dimensional smallint[][] parameter, and rows of different lengths could not form one.
 */
const arrayLiteral = (values: number[]): string => `{${values.join(',')}}`;

/** Where ingested numbers came from (stored with the draw); absent for administrators' writes and imports. */
export interface DrawProvenance {
  /** "adapter url" */
  source: string;
  fetchedAt: Date;
}

/**
 * Inserts or updates one batch of a lottery's draws in a single statement. A row whose numbers did not change is
 * left alone (no dead tuple, no updated_at bump); the others come back, `xmax = 0` marking the inserted ones.
 * Written rows take `provenance` (none: null, so a replaced ingested draw no longer claims its source).
 * Draws (date and round) must be unique within the batch (the CSV parser rejects duplicates). `rules`: the
 * lottery's, so that the events' draws say their round where the era has several (as the REST answers do).
 */
export async function upsertDrawBatch(
  manager: EntityManager,
  tag: string,
  draws: StoredDraw[],
  provenance: DrawProvenance | null,
  rules: readonly RuleEra[],
): Promise<UpsertCounts> {
  if (draws.length === 0) return { inserted: 0, updated: 0, unchanged: 0 };
  const written = await manager.query<
    { inserted: boolean; date: string; round: number; main: number[]; special: number[] }[]
  >(
    `INSERT INTO draws (lottery_tag, draw_date, round, main, special, source, fetched_at)
     SELECT $1::varchar, t.draw_date, t.round, t.main::smallint[], t.special::smallint[], $6::text,
            $7::timestamptz
     FROM unnest($2::date[], $3::smallint[], $4::text[], $5::text[]) AS t(draw_date, round, main, special)
     ON CONFLICT (lottery_tag, draw_date, round) DO UPDATE
       SET main = EXCLUDED.main, special = EXCLUDED.special, source = EXCLUDED.source,
           fetched_at = EXCLUDED.fetched_at, updated_at = now()
       WHERE draws.main IS DISTINCT FROM EXCLUDED.main OR draws.special IS DISTINCT FROM EXCLUDED.special
     RETURNING (xmax = 0) AS inserted, to_char(draw_date, 'YYYY-MM-DD') AS date, round, main, special`,
    [
      tag,
      draws.map((d) => d.date),
      draws.map(roundOf),
      draws.map((d) => arrayLiteral(d.main)),
      draws.map((d) => arrayLiteral(d.special)),
      provenance?.source ?? null,
      provenance?.fetchedAt ?? null,
    ],
  );
  // Subscribers hear of every draw written, in this same transaction (the outbox): new ones as published,
  // replaced ones as corrected. Unchanged rows are not returned, so they make no event.
  await enqueueDrawEvents(
    manager,
    written.map((row) => ({
      type: row.inserted ? 'draw.published' : 'draw.corrected',
      lottery: tag,
      draw: toDrawDto(row, 'draw', roundsOn(rules, row.date) > 1),
    })),
  );
  const inserted = written.filter((row) => row.inserted).length;
  return { inserted, updated: written.length - inserted, unchanged: draws.length - written.length };
}

/** Plain multi-row insert for loading into an empty table (no conflict handling to pay for). */
export async function insertDrawBatch(
  manager: EntityManager,
  draws: (StoredDraw & { tag: string })[],
): Promise<void> {
  if (draws.length === 0) return;
  await manager.query(
    `INSERT INTO draws (lottery_tag, draw_date, round, main, special)
     SELECT t.tag, t.draw_date, t.round, t.main::smallint[], t.special::smallint[]
     FROM unnest($1::varchar[], $2::date[], $3::smallint[], $4::text[], $5::text[])
       AS t(tag, draw_date, round, main, special)`,
    [
      draws.map((d) => d.tag),
      draws.map((d) => d.date),
      draws.map(roundOf),
      draws.map((d) => arrayLiteral(d.main)),
      draws.map((d) => arrayLiteral(d.special)),
    ],
  );
}

/** Consecutive slices of at most `size` items. */
export function* batchesOf<T>(items: T[], size = DRAW_BATCH_SIZE): Generator<T[]> {
  for (let start = 0; start < items.length; start += size) yield items.slice(start, start + size);
}
