import { jsonSchemaOf, type OpenApiDocument } from './output-schemas';

const document: OpenApiDocument = {
  paths: {},
  components: {
    schemas: {
      Next: {
        type: 'object',
        properties: { date: { type: 'string', format: 'date', example: '2026-01-01' } },
        required: ['date'],
      },
      Status: { type: 'string', enum: ['current', 'stale'] },
      Lottery: {
        type: 'object',
        properties: {
          nextDraw: { allOf: [{ $ref: '#/components/schemas/Next' }], nullable: true, type: 'object' },
          status: { $ref: '#/components/schemas/Status', nullable: true, description: 'How current.' },
          source: { type: 'string', nullable: true },
          order: { type: 'string', default: false, oneOf: [{ type: 'boolean' }, { type: 'string' }] },
        },
      },
      Loop: { type: 'object', properties: { self: { $ref: '#/components/schemas/Loop' } } },
    },
  },
};

describe('jsonSchemaOf (OpenAPI 3.0 schemas of the document → self-contained JSON Schema)', () => {
  it('inlines $refs and turns nullable into a null alternative, examples dropped', () => {
    expect(jsonSchemaOf(document, { $ref: '#/components/schemas/Lottery' })).toEqual({
      type: 'object',
      properties: {
        nextDraw: {
          anyOf: [
            {
              allOf: [
                {
                  type: 'object',
                  properties: { date: { type: 'string', format: 'date' } },
                  required: ['date'],
                },
              ],
              type: 'object',
            },
            { type: 'null' },
          ],
        },
        status: { type: ['string', 'null'], enum: ['current', 'stale', null], description: 'How current.' },
        source: { type: ['string', 'null'] },
        order: { default: false, oneOf: [{ type: 'boolean' }, { type: 'string' }] },
      },
    });
  });

  it('refuses a ref it cannot resolve and a schema that contains itself', () => {
    expect(() => jsonSchemaOf(document, { $ref: '#/components/schemas/Nope' })).toThrow(/Unresolvable/);
    expect(() => jsonSchemaOf(document, { $ref: '#/components/schemas/Loop' })).toThrow(/Recursive/);
  });
});
