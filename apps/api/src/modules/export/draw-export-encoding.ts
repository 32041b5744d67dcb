import type { LotterySnapshot } from '../catalog/lottery-snapshot';
import { roundOf } from '../draws/domain/draw-view';
import type { RuleEra } from '../lotteries/domain/lottery-rules';
import { toDrawPrizesView, toMajor } from '../prizes/domain/draw-prizes';
import { prizeDivisionsOn } from '../lotteries/domain/lottery-rules';

export const EXPORT_FORMATS = ['csv', 'json', 'ndjson'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/**
 * A lottery's whole history in one format, encoded once per snapshot: `body` is the answer for the whole history,
 * and the draws of any range are a slice of it (`offsets[i]` is where draw i starts, `offsets[n]` where the last
 * one ends), so that a range answer is the head, one slice and the tail, never a second encoding.
 */
export interface EncodedExport {
  format: ExportFormat;
  body: Buffer;
  /** What comes before the first draw (the CSV header row, JSON's `{"lottery":…,"draws":[`). */
  head: Buffer;
  /** What comes after the last draw (JSON's `]}`). */
  tail: Buffer;
  offsets: Uint32Array;
  /** Draws newest first, as in the snapshot. */
  drawCount: number;
}

/** The answer's bytes for the draws [start, end) of the snapshot (the whole history: `body` itself). */
export function sliceOf(encoded: EncodedExport, start: number, end: number): Buffer {
  const { body, head, tail, offsets, drawCount } = encoded;
  if (start === 0 && end === drawCount) return body;
  if (end <= start) return Buffer.concat([head, tail]);
  // In JSON every draw but the last is followed by its comma, which a range ending earlier leaves out.
  const trim = encoded.format === 'json' && end < drawCount ? 1 : 0;
  return Buffer.concat([head, body.subarray(offsets[start], offsets[end] - trim), tail]);
}

/** Encodes the snapshot's draws (newest first, every round) in `format`; `prizes` adds what each draw paid. */
export function encodeExport(
  snapshot: LotterySnapshot,
  format: ExportFormat,
  prizes: boolean,
): EncodedExport {
  const items = format === 'csv' ? csvRows(snapshot, prizes) : jsonDraws(snapshot, prizes);
  const head =
    format === 'csv'
      ? csvHeader(snapshot, prizes)
      : format === 'json'
        ? `{"lottery":${JSON.stringify(snapshot.record.tag)},"draws":[`
        : '';
  const tail = format === 'json' ? ']}' : '';
  const separator = format === 'json' ? ',' : format === 'csv' ? '\r\n' : '\n';
  const headBytes = Buffer.from(head, 'utf8');
  const offsets = new Uint32Array(items.length + 1);
  let position = headBytes.length;
  const parts: string[] = [head];
  items.forEach((item, index) => {
    offsets[index] = position;
    // JSON's last draw has no comma after it; CSV and NDJSON end every line, the last one included.
    const text = format === 'json' && index === items.length - 1 ? item : item + separator;
    parts.push(text);
    position += Buffer.byteLength(text, 'utf8');
  });
  offsets[items.length] = position;
  parts.push(tail);
  return {
    format,
    body: Buffer.from(parts.join(''), 'utf8'),
    head: headBytes,
    tail: Buffer.from(tail, 'utf8'),
    offsets,
    drawCount: items.length,
  };
}

/** Each draw's JSON as the draw routes send it, with `prizes` (the `/prizes` answer without `lottery`, or null). */
function jsonDraws(snapshot: LotterySnapshot, prizes: boolean): string[] {
  const draws: string[] = [];
  for (let i = 0; i < snapshot.drawCount; i++) {
    const json = snapshot.drawJson(i, 'draw');
    draws.push(prizes ? `${json.slice(0, -1)},"prizes":${prizesJsonWithoutLottery(snapshot, i)}}` : json);
  }
  return draws;
}

function prizesJsonWithoutLottery(snapshot: LotterySnapshot, index: number): string {
  const stored = snapshot.prizesAt(index);
  if (!stored) return 'null';
  const { tag, rules } = snapshot.record;
  const date = snapshot.allDraws[index].date;
  const { lottery, ...view } = toDrawPrizesView(
    tag,
    stored,
    prizeDivisionsOn(rules, date),
    snapshot.hasRounds(date),
  );
  return JSON.stringify(view);
}

/** The widest era's columns: numbers per group, whether draws have rounds, prize divisions. */
interface CsvColumns {
  rounds: boolean;
  main: number;
  special: number;
  divisions: number;
}

function csvColumns(snapshot: LotterySnapshot, prizes: boolean): CsvColumns {
  const rules: readonly RuleEra[] = snapshot.record.rules;
  let divisions = 0;
  if (prizes) {
    for (const era of rules)
      for (const period of era.prizes ?? [])
        for (const division of period.divisions ?? []) divisions = Math.max(divisions, division.rank);
    // Stored facts may name a division that no known structure has: it gets its columns too.
    for (let i = 0; i < snapshot.drawCount; i++)
      for (const division of snapshot.prizesAt(i)?.divisions ?? [])
        divisions = Math.max(divisions, division.rank);
  }
  let main = 0;
  let special = 0;
  for (const era of rules) {
    main = Math.max(main, era.main.count);
    special = Math.max(special, era.special?.count ?? 0);
  }
  // A draw stored against rules since changed keeps its numbers: the columns hold every draw's.
  for (const draw of snapshot.allDraws) {
    main = Math.max(main, draw.main.length);
    special = Math.max(special, draw.special.length);
  }
  return { rounds: rules.some((era) => (era.rounds ?? 1) > 1), main, special, divisions };
}

const numbered = (name: string, count: number): string[] =>
  Array.from({ length: count }, (_, i) => `${name}_${i + 1}`);

function csvHeader(snapshot: LotterySnapshot, prizes: boolean): string {
  const columns = csvColumns(snapshot, prizes);
  return (
    [
      'date',
      ...(columns.rounds ? ['round'] : []),
      ...numbered('main', columns.main),
      ...numbered('special', columns.special),
      ...Array.from({ length: columns.divisions }, (_, i) => [
        `d${i + 1}_winners`,
        `d${i + 1}_amount`,
      ]).flat(),
    ].join(',') + '\r\n'
  );
}

/** Fields are dates and numbers only, so no field needs RFC 4180's quotes; shorter eras leave cells empty. */
function csvRows(snapshot: LotterySnapshot, prizes: boolean): string[] {
  const columns = csvColumns(snapshot, prizes);
  const rows: string[] = [];
  const pad = (values: readonly number[], count: number): string[] =>
    Array.from({ length: count }, (_, i) => (i < values.length ? String(values[i]) : ''));
  for (let i = 0; i < snapshot.drawCount; i++) {
    const draw = snapshot.allDraws[i];
    const cells = [
      draw.date,
      ...(columns.rounds ? [String(roundOf(draw))] : []),
      ...pad(draw.main, columns.main),
      ...pad(draw.special, columns.special),
    ];
    if (columns.divisions > 0) {
      const stored = snapshot.prizesAt(i);
      const byRank = new Map(stored?.divisions.map((d) => [d.rank, d]));
      for (let rank = 1; rank <= columns.divisions; rank++) {
        const division = byRank.get(rank);
        const amount = division && stored ? toMajor(division.amountMinor, stored.currency) : null;
        cells.push(
          division?.winners == null ? '' : String(division.winners),
          amount === null ? '' : String(amount),
        );
      }
    }
    rows.push(cells.join(','));
  }
  return rows;
}
