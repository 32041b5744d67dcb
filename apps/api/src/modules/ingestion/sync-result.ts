/** A row of a source's answer that was not stored, and why. */
export interface RejectedRow {
  /** 1-based position of the row in the source's answer. */
  row: number;
  /** The draw date, when the row had a readable one. */
  date: string | null;
  message: string;
}

/** What one sync of one source did. */
export interface SyncResult {
  lottery: string;
  source: string;
  /** Draws read from the answer (valid or not). */
  fetched: number;
  inserted: number;
  unchanged: number;
  /** Differing draws recorded for an administrator. */
  conflicts: number;
  /** Differing draws written at once (SYNC_ACCEPT_CORRECTIONS=on). */
  corrected: number;
  /** Draws whose prizes were first stored or changed (a mapping with `prizes`); absent in older results. */
  prizes?: number;
  /** Rows dated before the lottery's first rules era (history the service does not keep); absent in older results. */
  ignored?: number;
  rejected: RejectedRow[];
  /**
   * A source that is behind, whose URL names a period ({isoWeek}, {year}) or a draw number ({contest}): how many
   * periods (from the last stored draw's to today's) or draw numbers (after the last one read, up to the first not
   * published yet) were asked, SYNC_CATCH_UP_PERIODS at most. Absent when one was.
   */
  periods?: number;
  /** Periods still to ask after these, left to the next syncs; absent when none. */
  periodsLeft?: number;
  /**
   * Why the sync failed as a whole (unreachable, timeout, 5xx, not the expected format), naming each source tried
   * when there are fallbacks; null on success.
   */
  error: string | null;
  /** When a fallback answered: why each source before it failed ("adapter url: reason"). */
  fallbackAfter?: string[];
  /**
   * The source answered a conditional request with 304: nothing changed since the answer last read from it, so
   * nothing was fetched (a success). Absent otherwise.
   */
  notModified?: true;
}
