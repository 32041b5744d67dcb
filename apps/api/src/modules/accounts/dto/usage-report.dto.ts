import { ApiProperty } from '@nestjs/swagger';
import { UsageDto } from './account.dto';

/** Charged requests split by outcome: `count` = `success` + `errors`. */
class OutcomeCountsDto {
  @ApiProperty({ type: 'integer', example: 17, description: 'Charged requests.' })
  count!: number;

  @ApiProperty({ type: 'integer', example: 15, description: 'Of them, answered with success (2xx/3xx).' })
  success!: number;

  @ApiProperty({
    type: 'integer',
    example: 2,
    description: 'Of them, answered with a client error (4xx: bad input, unknown lottery or draw).',
  })
  errors!: number;
}

export class DailyUsageDto extends OutcomeCountsDto {
  @ApiProperty({ example: '2026-11-21', description: "UTC day, 'YYYY-MM-DD'." })
  date!: string;
}

export class TokenUsageDto extends OutcomeCountsDto {
  @ApiProperty({ example: 'production', description: "The token's id." })
  id!: string;
}

/** Usage for one month, day by day and token by token. */
export class UsageReportDto extends UsageDto {
  @ApiProperty({
    type: 'integer',
    example: 40,
    description: "The month's charged requests answered with success.",
  })
  success!: number;

  @ApiProperty({
    type: 'integer',
    example: 2,
    description: "The month's charged requests answered with a client error.",
  })
  errors!: number;

  @ApiProperty({ type: () => [DailyUsageDto], description: 'Days with at least one request, ascending.' })
  daily!: DailyUsageDto[];

  @ApiProperty({
    type: () => [TokenUsageDto],
    description:
      "The month's requests per token, most used first: tokens that still exist and were used. Requests of deleted " +
      'tokens count in the totals only.',
  })
  tokens!: TokenUsageDto[];
}
