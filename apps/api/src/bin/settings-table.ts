import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { SETTINGS_SCHEMA } from '../config/settings-schema';
import { renderSettingsTable, settingsTableIn, withSettingsTable } from '../config/settings-table';

/**
 * Writes README.md's table of settings from SETTINGS_SCHEMA (the rest of the file is left as it is); with
 * `--check`, writes nothing and exits 1 when the table is not what the schema renders.
 * Usage (from the repository's root): node dist/apps/api/bin/settings-table.js [--check] [README.md]
 */
function main(): void {
  const check = process.argv.includes('--check');
  const file = resolve(process.argv.slice(2).find((arg) => arg !== '--check') ?? 'README.md');
  const readme = readFileSync(file, 'utf8');
  const table = renderSettingsTable(SETTINGS_SCHEMA);
  if (settingsTableIn(readme) === table) {
    process.stdout.write(`${file}: the settings table is up to date\n`);
    return;
  }
  if (check) {
    process.stderr.write(`${file}: the settings table differs from apps/api/src/config/settings-schema.ts\n`);
    process.exitCode = 1;
    return;
  }
  writeFileSync(file, withSettingsTable(readme, table));
  process.stdout.write(
    `${file}: wrote the settings table (${Object.keys(SETTINGS_SCHEMA).length} settings)\n`,
  );
}

main();
