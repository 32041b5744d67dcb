import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadSettings } from './settings';
import { SETTINGS_SCHEMA } from './settings-schema';
import { renderSettingsTable, SETTINGS_TABLE_COMMAND, settingsTableIn } from './settings-table';

const README = join(__dirname, '../../../../README.md');

describe("README.md's table of settings", () => {
  it('is the one settings-schema.ts renders', () => {
    const table = settingsTableIn(readFileSync(README, 'utf8'));
    const fix = `README.md's settings table is out of date: run \`${SETTINGS_TABLE_COMMAND}\` and commit README.md.`;
    try {
      expect(table).toBe(renderSettingsTable(SETTINGS_SCHEMA));
    } catch (error) {
      (error as Error).message = `${fix}\n\n${(error as Error).message}`;
      throw error;
    }
  });

  it('lists every variable loadSettings reads', () => {
    const read = new Set<string>();
    const env = new Proxy({} as Record<string, string | undefined>, {
      get: (_target, name) => {
        if (typeof name === 'string') read.add(name);
        return undefined;
      },
    });
    loadSettings(env);
    expect([...read].filter((name) => !(name in SETTINGS_SCHEMA))).toEqual([]);
    expect([...read].sort()).toEqual(Object.keys(SETTINGS_SCHEMA).sort());
  });
});
