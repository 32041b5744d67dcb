import type { Account } from './api-types';
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { errorMessage, isSessionError } from './errors';
import { accountClient, publicClient, type Client } from './sdk';
import { secretMemory } from './secret-memory';
import { loadSession, saveSession, type StoredSession } from './session-storage';

export interface SessionValue {
  /** 'loading': a JWT is known and the profile is on its way. */
  status: 'anonymous' | 'loading' | 'ready';
  profile: Account | null;
  /** The API client carrying the JWT; null when logged out. */
  client: Client | null;
  /** Why the last session ended, or a load failure, to show on the log-in page. */
  notice: string;
  login: (email: string, password: string) => Promise<void>;
  logout: (notice?: string) => void;
  refreshProfile: () => Promise<void>;
}

const SessionContext = createContext<SessionValue | null>(null);

/** The longest delay setTimeout honours (about 24.8 days). */
const MAX_TIMER = 2 ** 31 - 1;

export function SessionProvider({ children }: { children: ReactNode }) {
  const [stored, setStored] = useState<StoredSession | null>(loadSession);
  const [profile, setProfile] = useState<Account | null>(null);
  const [notice, setNotice] = useState('');
  const client = useMemo(() => (stored ? accountClient(stored.jwt) : null), [stored]);

  const logout = useCallback((reason = '') => {
    saveSession(null);
    secretMemory.clear();
    setStored(null);
    setProfile(null);
    setNotice(reason);
  }, []);

  const refreshProfile = useCallback(async () => {
    if (!client) return;
    try {
      setProfile(await client.account.profile());
    } catch (error) {
      if (isSessionError(error)) logout('Your session has expired. Please log in again.');
      else throw error;
    }
  }, [client, logout]);

  useEffect(() => {
    if (!client) return;
    refreshProfile().catch((error: unknown) =>
      logout(`Your profile could not be loaded: ${errorMessage(error)}`),
    );
  }, [client, refreshProfile, logout]);

  // Leave when the JWT expires rather than let the next call fail.
  useEffect(() => {
    if (!stored) return;
    const timer = setTimeout(
      () => logout('Your session has expired. Please log in again.'),
      Math.min(stored.expiresAt - Date.now(), MAX_TIMER),
    );
    return () => clearTimeout(timer);
  }, [stored, logout]);

  const login = useCallback(async (email: string, password: string) => {
    const result = await publicClient().account.login({ email, password });
    const next = { jwt: result.accessToken, expiresAt: Date.now() + result.expiresIn * 1000 };
    saveSession(next);
    setNotice('');
    setProfile(null);
    setStored(next);
  }, []);

  const value = useMemo<SessionValue>(
    () => ({
      status: !stored ? 'anonymous' : profile ? 'ready' : 'loading',
      profile,
      client,
      notice,
      login,
      logout,
      refreshProfile,
    }),
    [stored, profile, client, notice, login, logout, refreshProfile],
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
