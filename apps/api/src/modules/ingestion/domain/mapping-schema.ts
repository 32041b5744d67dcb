import type { SchemaObject } from '@nestjs/swagger';
import { EPOCH_MS } from './date-readers';
import { TEXT_ENCODINGS } from './text-encoding';

/**
 * The generic adapter's mapping, declared once as JSON Schema (OpenAPI 3.0's dialect): a union on `format`, each
 * field with its description and an example. From it come the OpenAPI schema of `PUT /admin/sources/{tag}`'s
 * `mapping` and `fallbacks[].mapping` (so the SDK has types: configure-app.ts adds MAPPING_COMPONENTS), the
 * README's mapping table (mapping-table.ts, kept true by mapping-table.spec.ts), and the keys parseSourceMapping
 * knows (MAPPING_KEYS; mapping-schema.spec.ts proves that it accepts every field declared here and refuses any
 * other). What JSON Schema cannot say (a field path readable in its format, `main` or `draws`, `body` with `POST`)
 * stays in parseSourceMapping, with its messages.
 */

/** One field of the answer, or a list of fields (one per number). */
const FIELDS: SchemaObject = {
  oneOf: [{ type: 'string' }, { type: 'array', items: { type: 'string' }, minItems: 1, maxItems: 20 }],
};
const TEXTS: SchemaObject = { type: 'object', additionalProperties: { type: 'string' } };

/** The fields of every format, in the order the README lists them. */
const COMMON = {
  archive: {
    type: 'object',
    description:
      "A ZIP answer: `{type: 'zip', member?}`, `member` a regular expression on the file's name; default the first " +
      '`.csv` (`.json`) member, or the only one.',
    properties: { type: { type: 'string', enum: ['zip'] }, member: { type: 'string' } },
    required: ['type'],
    additionalProperties: false,
    example: { type: 'zip', member: '\\.csv$' },
  },
  encoding: {
    type: 'string',
    enum: [...TEXT_ENCODINGS],
    description:
      "The answer's text encoding: `utf-8` (default; a byte order mark is dropped), `windows-1252` (FDJ) or " +
      '`iso-8859-1` (read as windows-1252).',
    example: 'windows-1252',
  },
  rows: {
    type: 'string',
    description:
      'JSON: the dot path of the array of rows (`result.draws`; absent when the answer is the array), or `.` when ' +
      "the answer is one draw, an object (CAIXA's latest contest). XML (required): the path of the repeated " +
      'element from the root; a single element is a list of one.',
    example: 'result.draws',
  },
  date: {
    ...FIELDS,
    description:
      "The date's field (a JSON dot path, a CSV column or an XML path), or up to 3 fields of its parts, joined " +
      'with `-` (required).',
    example: 'drawDate',
  },
  dateFormat: {
    type: 'string',
    description:
      '`YYYY`, `MM` or `MMM` (`Jan`…`Dec`) and `DD` once each, with literals between them: `DD-MMM-YYYY` (default ' +
      `\`YYYY-MM-DD\`); a time after the date is ignored. \`${EPOCH_MS}\`: milliseconds (a number or numeric ` +
      "text), dated in the lottery's time zone.",
    example: 'DD/MM/YYYY',
  },
  main: {
    ...FIELDS,
    description:
      'The field holding all main numbers, or a list of fields, one per number (required, unless `draws` is given).',
    example: ['n1', 'n2', 'n3', 'n4', 'n5'],
  },
  special: {
    ...FIELDS,
    description: 'The same for special numbers; absent when there are none.',
    example: 'bonus',
  },
  specialFromMain: {
    type: 'integer',
    minimum: 1,
    maximum: 10,
    description:
      'When one field (`main`) holds main and special numbers: how many of its last numbers are special.',
    example: 1,
  },
  round: {
    type: 'string',
    description: "The field of the draw's round, where a date has several: `1`, `2`, … or `ONE`, `TWO`, ….",
    example: 'drawRound',
  },
  contest: {
    type: 'string',
    description:
      "The field of the draw's number (CAIXA's `numero`): the sync keeps the highest one read, and asks a URL " +
      'holding `{contest}` for each number after it, until one is not published yet (404).',
    example: 'numero',
  },
  draws: {
    type: 'array',
    description:
      "A row holding all the draws of its date (NY Take 5's midday and evening): `[{main, special?}, …]`, round 1 " +
      'first, instead of `main`, `special`, `specialFromMain` and `round`; a draw whose main fields are blank is ' +
      'not in the row; on a date of one draw, it is round 1.',
    items: {
      type: 'object',
      properties: { main: FIELDS, special: FIELDS },
      required: ['main'],
      additionalProperties: false,
    },
    minItems: 2,
    maxItems: 10,
    example: [{ main: 'midday' }, { main: 'evening' }],
  },
  undated: {
    type: 'string',
    enum: ['ignore'],
    description:
      "`ignore`: a row whose date is empty is history its publisher left undated (Szerencsejáték's rows before " +
      '2004-11), counted as `ignored`; absent: such a row is rejected.',
    example: 'ignore',
  },
  from: {
    type: 'string',
    format: 'date',
    description:
      '`YYYY-MM-DD`: rows dated before it are counted as `ignored`, not read (an older layout the mapping does not ' +
      'read).',
    example: '2007-07-29',
  },
  filter: {
    ...TEXTS,
    minProperties: 1,
    maxProperties: 5,
    description:
      "`{field: text}`: only rows whose fields hold exactly these texts are read (BCLC's `SEQUENCE NUMBER` 0).",
    example: { 'SEQUENCE NUMBER': '0' },
  },
  separator: {
    type: 'string',
    minLength: 1,
    maxLength: 5,
    description:
      'What separates numbers within one field (default: spaces, commas, semicolons, dashes or pipes).',
    example: ' ',
  },
  delimiter: {
    type: 'string',
    minLength: 1,
    maxLength: 1,
    description: 'The CSV column delimiter (default `,`).',
    example: ';',
  },
  query: {
    ...TEXTS,
    description:
      'Query parameters added to the URL; `{since}` in a value becomes the first date wanted (`YYYY-MM-DD`).',
    example: { from: '{since}' },
  },
  headers: {
    ...TEXTS,
    maxProperties: 20,
    description:
      'Request headers a feed asks automated clients for (Veikkaus: `X-ESA-API-Key: ROBOT`); hop-by-hop headers, ' +
      "the service's own (Host, User-Agent, …) and credentials are refused.",
    example: { 'X-ESA-API-Key': 'ROBOT' },
  },
  method: {
    type: 'string',
    enum: ['GET', 'POST'],
    description: "The request's method (default `GET`).",
    example: 'POST',
  },
  body: {
    oneOf: [{ type: 'string' }, { type: 'object', additionalProperties: true }],
    description:
      "With `POST`: the body, text or a JSON object (sent as JSON); `{since}` in its text as in `query` (The Lott's " +
      'latest results).',
    example: { CompanyId: 'GoldenCasket', MaxDrawCountPerProduct: 5 },
  },
  prizes: {
    type: 'object',
    description:
      'What each draw paid, where the source publishes it: `{currency, decimal?, suffix?, unit?, divisions: [{rank, ' +
      'winners?, amount? or total?, regions?}], jackpot?}` (README, "Adding or changing a source").',
    properties: {
      currency: { type: 'string', pattern: '^[A-Z]{3}$', description: 'ISO 4217 code of the amounts.' },
      decimal: {
        type: 'string',
        enum: ['.', ','],
        description: "The amounts' decimal separator (default `.`).",
      },
      suffix: { type: 'string', description: "Text after an amount, dropped (Szerencsejáték's `Ft`)." },
      unit: {
        type: 'string',
        enum: ['minor'],
        description: "`minor`: the amounts are whole numbers of the currency's minor unit (Veikkaus' cents).",
      },
      divisions: {
        type: 'array',
        minItems: 1,
        maxItems: 50,
        items: {
          type: 'object',
          properties: {
            rank: { type: 'integer', minimum: 1, maximum: 50 },
            winners: { type: 'string', description: "The field of the division's winners." },
            amount: { type: 'string', description: 'The field of the amount per winning line.' },
            total: {
              type: 'string',
              description:
                'Instead of `amount`: the field of what the whole division paid, shared by its winners.',
            },
            regions: {
              ...TEXTS,
              description: 'Country codes (`FR`) to the fields of their winners.',
            },
          },
          required: ['rank'],
          additionalProperties: false,
        },
      },
      jackpot: { type: 'string', description: "The field of the top division's pool." },
    },
    required: ['currency', 'divisions'],
    additionalProperties: false,
    example: {
      currency: 'EUR',
      decimal: ',',
      divisions: [{ rank: 1, winners: 'winners1', amount: 'prize1' }],
    },
  },
} satisfies Record<string, SchemaObject>;

/** The fields of CSV only. */
const CSV_ONLY = {
  header: {
    type: 'boolean',
    description:
      "`false` when the answer has no header line: fields are then column positions, `'1'` the first (default " +
      '`true`).',
    example: false,
  },
} satisfies Record<string, SchemaObject>;

/** The keys the schema declares (generic-mapping.ts checks that they are exactly SourceMapping's). */
export type DeclaredMappingKey = keyof typeof COMMON | keyof typeof CSV_ONLY | 'format';

export const MAPPING_FORMATS = ['json', 'csv', 'xml'] as const;
export type MappingFormat = (typeof MAPPING_FORMATS)[number];

/** The component names of the mapping's schemas in the OpenAPI document. */
export const MAPPING_SCHEMA_NAMES: Record<MappingFormat, string> = {
  json: 'JsonSourceMapping',
  csv: 'CsvSourceMapping',
  xml: 'XmlSourceMapping',
};
export const SOURCE_MAPPING = 'SourceMapping';
/** SourceMapping or null (a source whose adapter is not the generic one): what the DTOs refer to. */
export const SOURCE_MAPPING_OR_NULL = 'SourceMappingOrNull';

const FORMAT_DESCRIPTIONS: Record<MappingFormat, string> = {
  json: 'A JSON answer: an array of rows, an object holding one (`rows`), or one draw (`rows: .`).',
  csv: 'A CSV answer: a header line naming the columns, or none (`header: false`).',
  xml: 'An XML answer: the repeated element (`rows`) holds one draw each.',
};

/** The fields each format's mapping may hold. */
export const MAPPING_PROPERTIES: Record<MappingFormat, Record<string, SchemaObject>> = {
  json: { ...COMMON },
  csv: { ...pick(COMMON, 'archive', 'encoding'), ...CSV_ONLY, ...omit(COMMON, 'archive', 'encoding') },
  xml: { ...COMMON },
};

/** Every key a mapping may hold, in the README's order (format first; CSV's fields hold all the others'). */
export const MAPPING_KEYS: readonly string[] = [
  'format',
  ...new Set((['csv', 'json', 'xml'] as const).flatMap((format) => Object.keys(MAPPING_PROPERTIES[format]))),
];

/** The schema of one format's mapping. */
export function mappingSchema(format: MappingFormat): SchemaObject {
  return {
    type: 'object',
    description: FORMAT_DESCRIPTIONS[format],
    properties: {
      format: { type: 'string', enum: [format], description: 'How the answer is read.' },
      ...MAPPING_PROPERTIES[format],
    },
    required: format === 'xml' ? ['format', 'rows', 'date'] : ['format', 'date'],
    additionalProperties: false,
  };
}

/** The OpenAPI components: each format's schema, and SourceMapping, their union on `format`. */
export const MAPPING_COMPONENTS: Record<string, SchemaObject> = {
  [SOURCE_MAPPING]: {
    description:
      'The generic adapter\'s mapping: where the rows, the date and the numbers are (README, "Adding or changing a ' +
      'source"). One of the formats, chosen by `format`.',
    oneOf: MAPPING_FORMATS.map((format) => ({ $ref: schemaRef(MAPPING_SCHEMA_NAMES[format]) })),
    discriminator: {
      propertyName: 'format',
      mapping: Object.fromEntries(
        MAPPING_FORMATS.map((format) => [format, schemaRef(MAPPING_SCHEMA_NAMES[format])]),
      ),
    },
  },
  // OpenAPI 3.0 says "or null" with `nullable`, which needs a `type` beside it: Nest drops a property's `type` next
  // to a reference, so the nullable reference is a component of its own.
  [SOURCE_MAPPING_OR_NULL]: {
    type: 'object',
    nullable: true,
    description: 'A mapping (the generic adapter), or null (the other adapters).',
    allOf: [{ $ref: schemaRef(SOURCE_MAPPING) }],
  },
  ...Object.fromEntries(
    MAPPING_FORMATS.map((format) => [MAPPING_SCHEMA_NAMES[format], mappingSchema(format)]),
  ),
};

/** The nested objects' keys, as their messages list them. */
export const PRIZE_KEYS = Object.keys(COMMON.prizes.properties);
export const DIVISION_KEYS = Object.keys(COMMON.prizes.properties.divisions.items.properties);
export const ROW_DRAW_KEYS = Object.keys(COMMON.draws.items.properties);

function schemaRef(name: string): string {
  return `#/components/schemas/${name}`;
}

function pick<T extends object, K extends keyof T>(value: T, ...keys: K[]): Pick<T, K> {
  return Object.fromEntries(keys.map((key) => [key, value[key]])) as Pick<T, K>;
}

function omit<T extends object, K extends keyof T>(value: T, ...keys: K[]): Omit<T, K> {
  return Object.fromEntries(
    Object.entries(value).filter(([key]) => !(keys as string[]).includes(key)),
  ) as Omit<T, K>;
}
