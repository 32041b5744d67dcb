import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

/** The one error body of the contract: `{code, error, message}` (message absent on 429). */
export class ErrorBodyDto {
  @ApiProperty({
    example: 404,
    description: "Mostly the HTTP status; validation errors carry 401 (the seed's quirk) with HTTP 400.",
  })
  code!: number;

  @ApiProperty({ example: 'Not Found', description: 'HTTP status text.' })
  error!: string;

  @ApiPropertyOptional({ example: 'Lottery not found.', description: 'What went wrong. Absent on 429.' })
  message?: string;
}
