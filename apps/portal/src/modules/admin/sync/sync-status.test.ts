import { describe, expect, it } from 'vitest';
import { syncStatus } from './sync-status';

describe('syncStatus', () => {
  const base = { enabled: true, lastError: null, lastAttemptAt: null };
  it('says never synced before the first attempt', () => {
    expect(syncStatus(base)).toBe('never');
  });
  it('says OK after an attempt that did not fail', () => {
    expect(syncStatus({ ...base, lastAttemptAt: '2026-11-29T10:00:00Z' })).toBe('ok');
  });
  it('says failing after an attempt that failed', () => {
    expect(syncStatus({ ...base, lastAttemptAt: '2026-11-29T10:00:00Z', lastError: 'HTTP 500' })).toBe(
      'failing',
    );
  });
  it('says disabled for a disabled source, whatever its last attempt did', () => {
    expect(syncStatus({ ...base, enabled: false, lastError: 'HTTP 500' })).toBe('disabled');
  });
});
