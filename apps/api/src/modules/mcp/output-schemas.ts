/** A JSON Schema (or an OpenAPI 3.0 schema object, before conversion): plain JSON. */
export type JsonSchema = { [keyword: string]: unknown };

/** The parts of the OpenAPI document the tools read. */
export interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>;
  components?: { schemas?: Record<string, JsonSchema> };
}

export interface OpenApiParameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  description?: string;
  schema?: JsonSchema;
}

export interface OpenApiOperation {
  parameters?: OpenApiParameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  responses?: Record<string, { content?: Record<string, { schema?: JsonSchema }> }>;
}

const REF_PREFIX = '#/components/schemas/';

/** Documentation only: dropped to keep the schemas an agent reads short (the descriptions stay). */
const DROPPED = new Set([
  'example',
  'examples',
  'xml',
  'externalDocs',
  'deprecated',
  'readOnly',
  'writeOnly',
]);

/**
 * A self-contained JSON Schema from an OpenAPI 3.0 schema of the document: every `$ref` to a component replaced
 * by the component itself, and OpenAPI's own dialect turned into JSON Schema, so that any MCP client validates
 * the answers with it (the official one does, with ajv):
 * - `nullable: true` becomes a `null` alternative (`type: [t, 'null']`, or `anyOf` around a `$ref`/`allOf`);
 * - a `type` beside a `oneOf`/`anyOf` whose branches each have their own (what @nestjs/swagger writes for
 *   `sort_number`'s boolean-or-string) is dropped: JSON Schema would require both.
 * The schemas come from the DTOs that the REST routes document (one definition); a component referring to
 * itself would have no finite inline form, and is refused.
 */
export function jsonSchemaOf(document: OpenApiDocument, schema: JsonSchema): JsonSchema {
  return convert(document, schema, []);
}

function convert(document: OpenApiDocument, schema: JsonSchema, seen: string[]): JsonSchema {
  const ref = schema.$ref;
  if (typeof ref === 'string') {
    const name = ref.startsWith(REF_PREFIX) ? ref.slice(REF_PREFIX.length) : undefined;
    const target = name === undefined ? undefined : document.components?.schemas?.[name];
    if (!name || !target) throw new Error(`Unresolvable $ref in the OpenAPI document: ${ref}`);
    if (seen.includes(name)) throw new Error(`Recursive schema ${name}: no self-contained form`);
    const { $ref: _ref, ...siblings } = schema;
    const resolved = convert(document, target, [...seen, name]);
    // A $ref's siblings (nullable, a description) apply to the resolved schema.
    return Object.keys(siblings).length ? convert(document, { ...resolved, ...siblings }, seen) : resolved;
  }
  const out: JsonSchema = {};
  for (const [keyword, value] of Object.entries(schema)) {
    if (DROPPED.has(keyword) || keyword === 'nullable') continue;
    out[keyword] = convertKeyword(document, keyword, value, seen);
  }
  const branches = (out.oneOf ?? out.anyOf) as JsonSchema[] | undefined;
  if (branches && out.type !== undefined && branches.every((branch) => branch.type !== undefined)) {
    delete out.type;
  }
  return schema.nullable === true ? nullableOf(out) : out;
}

function convertKeyword(document: OpenApiDocument, keyword: string, value: unknown, seen: string[]): unknown {
  const sub = (item: unknown) => convert(document, item as JsonSchema, seen);
  switch (keyword) {
    case 'properties':
      return Object.fromEntries(
        Object.entries(value as Record<string, unknown>).map(([name, item]) => [name, sub(item)]),
      );
    case 'items':
    case 'not':
      return sub(value);
    case 'additionalProperties':
      return typeof value === 'object' && value !== null ? sub(value) : value;
    case 'allOf':
    case 'anyOf':
    case 'oneOf':
      return (value as unknown[]).map(sub);
    default:
      return value;
  }
}

/** `schema`, or null. */
function nullableOf(schema: JsonSchema): JsonSchema {
  const { type } = schema;
  if (typeof type === 'string' && !schema.allOf && !schema.oneOf && !schema.anyOf) {
    const nullable: JsonSchema = { ...schema, type: [type, 'null'] };
    if (Array.isArray(schema.enum)) nullable.enum = [...(schema.enum as unknown[]), null];
    return nullable;
  }
  const { description, ...rest } = schema;
  return {
    ...(description === undefined ? {} : { description }),
    anyOf: [rest, { type: 'null' }],
  };
}

/** The schema of an operation's 200 answer in JSON, converted; undefined when the document gives none. */
export function answerSchemaOf(
  document: OpenApiDocument,
  operation: OpenApiOperation,
): JsonSchema | undefined {
  const schema = operation.responses?.['200']?.content?.['application/json']?.schema;
  return schema && jsonSchemaOf(document, schema);
}

/** The schema of an operation's JSON request body, converted; undefined for an operation without one. */
export function bodySchemaOf(document: OpenApiDocument, operation: OpenApiOperation): JsonSchema | undefined {
  const schema = operation.requestBody?.content?.['application/json']?.schema;
  return schema && jsonSchemaOf(document, schema);
}

/** The operation at `method` `path` (OpenAPI's template, `/lottery/{tag}`), or a start-up error naming it. */
export function operationOf(document: OpenApiDocument, method: string, path: string): OpenApiOperation {
  const operation = document.paths[path]?.[method.toLowerCase()];
  if (!operation) throw new Error(`The OpenAPI document has no ${method} ${path}`);
  return operation;
}
