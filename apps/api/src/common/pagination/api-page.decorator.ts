import { applyDecorators, Type } from '@nestjs/common';
import {
  ApiExtraModels,
  ApiOkResponse,
  type ApiResponseCommonMetadata,
  getSchemaPath,
} from '@nestjs/swagger';

/** Documents a paginated envelope whose list key is `listKey` and whose items are `model`. */
export function ApiPage(
  listKey: string,
  model: Type<unknown>,
  headers?: ApiResponseCommonMetadata['headers'],
) {
  return applyDecorators(
    ApiExtraModels(model),
    ApiOkResponse({
      description: `A page of ${listKey}. With limit=0 the '${listKey}' key is omitted.`,
      headers,
      schema: {
        type: 'object',
        required: ['limit', 'offset', 'more', 'total'],
        properties: {
          [listKey]: { type: 'array', items: { $ref: getSchemaPath(model) } },
          limit: { type: 'integer', description: 'Page size applied (max 15).' },
          offset: { type: 'integer' },
          more: { type: 'boolean', description: 'offset + returned < total' },
          total: { type: 'integer', description: 'Size of the whole filtered set.' },
        },
      },
    }),
  );
}
