import type { AccessToken, Profile } from './api-types';
import { useQueryClient } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { errorMessage, isSessionError } from './errors';
import { currentPath, navigate } from './router';
import { accountClient, publicClient, type Client } from './sdk';
import { secretMemory } from './secret-memory';
import { tabMemory } from './tab-memory';
import { loadSession, saveSession, type StoredSession } from './session-storage';

export interface SessionValue {
  /** 'loading': a JWT is known and the profile is on its way. */
  status: 'anonymous' | 'loading' | 'ready';
  profile: Profile | null;
  /** The API client carrying the JWT; null when logged out. */
  client: Client | null;
  /** When the JWT was received and when it expires (epoch ms), for the expiry warning; null when logged out. */
  expiry: { startedAt: number; expiresAt: number } | null;
  /** Why the last session ended (or a message for the next page): shown on the log-in and start pages. */
  notice: string;
  /** Why the profile could not be loaded (e.g. the API is down); the session is kept, retryProfile() tries again. */
  loadError: string;
  login: (email: string, password: string) => Promise<void>;
  /** Continues the session with a new JWT for the same account (after a password change). */
  renew: (token: AccessToken) => void;
  /** Starts a session from a JWT the API has just issued (after a password reset), whoever was logged in. */
  start: (token: AccessToken) => void;
  logout: (notice?: string) => void;
  /** Ends a session whose JWT the API refused or that ran out, and says so. */
  expire: () => void;
  clearNotice: () => void;
  refreshProfile: () => Promise<void>;
  retryProfile: () => void;
}

const SessionContext = createContext<SessionValue | null>(null);

/** The longest delay setTimeout honours (about 24.8 days). */
const MAX_TIMER = 2 ** 31 - 1;

export const EXPIRED_NOTICE = 'Your session has expired. Please log in again.';

function sessionFrom(token: AccessToken): StoredSession {
  const now = Date.now();
  return { jwt: token.accessToken, startedAt: now, expiresAt: now + token.expiresIn * 1000 };
}

export function SessionProvider({ children }: { children: ReactNode }) {
  const [stored, setStored] = useState<StoredSession | null>(loadSession);
  const [profile, setProfile] = useState<Profile | null>(null);
  const [notice, setNotice] = useState('');
  const [loadError, setLoadError] = useState('');
  const [attempt, setAttempt] = useState(0);
  const client = useMemo(() => (stored ? accountClient(stored.jwt) : null), [stored]);
  const queryClient = useQueryClient();

  const logout = useCallback(
    (reason = '') => {
      saveSession(null);
      secretMemory.clear();
      tabMemory.clear();
      // What this account read stays with it: the next one starts from an empty cache.
      queryClient.clear();
      setStored(null);
      setProfile(null);
      setLoadError('');
      setNotice(reason);
    },
    [queryClient],
  );

  // The JWT is over: the log-in form, in place. At the start page, which shows strangers the landing page,
  // that means going to /login (it comes back to the dashboard after logging in).
  const expire = useCallback(() => {
    logout(EXPIRED_NOTICE);
    if (currentPath() === '/') navigate('/login');
  }, [logout]);

  const refreshProfile = useCallback(async () => {
    if (!client) return;
    try {
      setProfile(await client.account.profile());
    } catch (error) {
      if (isSessionError(error)) expire();
      else throw error;
    }
  }, [client, expire]);

  // Load the profile for each new JWT. A failure other than a refused JWT (the API is down, say) keeps the
  // session: the JWT is still good, so the shell shows the error with a Retry instead of logging out. The error
  // is cleared where a new attempt starts (a new JWT, Retry), not in here.
  useEffect(() => {
    if (!client) return;
    let current = true;
    // Started from a callback, so that every state change comes from the answer (a superseded load says nothing).
    void Promise.resolve()
      .then(refreshProfile)
      .then(
        () => current && setLoadError(''),
        (error: unknown) => current && setLoadError(errorMessage(error)),
      );
    return () => {
      current = false;
    };
  }, [client, refreshProfile, attempt]);

  // Leave when the JWT expires rather than let the next call fail.
  useEffect(() => {
    if (!stored) return;
    const timer = setTimeout(expire, Math.min(stored.expiresAt - Date.now(), MAX_TIMER));
    return () => clearTimeout(timer);
  }, [stored, expire]);

  const renew = useCallback((token: AccessToken) => {
    const next = sessionFrom(token);
    saveSession(next);
    setLoadError('');
    setStored(next);
  }, []);

  const login = useCallback(
    async (email: string, password: string) => {
      const token = await publicClient().account.login({ email, password });
      // Logging in again as the same account (before the session ends) keeps the page on screen; another
      // account starts from a blank profile.
      const same = (current: Profile | null) =>
        current && current.email.toLowerCase() === email.trim().toLowerCase() ? current : null;
      setProfile(same);
      setNotice('');
      renew(token);
    },
    [renew],
  );

  const start = useCallback(
    (token: AccessToken) => {
      setProfile(null);
      setNotice('');
      renew(token);
    },
    [renew],
  );

  const clearNotice = useCallback(() => setNotice(''), []);
  const retryProfile = useCallback(() => {
    setLoadError('');
    setAttempt((n) => n + 1);
  }, []);

  const value = useMemo<SessionValue>(
    () => ({
      status: !stored ? 'anonymous' : profile ? 'ready' : 'loading',
      profile,
      client,
      expiry: stored ? { startedAt: stored.startedAt, expiresAt: stored.expiresAt } : null,
      notice,
      loadError,
      login,
      renew,
      start,
      logout,
      expire,
      clearNotice,
      refreshProfile,
      retryProfile,
    }),
    [
      stored,
      profile,
      client,
      notice,
      loadError,
      login,
      renew,
      start,
      logout,
      expire,
      clearNotice,
      refreshProfile,
      retryProfile,
    ],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession() outside <SessionProvider>.');
  return value;
}

/** For pages shown only to a logged-in account (the router guarantees it). */
export function useClient(): Client {
  const { client } = useSession();
  if (!client) throw new Error('useClient() without a session.');
  return client;
}
