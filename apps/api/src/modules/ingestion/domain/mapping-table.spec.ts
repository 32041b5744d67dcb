import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { tableIn } from '../../../common/markdown/generated-table';
import { MAPPING_KEYS } from './mapping-schema';
import { MAPPING_TABLE_COMMAND, MAPPING_TABLE_MARKERS, renderMappingTable } from './mapping-table';

const README = join(__dirname, '../../../../../../README.md');

describe("README.md's table of the generic adapter's mapping", () => {
  it('is the one mapping-schema.ts renders', () => {
    const table = tableIn(readFileSync(README, 'utf8'), MAPPING_TABLE_MARKERS);
    const fix = `README.md's mapping table is out of date: run \`${MAPPING_TABLE_COMMAND}\` and commit README.md.`;
    try {
      expect(table).toBe(renderMappingTable());
    } catch (error) {
      (error as Error).message = `${fix}\n\n${(error as Error).message}`;
      throw error;
    }
  });

  it('has a row for every key, each with its meaning', () => {
    const rows = renderMappingTable().split('\n').slice(2);
    expect(rows.map((row) => /^\| `(\w+)`/.exec(row)?.[1])).toEqual(MAPPING_KEYS);
    for (const row of rows) expect(row.split('|')[3].trim().length).toBeGreaterThan(10);
  });
});
