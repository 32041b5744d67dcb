/**
 * A Markdown table that README.md holds between two marker comments and a generator keeps true (the settings, the
 * lotteries): rendered as Prettier lays tables out, so that formatting the README leaves it unchanged.
 */
export interface GeneratedTable {
  /** The comment line before the table (says what generates it). */
  start: string;
  /** The comment line after it. */
  end: string;
}

/** A table of `rows` under `header`, each column padded to its widest cell. */
export function renderTable(header: string[], rows: string[][]): string {
  for (const row of rows)
    for (const cell of row)
      if (cell.includes('|')) throw new Error(`A generated table's cell may not hold "|": ${cell}`);
  // Code points: the tables hold no wide characters, so this is the width Prettier pads to.
  const width = (cell: string) => [...cell].length;
  const widths = header.map((_, column) => Math.max(...[header, ...rows].map((row) => width(row[column]))));
  const line = (cells: string[]) =>
    `| ${cells.map((cell, column) => cell + ' '.repeat(widths[column] - width(cell))).join(' | ')} |`;
  const rule = `| ${widths.map((w) => '-'.repeat(w)).join(' | ')} |`;
  return [line(header), rule, ...rows.map(line)].join('\n');
}

/** The table `text` holds between the markers, or null when they are missing. */
export function tableIn(text: string, markers: GeneratedTable): string | null {
  const start = text.indexOf(markers.start);
  const end = text.indexOf(markers.end);
  if (start < 0 || end < start) return null;
  return text.slice(start + markers.start.length, end).trim();
}

/** `text` with the table between the markers replaced by `table`. */
export function withTable(text: string, markers: GeneratedTable, table: string): string {
  const start = text.indexOf(markers.start);
  const end = text.indexOf(markers.end);
  if (start < 0 || end < start)
    throw new Error(`README.md has no "${markers.start}" … "${markers.end}" section`);
  return `${text.slice(0, start + markers.start.length)}\n\n${table}\n\n${text.slice(end)}`;
}
