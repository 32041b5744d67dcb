import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { Admission, refusalError } from '../../metering/admission';
import { meterOf, recordOnMeter } from '../../metering/request-meter';
import { licensedPrincipal } from '../principal';
import { quotaCostOf } from '../route-access';

/**
 * Steps 5–7 of contract section 5, the last guard of a metered route: the quota, the license's rate limits and the
 * charge of the route's cost, decided by admission (metering/admission.ts) in one counter round trip. It runs
 * before validation (step 8): bad input, an unknown lottery or a missing draw still count; steps 1–4 never do.
 * The verdict's figures go to the request's meter, for the headers and for settling the charge once answered.
 */
@Injectable()
export class QuotaGuard implements CanActivate {
  constructor(private readonly admission: Admission) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    const verdict = await this.admission.admit(
      licensedPrincipal(request),
      quotaCostOf(request.routeOptions.config),
    );
    recordOnMeter(meterOf(request), verdict);
    if (!verdict.admitted) throw refusalError(verdict.refusal);
    return true;
  }
}
