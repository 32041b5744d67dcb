import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { MeteringService } from '../../metering/metering.service';
import { meterOf } from '../../metering/request-meter';
import { licensedPrincipal } from '../principal';
import { quotaCostOf } from '../route-access';

/**
 * Step 5 of contract section 5: the monthly quota leaves fewer units than the route costs → 403. Looks, consumes
 * nothing.
 */
@Injectable()
export class QuotaGuard implements CanActivate {
  constructor(private readonly metering: MeteringService) {}

  canActivate(context: ExecutionContext): boolean | Promise<boolean> {
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    const cost = quotaCostOf(request.routeOptions.config);
    const checked = this.metering.checkQuota(meterOf(request), licensedPrincipal(request), cost);
    return checked ? checked.then(() => true) : true;
  }
}
