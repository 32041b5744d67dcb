import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { MeteringService } from '../../metering/metering.service';
import { meterOf } from '../../metering/request-meter';
import { licensedPrincipal } from '../principal';

/**
 * Steps 6 and 7 of contract section 5, counted together: the account's rate limits (429), then one unit of quota
 * (403 when used up). It is the last guard of the chain, so it runs once every check has passed and before
 * validation (step 8): bad input, an unknown lottery or a missing draw still count, and steps 1–6 never do. (A
 * guard rather than an interceptor: Nest wraps each interceptor call in an AsyncResource, measured at ≈ 14% of a
 * metered request.) The increment is atomic: when concurrent requests race for the last unit, exactly one wins.
 */
@Injectable()
export class QuotaChargeGuard implements CanActivate {
  constructor(private readonly metering: MeteringService) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    await this.metering.charge(meterOf(request), licensedPrincipal(request));
    return true;
  }
}
