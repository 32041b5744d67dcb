import { ApiProperty } from '@nestjs/swagger';
import { ADAPTER_NAMES } from '../domain/adapter-names';
import { mappingProperty } from './put-source.dto';

/** One publication: its adapter, URL and (generic adapter) mapping. */
export class SourceEndpointDto {
  @ApiProperty({ enum: ADAPTER_NAMES, example: 'generic' })
  adapter!: string;

  @ApiProperty({
    example: 'https://raw.githubusercontent.com/jbaranski/jeffs-lottery-utils/main/numbers/powerball.csv',
  })
  url!: string;

  @ApiProperty({ ...mappingProperty, description: 'Generic adapter only.' })
  mapping!: Record<string, unknown> | null;
}

export class DrawSourceDto {
  @ApiProperty({ example: 'us_powerball' })
  lottery!: string;

  @ApiProperty({ enum: ADAPTER_NAMES, example: 'socrata-powerball' })
  adapter!: string;

  @ApiProperty({ example: 'https://data.ny.gov/resource/d6yy-54nr.json' })
  url!: string;

  @ApiProperty({ ...mappingProperty, description: 'Generic adapter only.' })
  mapping!: Record<string, unknown> | null;

  @ApiProperty({
    type: () => SourceEndpointDto,
    isArray: true,
    description: 'Tried in order when the source before fails (unreachable, refused, a changed format).',
  })
  fallbacks!: SourceEndpointDto[];

  @ApiProperty()
  enabled!: boolean;
}
