import type { SyncState } from '../../../app/api-types';

/** Where a source stands, for the Sync page's badge and filter. */
export type SyncStatus = 'failing' | 'ok' | 'never' | 'disabled';

/** Each state: its badge's words and colour, and its words in a sentence ("4 failing of 30 sources"). */
export const SYNC_STATUSES: { value: SyncStatus; label: string; badge: string; words: string }[] = [
  { value: 'failing', label: 'Failing', badge: 'off', words: 'failing' },
  { value: 'ok', label: 'OK', badge: 'ok', words: 'OK' },
  { value: 'never', label: 'Never synced', badge: 'warn', words: 'never synced' },
  { value: 'disabled', label: 'Disabled', badge: 'off', words: 'disabled' },
];

/**
 * A disabled source is disabled whatever its last attempt did (the server no longer polls it); an enabled one is
 * failing when its last attempt failed, never synced before its first attempt, OK otherwise.
 */
export function syncStatus(state: Pick<SyncState, 'enabled' | 'lastError' | 'lastAttemptAt'>): SyncStatus {
  if (!state.enabled) return 'disabled';
  if (state.lastError) return 'failing';
  return state.lastAttemptAt ? 'ok' : 'never';
}
