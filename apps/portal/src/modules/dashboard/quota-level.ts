/** Where this month's use stands against the quota, for the colour and the words of the usage card. */
export type QuotaLevel = 'unlimited' | 'none' | 'ok' | 'warning' | 'exhausted';

/** From this share on, the holder is warned ahead: enough time left in most months to react. */
export const WARNING_SHARE = 0.8;

export function quotaLevel(used: number, quota: number | null): QuotaLevel {
  if (quota === null) return 'unlimited';
  if (quota === 0) return 'none';
  if (used >= quota) return 'exhausted';
  return used >= quota * WARNING_SHARE ? 'warning' : 'ok';
}
