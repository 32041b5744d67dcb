import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { tableIn, withTable } from '../common/markdown/generated-table';
import { MAPPING_TABLE_MARKERS, renderMappingTable } from '../modules/ingestion/domain/mapping-table';

/**
 * Writes README.md's table of the generic adapter's mapping from its schema (mapping-schema.ts; the rest of the
 * file is left as it is). Usage (from the repository's root): node dist/apps/api/bin/mapping-table.js [README.md]
 */
function main(): void {
  const file = resolve(process.argv[2] ?? 'README.md');
  const readme = readFileSync(file, 'utf8');
  const table = renderMappingTable();
  if (tableIn(readme, MAPPING_TABLE_MARKERS) === table) {
    process.stdout.write(`${file}: the mapping table is up to date\n`);
    return;
  }
  writeFileSync(file, withTable(readme, MAPPING_TABLE_MARKERS, table));
  process.stdout.write(`${file}: wrote the mapping table\n`);
}

main();
