import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

export class ImportLineErrorDto {
  @ApiProperty({ example: 12, description: '1-based line of the CSV file.' })
  line!: number;

  @ApiProperty({ example: 'Main number 70 is out of range 1-69 for draws from 2015-10-07.' })
  message!: string;
}

/** What an import did. Rejected lines are never written; every other line is. */
export class ImportResultDto {
  @ApiProperty({ example: 3 })
  inserted!: number;

  @ApiProperty({ example: 1, description: 'Existing draws whose numbers changed.' })
  updated!: number;

  @ApiProperty({ example: 0, description: 'Existing draws with the same numbers (not rewritten).' })
  unchanged!: number;

  @ApiPropertyOptional({
    example: 0,
    description:
      'Only for a file with prize columns: draws whose prizes were stored or changed (equal ones are not rewritten).',
  })
  prizes?: number;

  @ApiProperty({
    type: () => ImportLineErrorDto,
    isArray: true,
    description: 'Rejected lines, by line number.',
  })
  errors!: ImportLineErrorDto[];
}
