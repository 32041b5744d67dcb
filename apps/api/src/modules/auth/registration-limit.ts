import { Inject, Injectable } from '@nestjs/common';
import { normalizeIp } from '@nestjs/throttler';
import type { FastifyRequest } from 'fastify';
import { SETTINGS } from '../../config/settings.module';
import type { Settings } from '../../config/settings';
import { MeteringService } from '../metering/metering.service';
import { meterOf } from '../metering/request-meter';

/**
 * REGISTRATION_RATE_LIMIT (contract section 3's abuse limits): registrations per client IP, counted by the
 * metering service in the shared counter store (Redis when REDIS_URL is set, so every instance counts against
 * the same windows), with the same GCRA windows, 429 and headers as IP_RATE_LIMIT.
 *
 * The client is the one IP_RATE_LIMIT counts: the address Fastify resolved under TRUST_PROXY, an IPv6 address
 * grouped by its /64 as @nestjs/throttler's tracker does (normalizeIp is that tracker).
 */
@Injectable()
export class RegistrationLimit {
  private readonly rules: { prefix: string; windowMs: number; limit: number }[];

  constructor(
    private readonly metering: MeteringService,
    @Inject(SETTINGS) settings: Settings,
  ) {
    this.rules = (settings.registrationRateLimit ?? []).map(({ limit, windowSeconds }) => ({
      prefix: `rate:registration-${windowSeconds}s:`,
      windowMs: windowSeconds * 1000,
      limit,
    }));
  }

  /**
   * Counts one registration attempt from the request's client, or refuses it with the contract's 429 and
   * Retry-After (a refused attempt is not counted). Called once the body is valid, password strength included (a
   * typo's 400 must not use up the address's registrations), and before the hashing and the database.
   */
  async count(request: FastifyRequest): Promise<void> {
    if (this.rules.length === 0) return;
    const client = normalizeIp(request.ip);
    const rules = this.rules.map(({ prefix, windowMs, limit }) => ({
      key: prefix + client,
      windowMs,
      limit,
    }));
    await this.metering.enforceRateLimits(meterOf(request), rules);
  }
}
