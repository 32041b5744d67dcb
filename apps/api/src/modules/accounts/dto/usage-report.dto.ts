import { ApiProperty } from '@nestjs/swagger';
import { UsageDto } from './account.dto';

export class DailyUsageDto {
  @ApiProperty({ example: '2026-11-21', description: "UTC day, 'YYYY-MM-DD'." })
  date!: string;

  @ApiProperty({ type: 'integer', example: 17 })
  count!: number;
}

/** Usage for one month, with the days that had metered requests. */
export class UsageReportDto extends UsageDto {
  @ApiProperty({ type: () => [DailyUsageDto], description: 'Days with at least one request, ascending.' })
  daily!: DailyUsageDto[];
}
