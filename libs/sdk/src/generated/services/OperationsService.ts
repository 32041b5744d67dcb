/* generated using openapi-typescript-codegen -- do not edit */
/* istanbul ignore file */
/* tslint:disable */
/* eslint-disable */
import type { ReadinessDto } from '../models/ReadinessDto';
import type { ServiceIndexDto } from '../models/ServiceIndexDto';
import type { CancelablePromise } from '../core/CancelablePromise';
import type { BaseHttpRequest } from '../core/BaseHttpRequest';
export class OperationsService {
  constructor(public readonly httpRequest: BaseHttpRequest) {}
  /**
   * Where to start: links to the docs, the OpenAPI document and the portal.
   * A browser (`Accept` with `text/html`) is redirected to the portal, or to `/docs` without one.
   * @returns ServiceIndexDto
   * @throws ApiError
   */
  public serviceIndex(): CancelablePromise<ServiceIndexDto> {
    return this.httpRequest.request({
      method: 'GET',
      url: '/',
      errors: {
        302: `A browser: to \`/portal/\`, or to \`/docs\` when the portal is not built.`,
        429: `Rate limit exceeded (see Retry-After).`,
      },
    });
  }
  /**
   * Liveness: the process is up and answers.
   * @returns any The Health Check is successful
   * @throws ApiError
   */
  public live(): CancelablePromise<{
    details?: Record<string, Record<string, any>>;
    error?: Record<string, Record<string, any>> | null;
    info?: Record<string, Record<string, any>> | null;
    status?: string;
  }> {
    return this.httpRequest.request({
      method: 'GET',
      url: '/health/live',
      errors: {
        408: `Not answered within REQUEST_TIMEOUT_MS.`,
        503: `The Health Check is not successful`,
      },
    });
  }
  /**
   * Readiness: whether this instance can serve (for a load balancer).
   * @returns ReadinessDto `ok`, or `degraded` while reads are still served.
   * @throws ApiError
   */
  public ready(): CancelablePromise<ReadinessDto> {
    return this.httpRequest.request({
      method: 'GET',
      url: '/health/ready',
      errors: {
        408: `Not answered within REQUEST_TIMEOUT_MS.`,
        503: `This instance cannot serve.`,
      },
    });
  }
}
