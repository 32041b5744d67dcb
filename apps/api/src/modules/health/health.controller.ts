import { Controller, Get, Header, Res } from '@nestjs/common';
import {
  ApiExtraModels,
  ApiOkResponse,
  ApiOperation,
  ApiServiceUnavailableResponse,
  ApiTags,
} from '@nestjs/swagger';
import { HealthCheck } from '@nestjs/terminus';
import type { FastifyReply } from 'fastify';
import { ApiErrorResponse } from '../../common/errors/api-error-response.decorator';
import { Messages } from '../../common/errors/messages';
import { JSON_CONTENT_TYPE } from '../../common/http/json-content-type';
import { Auth } from '../guards/auth.decorator';
import { DependencyStatusDto, ReadinessDto } from './readiness.dto';
import { Readiness, ReadinessService } from './readiness.service';

const LIVE = JSON.stringify({ status: 'ok', info: {}, error: {}, details: {} });

/**
 * The probes' only client error: REQUEST_TIMEOUT_MS applies to every route, and a readiness check may take up to a
 * second (its pings' timeouts) while the setting goes down to 100 ms.
 */
const TIMEOUT_DESCRIPTION = 'Not answered within REQUEST_TIMEOUT_MS.';

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
  @ApiOperation({ summary: 'Liveness: the process is up and answers.' })
  @ApiErrorResponse(408, TIMEOUT_DESCRIPTION, Messages.requestTimeout)
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
  @ApiOperation({ summary: 'Readiness: whether this instance can serve (for a load balancer).' })
  @ApiErrorResponse(408, TIMEOUT_DESCRIPTION, Messages.requestTimeout)
  @ApiExtraModels(DependencyStatusDto)
  @ApiOkResponse({ type: ReadinessDto, description: '`ok`, or `degraded` while reads are still served.' })
  @ApiServiceUnavailableResponse({ type: ReadinessDto, description: 'This instance cannot serve.' })
  async ready(@Res({ passthrough: true }) reply: FastifyReply): Promise<Readiness> {
    const readiness = await this.readiness.check();
    if (readiness.status === 'error') void reply.status(503);
    return readiness;
  }
}
