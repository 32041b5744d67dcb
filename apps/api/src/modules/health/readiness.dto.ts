import { ApiProperty } from '@nestjs/swagger';

export class DependencyStatusDto {
  @ApiProperty({ enum: ['up', 'down'] })
  status!: 'up' | 'down';

  @ApiProperty({ required: false, description: 'Why it is down.' })
  message?: string;

  @ApiProperty({
    required: false,
    enum: ['redis', 'postgresql', 'switching'],
    description:
      '`redis` only: where this instance counts quota units. `postgresql` while Redis does not answer this ' +
      'instance or another one (every instance switches together, so that the quota stays exact); `switching` ' +
      'for the few hundred milliseconds of a switch.',
  })
  quotas?: 'redis' | 'postgresql' | 'switching';
}

/** GET /health/ready: what a load balancer reads. */
export class ReadinessDto {
  @ApiProperty({
    enum: ['ok', 'degraded', 'error'],
    description:
      '`ok`; `degraded`: a dependency is down (PostgreSQL or Redis) but metered reads are served; ' +
      '`error` (with HTTP 503): this instance cannot serve.',
  })
  status!: 'ok' | 'degraded' | 'error';

  @ApiProperty({
    description: 'Per dependency: `catalog` (the in-memory lotteries and draws), `database`, `redis`.',
    additionalProperties: { $ref: '#/components/schemas/DependencyStatusDto' },
  })
  details!: Record<string, DependencyStatusDto>;
}
