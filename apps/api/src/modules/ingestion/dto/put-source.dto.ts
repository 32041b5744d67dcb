import {
  ApiProperty,
  ApiPropertyOptional,
  type ApiPropertyOptions,
  type SchemaObject,
} from '@nestjs/swagger';
import { IsArray, IsBoolean, IsIn, IsObject, IsOptional, IsString, ValidateIf } from 'class-validator';
import { Messages } from '../../../common/errors/messages';
import { ADAPTER_NAMES } from '../domain/adapter-names';
import { SOURCE_MAPPING_OR_NULL } from '../domain/mapping-schema';

/** A mapping (the schema declared in mapping-schema.ts), or null. */
const MAPPING_OR_NULL: SchemaObject = {
  allOf: [{ $ref: `#/components/schemas/${SOURCE_MAPPING_OR_NULL}` }],
};
/** The same for a decorator. */
export const mappingProperty = MAPPING_OR_NULL as ApiPropertyOptions;

const adapterMessage = Messages.invalidField('adapter', `one of ${ADAPTER_NAMES.join(', ')}`);

/** A lottery's source, whole (PUT replaces it). The URL and the mapping are checked by parseSourceConfig. */
export class PutSourceDto {
  @ApiProperty({ enum: ADAPTER_NAMES, example: 'socrata-powerball' })
  @IsIn(ADAPTER_NAMES, { message: adapterMessage })
  @IsString({ message: adapterMessage })
  adapter!: string;

  @ApiProperty({
    example: 'https://data.ny.gov/resource/d6yy-54nr.json',
    description:
      'A public https URL; plain http and private addresses only for hosts in SYNC_ALLOWED_HOSTS. Redirects are followed (5 at most), each checked the same way.',
  })
  @IsString({ message: Messages.invalidField('url', 'an absolute http or https URL') })
  url!: string;

  @ApiPropertyOptional({
    ...mappingProperty,
    description:
      'The generic adapter only (null for the others): where the rows, the date and the numbers are.',
    example: { format: 'csv', date: 'Date', dateFormat: 'DD/MM/YYYY', main: 'Numbers', special: 'Bonus' },
  })
  @IsOptional()
  @ValidateIf((_dto, value) => value !== null)
  @IsObject({ message: Messages.invalidField('mapping', 'an object, or null') })
  mapping?: Record<string, unknown> | null;

  @ApiPropertyOptional({
    type: 'array',
    items: {
      type: 'object',
      properties: {
        adapter: { type: 'string', enum: [...ADAPTER_NAMES] },
        url: { type: 'string' },
        mapping: { ...MAPPING_OR_NULL, description: 'The generic adapter only.' },
      },
      required: ['adapter', 'url'],
    },
    maxItems: 5,
    description:
      'Up to 5 more publications {adapter, url, mapping?}, tried in order when the one before fails to be fetched ' +
      'or read; each checked like the first. Omitted: the stored fallbacks are kept; [] removes them.',
  })
  @IsOptional()
  @IsArray({ message: Messages.invalidField('fallbacks', 'a list of sources {adapter, url, mapping?}') })
  fallbacks?: Record<string, unknown>[];

  @ApiPropertyOptional({ default: true, description: 'false keeps the source but stops polling it.' })
  @IsOptional()
  @IsBoolean({ message: Messages.invalidField('enabled', 'true or false') })
  enabled?: boolean;
}
