import type { EntityManager } from 'typeorm';

/** Charged requests and, of them, those answered with a client error (4xx). */
export interface UsageCounts {
  count: number;
  errors: number;
}

/** Separates key parts: token ids may hold any character but control characters (TOKEN_ID_PATTERN). */
export const SEP = '\t';

/*
 * The write-back's statements (UsageWriteBackService.writePending), each one statement for a whole batch: arrays
 * unnested server-side, so that a flush costs a few round trips whatever the number of accounts and tokens.
 */

/** `account⇥day` → counts, added to usage_daily. */
export async function addDailyUsage(manager: EntityManager, usage: Map<string, UsageCounts>): Promise<void> {
  if (!usage.size) return;
  const rows = [...usage].map(([key, counts]) => {
    const [accountId, day] = key.split(SEP);
    return [accountId, day, counts] as const;
  });
  // Not joined with accounts: the counts of an account deleted meanwhile are written too (its records stay).
  await manager.query(
    `INSERT INTO usage_daily (account_id, day, count, errors)
     SELECT u.account_id, u.day, u.count, u.errors
       FROM unnest($1::uuid[], $2::date[], $3::int[], $4::int[]) AS u(account_id, day, count, errors)
     ON CONFLICT (account_id, day) DO UPDATE
       SET count = usage_daily.count + EXCLUDED.count, errors = usage_daily.errors + EXCLUDED.errors`,
    [rows.map((r) => r[0]), rows.map((r) => r[1]), rows.map((r) => r[2].count), rows.map((r) => r[2].errors)],
  );
}

/** `account⇥token⇥day` → counts, added to token_usage_daily for the tokens that still exist. */
export async function addTokenUsage(
  manager: EntityManager,
  tokenUsage: Map<string, UsageCounts>,
): Promise<void> {
  if (!tokenUsage.size) return;
  const rows = [...tokenUsage].map(([key, counts]) => {
    const [accountId, tokenId, day] = key.split(SEP);
    return [accountId, tokenId, day, counts] as const;
  });
  await manager.query(
    `INSERT INTO token_usage_daily (account_id, token_id, day, count, errors)
     SELECT u.account_id, u.token_id, u.day, u.count, u.errors
       FROM unnest($1::uuid[], $2::varchar[], $3::date[], $4::int[], $5::int[])
            AS u(account_id, token_id, day, count, errors)
       JOIN api_tokens t ON t.account_id = u.account_id AND t.id = u.token_id
        FOR KEY SHARE OF t
     ON CONFLICT (account_id, token_id, day) DO UPDATE
       SET count = token_usage_daily.count + EXCLUDED.count,
           errors = token_usage_daily.errors + EXCLUDED.errors`,
    [
      rows.map((r) => r[0]),
      rows.map((r) => r[1]),
      rows.map((r) => r[2]),
      rows.map((r) => r[3].count),
      rows.map((r) => r[3].errors),
    ],
  );
}

/** `account⇥token` → last use, kept in api_tokens unless a later one is there already. */
export async function updateLastUse(manager: EntityManager, lastUse: Map<string, Date>): Promise<void> {
  if (!lastUse.size) return;
  const rows = [...lastUse].map(([key, at]) => [...key.split(SEP), at.toISOString()] as const);
  await manager.query(
    `UPDATE api_tokens t SET last_used_at = GREATEST(COALESCE(t.last_used_at, u.at), u.at)
       FROM unnest($1::uuid[], $2::varchar[], $3::timestamptz[]) AS u(account_id, id, at)
      WHERE t.account_id = u.account_id AND t.id = u.id`,
    [rows.map((r) => r[0]), rows.map((r) => r[1]), rows.map((r) => r[2])],
  );
}
