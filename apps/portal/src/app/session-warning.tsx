import { useEffect, useState } from 'react';
import { ReloginDialog } from './relogin-dialog';
import { useSession } from './session';

const WARN_BEFORE_MS = 5 * 60_000;
/** The longest delay setTimeout honours (about 24.8 days). */
const MAX_TIMER = 2 ** 31 - 1;

/**
 * When to warn: five minutes before the session ends, or for a session of 20 minutes or less, once three
 * quarters of it have passed (a five-minute warning would otherwise come at once, or before the session began).
 */
export function warningTime(startedAt: number, expiresAt: number): number {
  return expiresAt - Math.min(WARN_BEFORE_MS, (expiresAt - startedAt) / 4);
}

/**
 * A non-modal warning shortly before the JWT expires, with the time it ends and a way to log in again without
 * leaving the page. At expiry the session logs out by itself (session.tsx).
 */
export function SessionWarning() {
  const { expiry } = useSession();
  const [due, setDue] = useState(false);
  const [relogin, setRelogin] = useState(false);
  const [renewed, setRenewed] = useState(false);
  const startedAt = expiry?.startedAt;
  const expiresAt = expiry?.expiresAt;

  // Each new JWT (or none) starts over: no warning, no dialog.
  useEffect(() => {
    setDue(false);
    setRelogin(false);
    if (startedAt === undefined || expiresAt === undefined) return;
    const delay = Math.max(0, warningTime(startedAt, expiresAt) - Date.now());
    const timer = setTimeout(() => setDue(true), Math.min(delay, MAX_TIMER));
    return () => clearTimeout(timer);
  }, [startedAt, expiresAt]);

  // After logging in again the warning and its button are gone, so the dialog cannot give the focus back to
  // the button that opened it: the page's heading takes it, once the dialog has closed.
  useEffect(() => {
    if (!renewed || relogin) return;
    setRenewed(false);
    document.querySelector<HTMLElement>('main h1')?.focus();
  }, [renewed, relogin]);

  if (!due || expiresAt === undefined) return null;
  const ends = new Date(expiresAt);
  return (
    <>
      <div className="alert warning session-warning" role="alert">
        <span>
          Your session ends at{' '}
          <time dateTime={ends.toISOString()}>
            {ends.toLocaleTimeString(undefined, { timeStyle: 'short' })}
          </time>
          . Log in again to keep working on this page.
        </span>
        <button type="button" onClick={() => setRelogin(true)}>
          Log in again
        </button>
      </div>
      {relogin && (
        <ReloginDialog
          onClose={() => setRelogin(false)}
          onDone={() => {
            setRelogin(false);
            setRenewed(true);
          }}
        />
      )}
    </>
  );
}
