import { Injectable } from '@nestjs/common';
import {
  InjectThrottlerOptions,
  normalizeIp,
  type ThrottlerModuleOptions,
  type ThrottlerOptions,
} from '@nestjs/throttler';
import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { isInProcessRequest } from '../../../common/http/in-process-request';
import { MeteringService } from '../../metering/metering.service';
import { meterOf } from '../../metering/request-meter';
import { routeAccess } from '../route-access';
import { CLIENT_IP_THROTTLER_PREFIX, throttlerKey } from './throttlers';

interface ClientIpWindow {
  name: string;
  windowMs: number;
  limit: number;
}

/**
 * IP_RATE_LIMIT per client IP, counted in an `onRequest` hook: before the body is read or parsed and before any
 * token or JWT is looked at, so an address over its limit costs one counter-store call and nothing else. Every
 * request is counted (unknown routes and files too) but on routes declared with `@Auth(…, { ipRateLimit: false })`
 * (the health probes) and the service's own in-process requests (an MCP tool call's route: its POST was counted).
 *
 * The windows are @nestjs/throttler's `client-ip-*` named throttlers (throttlers.ts), read once; the tracker is
 * the package's (normalizeIp: the IP Fastify resolved under TRUST_PROXY, IPv6 grouped by /64), the key the one
 * the module's generateKey makes. They are counted together by MeteringService, in one store call, as before;
 * a refusal is the contract's 429 with Retry-After and the X-RateLimit-* headers of the request's meter.
 * (A Nest guard runs only after the body is parsed, which is why this is a hook.)
 */
@Injectable()
export class ClientIpLimit {
  private readonly windows: ClientIpWindow[];
  private readonly ipv6SubnetPrefix: number | undefined;

  constructor(
    @InjectThrottlerOptions() options: ThrottlerModuleOptions,
    private readonly metering: MeteringService,
  ) {
    const throttlers: ThrottlerOptions[] = Array.isArray(options) ? options : options.throttlers;
    this.windows = throttlers
      .filter((throttler) => throttler.name?.startsWith(CLIENT_IP_THROTTLER_PREFIX))
      .map(toWindow)
      .sort((a, b) => a.windowMs - b.windowMs);
    this.ipv6SubnetPrefix = Array.isArray(options) ? undefined : options.ipv6SubnetPrefix;
  }

  /** False with IP_RATE_LIMIT=off: then no hook is installed at all. */
  get enabled(): boolean {
    return this.windows.length > 0;
  }

  /** Installs the hook (after CORS's, so that a browser can read the 429); none with IP_RATE_LIMIT=off. */
  install(fastify: FastifyInstance): void {
    if (this.enabled) fastify.addHook('onRequest', this.count);
  }

  /** The onRequest hook: counts the request's address against every window at once, or refuses it. */
  readonly count = (request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction): void => {
    if (routeAccess(request.routeOptions.config)?.ipRateLimit === false) return done();
    // An MCP tool call's in-process request: its MCP POST was counted when it arrived.
    if (isInProcessRequest(request)) return done();
    const client = normalizeIp(request.ip, this.ipv6SubnetPrefix);
    const rules = this.windows.map(({ name, windowMs, limit }) => ({
      key: throttlerKey(name, client),
      windowMs,
      limit,
    }));
    // A refusal (ApiError 429) goes to the error handler like any other: the contract's body, the meter's headers.
    this.metering.enforceRateLimits(meterOf(request), rules).then(() => done(), done);
  };
}

/** IP_RATE_LIMIT's windows are fixed numbers (throttlers.ts); anything else is a mistake caught at start-up. */
function toWindow(throttler: ThrottlerOptions): ClientIpWindow {
  const { name, ttl, limit } = throttler;
  if (typeof ttl !== 'number' || typeof limit !== 'number') {
    throw new Error(`The client-IP throttler ${name} needs a fixed ttl and limit`);
  }
  return { name: name as string, windowMs: ttl, limit };
}
