import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { MeteringService } from '../../metering/metering.service';
import { meterOf } from '../../metering/request-meter';
import { licensedPrincipal } from '../principal';

/** Step 5 of contract section 5: the monthly quota is used up → 403. Looks, consumes nothing. */
@Injectable()
export class QuotaGuard implements CanActivate {
  constructor(private readonly metering: MeteringService) {}

  canActivate(context: ExecutionContext): boolean | Promise<boolean> {
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    const checked = this.metering.checkQuota(meterOf(request), licensedPrincipal(request));
    return checked ? checked.then(() => true) : true;
  }
}
