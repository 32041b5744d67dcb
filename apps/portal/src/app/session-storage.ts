/** The JWT lives in memory and in sessionStorage (this tab only, gone when it closes); never in a cookie. */
export interface StoredSession {
  jwt: string;
  /** Epoch milliseconds when the JWT was received: with expiresAt, how long the session lasts. */
  startedAt: number;
  /** Epoch milliseconds after which the API will refuse the JWT. */
  expiresAt: number;
}

const KEY = 'lrs.portal.session';

export function loadSession(): StoredSession | null {
  try {
    const raw = window.sessionStorage.getItem(KEY);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Partial<StoredSession>;
    if (
      typeof parsed.jwt !== 'string' ||
      typeof parsed.expiresAt !== 'number' ||
      parsed.expiresAt <= Date.now()
    ) {
      window.sessionStorage.removeItem(KEY);
      return null;
    }
    // A session saved by an older portal has no startedAt: count from now.
    const startedAt = typeof parsed.startedAt === 'number' ? parsed.startedAt : Date.now();
    return { jwt: parsed.jwt, startedAt, expiresAt: parsed.expiresAt };
  } catch (_unavailable) {
    return null;
  }
}

export function saveSession(session: StoredSession | null): void {
  try {
    if (session) window.sessionStorage.setItem(KEY, JSON.stringify(session));
    else window.sessionStorage.removeItem(KEY);
  } catch (_unavailable) {
    // Storage disabled: the session still lives in memory for this page.
  }
}
