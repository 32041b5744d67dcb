/**
 * What the database announces after a committed write, whoever made it (an instance, the command-line tool, an
 * operator's SQL): the triggers of migration ChangeFeed1796400000000 send one of these as JSON on the channel
 * CHANGE_CHANNEL, and ChangeFeed hands it to the in-memory caches that read the changed rows.
 */
export interface ChangeEventMap {
  /** A lottery or one of its draws changed: its read model is rebuilt. */
  'lottery.changed': { tag: string };
  /** A token was replaced, expired or deleted: the secrets it had, before and after (a new token: nothing). */
  'token.changed': { secretHashes: string[] };
  /** An account's e-mail, role, state, session version or license changed, or the account was deleted. */
  'account.changed': { accountId: string };
  /** A license's quota or rates changed, or it was deleted: every account on it. */
  'license.changed': { name: string };
  /**
   * Not from a trigger: the feed was interrupted (a lost LISTEN connection) and is back. Changes made meanwhile
   * were not announced, so every cache reloads or forgets what it holds.
   */
  'feed.resumed': Record<never, never>;
}

export type ChangeEventType = keyof ChangeEventMap;
export type ChangeEvent = { [T in ChangeEventType]: { type: T } & ChangeEventMap[T] }[ChangeEventType];

/** The channel the triggers notify (kept in the migration too: a migration never imports runtime code). */
export const CHANGE_CHANNEL = 'lrs_changes';

const isString = (value: unknown): value is string => typeof value === 'string' && value.length > 0;

/** A notification's payload as an event, or null when it is not one this version knows. */
export function parseChangeEvent(payload: string | undefined): ChangeEvent | null {
  let event: Record<string, unknown>;
  try {
    event = JSON.parse(payload ?? '') as Record<string, unknown>;
  } catch {
    return null;
  }
  switch (event?.type) {
    case 'lottery.changed':
      return isString(event.tag) ? { type: event.type, tag: event.tag } : null;
    case 'token.changed':
      return Array.isArray(event.secretHashes) && event.secretHashes.every(isString)
        ? { type: event.type, secretHashes: event.secretHashes }
        : null;
    case 'account.changed':
      return isString(event.accountId) ? { type: event.type, accountId: event.accountId } : null;
    case 'license.changed':
      return isString(event.name) ? { type: event.type, name: event.name } : null;
    default:
      return null;
  }
}
