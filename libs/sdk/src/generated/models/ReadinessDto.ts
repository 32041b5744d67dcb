/* generated using openapi-typescript-codegen -- do not edit */
/* istanbul ignore file */
/* tslint:disable */
/* eslint-disable */
import type { DependencyStatusDto } from './DependencyStatusDto';
export type ReadinessDto = {
  /**
   * Per dependency: `catalog` (the in-memory lotteries and draws), `database`, `redis`.
   */
  details: Record<string, DependencyStatusDto>;
  /**
   * `ok`; `degraded`: a dependency is down (PostgreSQL or Redis) but metered reads are served; `error` (with HTTP 503): this instance cannot serve.
   */
  status: 'ok' | 'degraded' | 'error';
};

