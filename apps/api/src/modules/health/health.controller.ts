import { Controller, Get, Inject } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import {
  HealthCheck,
  HealthCheckService,
  HealthIndicatorService,
  TypeOrmHealthIndicator,
} from '@nestjs/terminus';
import type Redis from 'ioredis';
import { Auth } from '../../common/auth/auth.decorator';
import { REDIS } from '../../common/redis/redis.module';

@ApiTags('operations')
@Controller('health')
export class HealthController {
  constructor(
    private readonly health: HealthCheckService,
    private readonly database: TypeOrmHealthIndicator,
    private readonly indicators: HealthIndicatorService,
    @Inject(REDIS) private readonly redis: Redis | null,
  ) {}

  /** The process is up. */
  @Get('live')
  @Auth('public', { ipRateLimit: false })
  @HealthCheck()
  live() {
    return this.health.check([]);
  }

  /** The process can serve: PostgreSQL answers (and Redis, when configured). */
  @Get('ready')
  @Auth('public', { ipRateLimit: false })
  @HealthCheck()
  ready() {
    return this.health.check([
      () => this.database.pingCheck('database', { timeout: 3000 }),
      ...(this.redis ? [() => this.pingRedis()] : []),
    ]);
  }

  private async pingRedis() {
    const indicator = this.indicators.check('redis');
    try {
      await this.redis?.ping();
      return indicator.up();
    } catch (error) {
      return indicator.down({ message: (error as Error).message });
    }
  }
}
