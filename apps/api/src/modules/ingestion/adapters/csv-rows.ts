import { parse as parseCsv } from 'csv-parse/sync';
import type { SourceMapping } from '../domain/generic-mapping';
import { SourceFormatError } from './source-adapter';
import { undecodedHint } from '../domain/text-encoding';

/**
 * A CSV answer's rows, by column name, or with `header: false` by column position ('1' the first). The columns
 * the mapping reads for a draw (date, numbers, round, filter) must exist, or the format has changed.
 */
export function csvRows(body: string, mapping: SourceMapping): Record<string, string>[] {
  if (body.trimStart().startsWith('<'))
    throw new SourceFormatError('the source answered HTML or XML, not CSV (an error page?)');
  const header = mapping.header !== false;
  let rows: Record<string, string>[];
  try {
    const parsed: unknown[] = parseCsv(body, {
      columns: header,
      delimiter: mapping.delimiter ?? ',',
      skip_empty_lines: true,
      trim: true,
      relax_column_count: true,
      bom: true,
    });
    rows = header
      ? (parsed as Record<string, string>[])
      : (parsed as string[][]).map((cells) =>
          Object.fromEntries(cells.map((cell, i) => [String(i + 1), cell])),
        );
  } catch (error) {
    // csv-parse's messages quote the fields they stop at: only its code and line are kept.
    const { code, lines } = error as { code?: string; lines?: number };
    throw new SourceFormatError(
      `the source answered invalid CSV (${code ?? 'unreadable'}${lines ? ` at line ${lines}` : ''})`,
    );
  }
  if (rows.length === 0) return rows;
  const columns = Object.keys(rows[0]);
  const missing = wantedColumns(mapping).find((name) => !columns.includes(name));
  if (missing !== undefined) {
    const count = `${columns.length} ${columns.length === 1 ? 'column' : 'columns'}`;
    throw new SourceFormatError(
      header
        ? `the CSV has no column '${missing}' (its header has ${count}${undecodedHint(columns)})`
        : `the CSV has no column ${missing} (its first row has ${count})`,
    );
  }
  return rows;
}

function wantedColumns(mapping: SourceMapping): string[] {
  const list = (fields: string | string[] | undefined) =>
    fields === undefined ? [] : typeof fields === 'string' ? [fields] : fields;
  return [
    ...list(mapping.date),
    ...list(mapping.main),
    ...list(mapping.special),
    ...list(mapping.round),
    ...(mapping.draws ?? []).flatMap((draw) => [...list(draw.main), ...list(draw.special)]),
    ...Object.keys(mapping.filter ?? {}),
  ];
}
