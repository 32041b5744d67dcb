import { type GeneratedTable, renderTable, tableIn, withTable } from '../common/markdown/generated-table';
import type { SettingsSchema, SettingSpec } from './setting-kinds';

/** What regenerates README.md's settings table after a change to settings-schema.ts. */
export const SETTINGS_TABLE_COMMAND =
  'npx tsc -p apps/api/tsconfig.app.json && node dist/apps/api/bin/settings-table.js';

/** The table sits between these lines in README.md's "Settings" section. */
export const SETTINGS_TABLE: GeneratedTable = {
  start: `<!-- settings table: generated from apps/api/src/config/settings-schema.ts by \`${SETTINGS_TABLE_COMMAND}\`; do not edit by hand -->`,
  end: '<!-- end of the settings table -->',
};

const HEADER = ['setting', 'default', 'accepts', 'meaning'];

/** The README's table of every setting, one row per variable. */
export function renderSettingsTable(schema: SettingsSchema): string {
  const rows = Object.entries(schema).map(([name, spec]) => [
    `\`${name}\``,
    shownDefault(name, spec),
    spec.kind.accepts,
    spec.meaning,
  ]);
  return renderTable(HEADER, rows);
}

function shownDefault(name: string, spec: SettingSpec<unknown>): string {
  if (spec.shownDefault) return spec.shownDefault;
  if (typeof spec.default === 'function')
    throw new Error(`${name}: a default that another setting decides needs a shownDefault`);
  return spec.default === undefined ? 'unset' : `\`${spec.default}\``;
}

/** The generated table in `readme`, or null when the markers are missing. */
export const settingsTableIn = (readme: string): string | null => tableIn(readme, SETTINGS_TABLE);

/** `readme` with its generated table replaced by `table`. */
export const withSettingsTable = (readme: string, table: string): string =>
  withTable(readme, SETTINGS_TABLE, table);
