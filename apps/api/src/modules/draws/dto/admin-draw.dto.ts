import { ApiProperty } from '@nestjs/swagger';
import { DrawDto } from './draw.dto';

/** A draw with its provenance (administrators). */
export class AdminDrawDto extends DrawDto {
  @ApiProperty({
    type: String,
    nullable: true,
    example: 'socrata-powerball https://data.ny.gov/resource/d6yy-54nr.json',
    description:
      'The source the numbers were fetched from ("adapter url"); null when they come from the bundled data, ' +
      'an administrator or an import.',
  })
  source!: string | null;

  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: 'When they were fetched.' })
  fetchedAt!: string | null;

  @ApiProperty({ format: 'date-time', description: 'When the stored numbers last changed.' })
  updatedAt!: string;
}
