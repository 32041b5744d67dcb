import { CanActivate, ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import ipaddr from 'ipaddr.js';
import { ApiError } from '../../common/errors/api-error';
import { Messages } from '../../common/errors/messages';
import { SETTINGS } from '../../config/settings.module';
import type { Settings } from '../../config/settings';

/**
 * `GET /metrics` with METRICS_TOKEN set: only a scraper that sends it as a bearer token (Prometheus's
 * `authorization: {credentials: …}`) reads the figures; anyone else gets the contract's 401 body. Without the
 * setting only clients on this machine read them (a scraper beside the service, `curl localhost`): the client
 * address as TRUST_PROXY resolves it, so a request relayed by a local reverse proxy counts as its real client's.
 * A service listening on every interface does not publish its routes, traffic and accounts' rejections to the world.
 */
@Injectable()
export class MetricsTokenGuard implements CanActivate {
  private readonly expected: Buffer | null;

  constructor(@Inject(SETTINGS) settings: Settings) {
    this.expected = settings.metricsToken ? digest(settings.metricsToken) : null;
  }

  canActivate(context: ExecutionContext): boolean {
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    if (!this.expected) {
      if (isLoopback(request.ip)) return true;
      throw ApiError.forbidden(Messages.metricsLocalOnly);
    }
    const header = request.headers.authorization;
    const match = typeof header === 'string' ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
    // Digests of equal length, compared in constant time: the answer's timing says nothing about the token.
    if (match && timingSafeEqual(digest(match[1]), this.expected)) return true;
    throw ApiError.unauthorized(Messages.metricsTokenInvalid);
  }
}

function isLoopback(address: string): boolean {
  return ipaddr.isValid(address) && ipaddr.process(address).range() === 'loopback';
}

function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}
