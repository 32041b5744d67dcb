import type { SettingsSchema, SettingSpec } from './setting-kinds';

/** What regenerates README.md's settings table after a change to settings-schema.ts. */
export const SETTINGS_TABLE_COMMAND =
  'npx tsc -p apps/api/tsconfig.app.json && node dist/apps/api/bin/settings-table.js';

/** The table sits between these lines in README.md's "Settings" section. */
export const TABLE_START = `<!-- settings table: generated from apps/api/src/config/settings-schema.ts by \`${SETTINGS_TABLE_COMMAND}\`; do not edit by hand -->`;
export const TABLE_END = '<!-- end of the settings table -->';

const HEADER = ['setting', 'default', 'accepts', 'meaning'];

/** The README's table of every setting, one row per variable, laid out as Prettier lays out Markdown tables. */
export function renderSettingsTable(schema: SettingsSchema): string {
  const rows = Object.entries(schema).map(([name, spec]) => [
    `\`${name}\``,
    shownDefault(name, spec),
    spec.kind.accepts,
    spec.meaning,
  ]);
  return markdownTable(HEADER, rows);
}

/** A Markdown table laid out as Prettier lays it out (the README's generated tables). */
export function markdownTable(header: string[], rows: string[][]): string {
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

function shownDefault(name: string, spec: SettingSpec<unknown>): string {
  if (spec.shownDefault) return spec.shownDefault;
  if (typeof spec.default === 'function')
    throw new Error(`${name}: a default that another setting decides needs a shownDefault`);
  return spec.default === undefined ? 'unset' : `\`${spec.default}\``;
}

/** The generated table in `readme` (between the markers), or null when the markers are missing. */
export function tableIn(readme: string, markers: [string, string] = [TABLE_START, TABLE_END]): string | null {
  const start = readme.indexOf(markers[0]);
  const end = readme.indexOf(markers[1]);
  if (start < 0 || end < start) return null;
  return readme.slice(start + markers[0].length, end).trim();
}

/** `readme` with its generated table (between `markers`) replaced by `table`. */
export function withTable(
  readme: string,
  table: string,
  markers: [string, string] = [TABLE_START, TABLE_END],
): string {
  const start = readme.indexOf(markers[0]);
  const end = readme.indexOf(markers[1]);
  if (start < 0 || end < start) throw new Error(`README.md has no "${markers[0]}" … "${markers[1]}" section`);
  return `${readme.slice(0, start + markers[0].length)}\n\n${table}\n\n${readme.slice(end)}`;
}
