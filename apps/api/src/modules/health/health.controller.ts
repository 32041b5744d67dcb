import { Controller, Get, Header, Res } from '@nestjs/common';
import { ApiExtraModels, ApiOkResponse, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import { HealthCheck } from '@nestjs/terminus';
import type { FastifyReply } from 'fastify';
import { JSON_CONTENT_TYPE } from '../../common/http/json-content-type';
import { Auth } from '../guards/auth.decorator';
import { DependencyStatusDto, ReadinessDto } from './readiness.dto';
import { Readiness, ReadinessService } from './readiness.service';

const LIVE = JSON.stringify({ status: 'ok', info: {}, error: {}, details: {} });

@ApiTags('operations')
@Controller('health')
export class HealthController {
  constructor(private readonly readiness: ReadinessService) {}

  /**
   * The process is up: it answers. Terminus's answer to a check of nothing, written once (asking terminus for it
   * on every probe cost more than the rest of the request).
   */
  @Get('live')
  @Auth('public', { ipRateLimit: false })
  @HealthCheck()
  @Header('Content-Type', JSON_CONTENT_TYPE)
  live(): string {
    return LIVE;
  }

  /**
   * Whether this instance can serve: 200 with `ok`, or `degraded` while a dependency is down but metered reads are
   * still served (PostgreSQL or Redis down); 503 when it cannot serve at all.
   */
  @Get('ready')
  @Auth('public', { ipRateLimit: false })
  @ApiExtraModels(DependencyStatusDto)
  @ApiOkResponse({ type: ReadinessDto, description: '`ok`, or `degraded` while reads are still served.' })
  @ApiServiceUnavailableResponse({ type: ReadinessDto, description: 'This instance cannot serve.' })
  async ready(@Res({ passthrough: true }) reply: FastifyReply): Promise<Readiness> {
    const readiness = await this.readiness.check();
    if (readiness.status === 'error') void reply.status(503);
    return readiness;
  }
}
