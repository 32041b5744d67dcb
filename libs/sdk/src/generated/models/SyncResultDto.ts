/* generated using openapi-typescript-codegen -- do not edit */
/* istanbul ignore file */
/* tslint:disable */
/* eslint-disable */
import type { RejectedRowDto } from './RejectedRowDto';
export type SyncResultDto = {
  /**
   * Differing draws recorded for an administrator (GET /admin/conflicts).
   */
  conflicts: number;
  /**
   * Differing draws written at once (SYNC_ACCEPT_CORRECTIONS=on).
   */
  corrected: number;
  error: string | null;
  /**
   * When a fallback answered: why each source before it failed ('adapter url: reason').
   */
  fallbackAfter?: Array<string>;
  /**
   * Rows read from the answer.
   */
  fetched: number;
  /**
   * Rows dated before the lottery's first rules era: history this service does not keep, not faults of the source.
   */
  ignored?: number;
  inserted: number;
  lottery: string;
  /**
   * The source answered the scheduler’s conditional request with 304 Not Modified: nothing was fetched (a success). Absent otherwise.
   */
  notModified?: boolean;
  /**
   * A source that was behind, whose URL names a period ({isoWeek}, {year}: from the one of the last stored draw to the current one, oldest first) or a draw number ({contest}: each after the last one read, up to the first not published yet): how many were asked (SYNC_CATCH_UP_PERIODS at most). Absent when one was.
   */
  periods?: number;
  /**
   * Periods still to ask after these, left to the next syncs. Absent when none (or not known).
   */
  periodsLeft?: number;
  /**
   * Draws whose prizes were first stored or changed (a source whose mapping names prize fields).
   */
  prizes?: number;
  rejected: Array<RejectedRowDto>;
  source: string;
  unchanged: number;
};

