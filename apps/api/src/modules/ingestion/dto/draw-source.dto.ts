import { ApiProperty } from '@nestjs/swagger';
import { ADAPTER_NAMES } from '../adapters/adapters';

export class DrawSourceDto {
  @ApiProperty({ example: 'us_powerball' })
  lottery!: string;

  @ApiProperty({ enum: ADAPTER_NAMES, example: 'socrata-powerball' })
  adapter!: string;

  @ApiProperty({ example: 'https://data.ny.gov/resource/d6yy-54nr.json' })
  url!: string;

  @ApiProperty({
    type: 'object',
    additionalProperties: true,
    nullable: true,
    description: 'Generic adapter only.',
  })
  mapping!: Record<string, unknown> | null;

  @ApiProperty()
  enabled!: boolean;
}
