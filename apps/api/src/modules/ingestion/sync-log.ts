import type { SyncResult } from './sync-result';

export type SyncLogLevel = 'debug' | 'log' | 'warn';

export interface SyncLogLine {
  level: SyncLogLevel;
  message: string;
}

/** A source's sync state as its row holds it before a sync (what another instance or an earlier process wrote). */
export interface RecordedState {
  consecutiveFailures: number;
  lastError: string | null;
}

/** What this process last logged about one source. */
interface LoggedState {
  failures: number;
  reason: string | null;
  /** Why the sources before a fallback failed, as last logged; null when the first source answered. */
  fallback: string | null;
  /** The rejected rows as last logged; null when none were. */
  rejected: string | null;
}

/**
 * Decides what a sync logs, so that the log tells what changed, not every attempt: a source that starts failing
 * is one warning with the reason; failing again for the same reason is debug; another reason is one more warning;
 * answering again is one line naming how many attempts failed. A fallback that answers while a source before it
 * fails, and rows rejected, are warned once each until they change. A success that brings draws (or prizes,
 * conflicts, corrections) is info; one that brings nothing new is debug.
 *
 * State is kept per lottery and source (its label: adapter and URL), in memory, and seeded from the source's row
 * when this process has none or when the row says another writer came in between (another instance's sync, a
 * restart): a restart does not announce an outage again that was already logged, and the count of failed
 * attempts covers the whole outage.
 */
export class SyncLog {
  private readonly states = new Map<string, LoggedState>();

  /** The lines to log for `result`, a sync of the source labelled `label` whose row read `recorded` before it. */
  linesFor(label: string, recorded: RecordedState, result: SyncResult): SyncLogLine[] {
    const key = `${result.lottery}\u0000${label}`;
    let state = this.states.get(key);
    if (state === undefined || state.failures !== recorded.consecutiveFailures) {
      state = {
        fallback: null,
        rejected: null,
        ...state,
        failures: recorded.consecutiveFailures,
        reason: recorded.consecutiveFailures > 0 ? recorded.lastError : null,
      };
      this.states.set(key, state);
    }
    const lines: SyncLogLine[] = [];
    const { lottery, source } = result;
    if (result.error !== null) {
      const failed = `Sync of ${lottery} failed (${source}): ${result.error}`;
      if (state.failures === 0) lines.push({ level: 'warn', message: failed });
      else if (state.reason === result.error)
        lines.push({ level: 'debug', message: `${failed} (${attempts(state.failures + 1)})` });
      else
        lines.push({
          level: 'warn',
          message: `${failed} (the reason changed after ${attempts(state.failures)}; it was: ${state.reason ?? 'unknown'})`,
        });
      state.failures += 1;
      state.reason = result.error;
      return lines;
    }

    if (state.failures > 0)
      lines.push({
        level: 'log',
        message: `Sync of ${lottery}: the source answers again after ${attempts(state.failures)} (${source})`,
      });
    state.failures = 0;
    state.reason = null;

    const fallback = result.fallbackAfter?.join('; ') ?? null;
    if (fallback !== null && fallback !== state.fallback)
      lines.push({ level: 'warn', message: `Sync of ${lottery} used a fallback (${source}): ${fallback}` });
    else if (fallback === null && state.fallback !== null)
      lines.push({ level: 'log', message: `Sync of ${lottery}: its first source answers again (${source})` });
    state.fallback = fallback;

    if (result.notModified) {
      lines.push({ level: 'debug', message: `Sync of ${lottery}: not modified since last read (${source})` });
      return lines;
    }
    const summary =
      `Sync of ${lottery}: ${result.fetched} fetched, ${result.inserted} new, ${result.unchanged} unchanged, ` +
      `${result.conflicts} conflicts, ${result.corrected} corrected, ${result.rejected.length} rejected` +
      (result.prizes ? `, prizes of ${result.prizes} draws stored` : '') +
      (result.periods
        ? `; ${result.periods} periods asked` +
          (result.periodsLeft ? `, ${result.periodsLeft} left for the next sync` : '')
        : '');
    const rejected = result.rejected.length
      ? result.rejected.map((r) => `row ${r.row}${r.date ? ` (${r.date})` : ''}: ${r.message}`).join('; ')
      : null;
    const brought =
      result.inserted + result.corrected + result.conflicts + (result.prizes ?? 0) > 0 ||
      (result.periodsLeft ?? 0) > 0;
    if (rejected !== null && rejected !== state.rejected)
      lines.push({ level: 'warn', message: `${summary} (${source}): ${rejected}` });
    else lines.push({ level: brought ? 'log' : 'debug', message: summary });
    state.rejected = rejected;
    return lines;
  }
}

const attempts = (count: number) => `${count} failed attempt${count === 1 ? '' : 's'}`;
