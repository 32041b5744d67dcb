import type { SchemaObject } from '@nestjs/swagger';
import { parseSourceMapping } from './generic-mapping';
import {
  DIVISION_KEYS,
  MAPPING_COMPONENTS,
  MAPPING_FORMATS,
  MAPPING_KEYS,
  MAPPING_PROPERTIES,
  mappingSchema,
  type MappingFormat,
  PRIZE_KEYS,
  ROW_DRAW_KEYS,
} from './mapping-schema';

/** The least mapping of each format that parseSourceMapping accepts. */
const BASE: Record<MappingFormat, Record<string, unknown>> = {
  json: { format: 'json', date: 'drawDate', main: 'numbers' },
  csv: { format: 'csv', date: 'drawDate', main: 'numbers' },
  xml: { format: 'xml', rows: 'results.draw', date: 'drawDate', main: 'numbers' },
};

/**
 * The base with one field at its schema's example, and what else that field needs (parseSourceMapping's rules
 * across fields, which the schema does not state): `draws` replaces `main`, `body` comes with `POST`, `header:
 * false` reads positions, XML's fields are element paths (the example's CSV column `SEQUENCE NUMBER` is not one:
 * the National Lottery's `@type` is).
 */
function withField(format: MappingFormat, key: string, example: unknown): Record<string, unknown> {
  const mapping: Record<string, unknown> = { ...BASE[format], [key]: example };
  if (key === 'draws') delete mapping.main;
  if (key === 'body') mapping.method = 'POST';
  if (key === 'header' && example === false) Object.assign(mapping, { date: '1', main: ['2', '3'] });
  if (key === 'filter' && format === 'xml') mapping.filter = { '@type': 'lotto' };
  return mapping;
}

const problemOf = (mapping: Record<string, unknown>) => {
  const parsed = parseSourceMapping(mapping);
  return 'problem' in parsed ? parsed.problem : null;
};

/**
 * The schema (mapping-schema.ts) and the hand-written validation (parseSourceMapping) agree on the fields: every
 * field the schema declares for a format is accepted with its example and kept as given; any other key is refused
 * with the validation's own message, which lists the schema's keys.
 */
describe('the mapping schema and parseSourceMapping', () => {
  const fields = MAPPING_FORMATS.flatMap((format) =>
    Object.entries(MAPPING_PROPERTIES[format]).map(([key, schema]) => [format, key, schema] as const),
  );

  it.each(fields)('%s: %s, at its example, is accepted and kept', (format, key, schema) => {
    expect(schema.example).toBeDefined();
    expect(schema.description).toEqual(expect.any(String));
    const mapping = withField(format, key, schema.example);
    expect(parseSourceMapping(mapping)).toEqual({ mapping });
  });

  it.each(MAPPING_FORMATS)(
    '%s: a key the schema does not declare is refused, naming the known ones',
    (format) => {
      expect(problemOf({ ...BASE[format], extra: 1 })).toBe(
        `unknown key 'extra' (known: ${MAPPING_KEYS.join(', ')})`,
      );
      // The keys the message lists are the schema's, and every key parseSourceMapping keeps is one of them.
      expect([...MAPPING_KEYS].sort()).toEqual(
        [...new Set(MAPPING_FORMATS.flatMap((f) => Object.keys(mappingSchema(f).properties!)))].sort(),
      );
    },
  );

  it('refuses a field of another format: header is CSV only', () => {
    const declared = (format: MappingFormat) => Object.keys(MAPPING_PROPERTIES[format]);
    expect(declared('csv').filter((key) => !declared('json').includes(key))).toEqual(['header']);
    expect(problemOf({ ...BASE.json, header: true })).toBe('header must be true or false, with format csv');
    expect(problemOf({ ...BASE.xml, header: true })).toBe('header must be true or false, with format csv');
  });

  it('refuses a format the union does not hold, and requires what each format requires', () => {
    expect(problemOf({ ...BASE.json, format: 'yaml' })).toBe("format must be 'json', 'csv' or 'xml'");
    expect(mappingSchema('xml').required).toEqual(['format', 'rows', 'date']);
    expect(problemOf({ ...BASE.xml, rows: undefined })).toMatch(/^with format xml, rows must be the path/);
    expect(problemOf({ format: 'csv', main: 'n' })).toMatch(/^date must name a field/);
  });

  it('nested objects: the keys of prizes, its divisions and row draws are the schema’s, others refused', () => {
    const prizes = MAPPING_PROPERTIES.csv.prizes;
    const division = (prizes.properties!.divisions as SchemaObject).items as SchemaObject;
    expect(PRIZE_KEYS).toEqual(Object.keys(prizes.properties!));
    expect(DIVISION_KEYS).toEqual(['rank', 'winners', 'amount', 'total', 'regions']);
    expect(Object.keys(division.properties!)).toEqual(DIVISION_KEYS);
    expect(ROW_DRAW_KEYS).toEqual(['main', 'special']);

    const full = {
      currency: 'EUR',
      decimal: ',',
      suffix: 'Ft',
      divisions: [
        { rank: 1, winners: 'w', amount: 'a', regions: { FR: 'fr' } },
        { rank: 2, winners: 'w2', total: 't' },
      ],
      jackpot: 'j',
    };
    expect(parseSourceMapping({ ...BASE.csv, prizes: full })).toEqual({
      mapping: { ...BASE.csv, prizes: full },
    });
    expect(problemOf({ ...BASE.csv, prizes: { ...full, pool: 'p' } })).toBe(
      "prizes has an unknown key 'pool' (known: currency, decimal, suffix, unit, divisions, jackpot)",
    );
    expect(
      problemOf({ ...BASE.csv, prizes: { currency: 'EUR', divisions: [{ rank: 1, share: 's' }] } }),
    ).toBe("prizes.divisions[0] has an unknown key 'share' (known: rank, winners, amount, total, regions)");
    expect(
      problemOf({ ...BASE.csv, main: undefined, draws: [{ main: 'a' }, { main: 'b', round: 'r' }] }),
    ).toBe("draws[1] has an unknown key 'round' (known: main, special)");
    expect(problemOf({ ...BASE.csv, archive: { type: 'zip', level: 9 } })).toMatch(/^archive must be/);
  });

  it('the OpenAPI components: SourceMapping is the union on format of the three, and a nullable reference', () => {
    expect(MAPPING_COMPONENTS.SourceMapping.oneOf).toEqual([
      { $ref: '#/components/schemas/JsonSourceMapping' },
      { $ref: '#/components/schemas/CsvSourceMapping' },
      { $ref: '#/components/schemas/XmlSourceMapping' },
    ]);
    expect(MAPPING_COMPONENTS.SourceMapping.discriminator?.propertyName).toBe('format');
    for (const format of MAPPING_FORMATS) {
      const schema = MAPPING_COMPONENTS[`${format[0].toUpperCase()}${format.slice(1)}SourceMapping`];
      expect(schema).toEqual(mappingSchema(format));
      expect(schema.additionalProperties).toBe(false);
      expect((schema.properties!.format as SchemaObject).enum).toEqual([format]);
    }
    expect(MAPPING_COMPONENTS.SourceMappingOrNull).toMatchObject({ type: 'object', nullable: true });
  });
});
