import { ApiProperty } from '@nestjs/swagger';
import type { License } from '../license.entity';

/** A license as the API shows it (contract section 4). */
export class LicenseDto {
  @ApiProperty({ example: 'free', pattern: '^[a-z0-9][a-z0-9_-]{0,63}$' })
  name!: string;

  @ApiProperty({
    type: 'integer',
    nullable: true,
    example: 1000,
    description: 'Metered requests allowed per calendar month (UTC); null = unlimited.',
  })
  monthlyQuota!: number | null;

  @ApiProperty({ type: 'integer', example: 20, description: 'Requests allowed per second.' })
  perSecond!: number;

  @ApiProperty({ type: 'integer', example: 1200, description: 'Requests allowed per minute.' })
  perMinute!: number;

  @ApiProperty({ type: 'integer', example: 72000, description: 'Requests allowed per hour.' })
  perHour!: number;
}

export function toLicenseDto(license: License): LicenseDto {
  return {
    name: license.name,
    monthlyQuota: license.monthlyQuota,
    perSecond: license.perSecond,
    perMinute: license.perMinute,
    perHour: license.perHour,
  };
}
