/* generated using openapi-typescript-codegen -- do not edit */
/* istanbul ignore file */
/* tslint:disable */
/* eslint-disable */
import type { FreshnessDto } from './FreshnessDto';
import type { SyncResultDto } from './SyncResultDto';
export type SyncStateDto = {
  adapter: 'socrata-powerball' | 'socrata-megamillions' | 'generic';
  consecutiveFailures: number;
  enabled: boolean;
  /**
   * The fallbacks, in the order they are tried ('adapter url'); `lastResult.source` names which answered.
   */
  fallbacks: Array<string>;
  /**
   * null when the lottery has no calendar.
   */
  freshness: FreshnessDto | null;
  lastAttemptAt: string | null;
  /**
   * The highest draw number read from the source (a mapping's `contest`): a URL holding `{contest}` asks for the ones after it. null until one is read, and for sources that number no draws.
   */
  lastContest: number | null;
  /**
   * Why the last attempt failed; null after a success.
   */
  lastError: string | null;
  lastResult: SyncResultDto | null;
  lastSuccessAt: string | null;
  lottery: string;
  /**
   * When the scheduler polls next.
   */
  nextAttemptAt: string | null;
  url: string;
};

