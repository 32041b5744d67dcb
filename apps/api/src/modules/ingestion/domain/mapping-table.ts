import { type GeneratedTable, renderTable } from '../../../common/markdown/generated-table';
import { MAPPING_FORMATS, MAPPING_KEYS, MAPPING_PROPERTIES, type MappingFormat } from './mapping-schema';

/** What regenerates the README's mapping table after a change to mapping-schema.ts. */
export const MAPPING_TABLE_COMMAND =
  'npx tsc -p apps/api/tsconfig.app.json && node dist/apps/api/bin/mapping-table.js';

/** The table sits between these lines in README.md's "Adding or changing a source". */
export const MAPPING_TABLE_MARKERS: GeneratedTable = {
  start: `<!-- mapping table: generated from apps/api/src/modules/ingestion/domain/mapping-schema.ts by \`${MAPPING_TABLE_COMMAND}\`; do not edit by hand -->`,
  end: '<!-- end of the mapping table -->',
};

/** The README's table of the mapping's fields: each field, the formats it is for, its description. */
export function renderMappingTable(): string {
  const formatsOf = (key: string): MappingFormat[] =>
    MAPPING_FORMATS.filter((format) => key in MAPPING_PROPERTIES[format]);
  const rows = MAPPING_KEYS.map((key) => {
    if (key === 'format')
      return ['`format`', 'all', '`json`, `csv` or `xml` (required): how the answer is read.'];
    const formats = formatsOf(key);
    const schema = MAPPING_PROPERTIES[formats[0]][key];
    return [
      `\`${key}\``,
      formats.length === MAPPING_FORMATS.length ? 'all' : formats.join(', '),
      schema.description ?? '',
    ];
  });
  return renderTable(['field', 'formats', 'meaning'], rows);
}
