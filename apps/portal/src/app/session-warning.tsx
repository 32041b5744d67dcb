import { useEffect, useRef, useState } from 'react';
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
  // Each is the JWT (by its expiry) it was set for: a new JWT, or none, reads as "no warning, no dialog" without
  // an effect to reset them.
  const [dueFor, setDueFor] = useState<number | null>(null);
  const [reloginFor, setReloginFor] = useState<number | null>(null);
  const startedAt = expiry?.startedAt;
  const expiresAt = expiry?.expiresAt;
  const due = expiresAt !== undefined && dueFor === expiresAt;
  const relogin = expiresAt !== undefined && reloginFor === expiresAt;
  // Set when logging in again succeeds: the page's heading then takes the focus (see below).
  const focusHeading = useRef(false);

  useEffect(() => {
    if (startedAt === undefined || expiresAt === undefined) return;
    const delay = Math.max(0, warningTime(startedAt, expiresAt) - Date.now());
    const timer = setTimeout(() => setDueFor(expiresAt), Math.min(delay, MAX_TIMER));
    return () => clearTimeout(timer);
  }, [startedAt, expiresAt]);

  // After logging in again the warning and its button are gone, so the dialog cannot give the focus back to
  // the button that opened it: the page's heading takes it, once the dialog has closed.
  useEffect(() => {
    if (relogin || !focusHeading.current) return;
    focusHeading.current = false;
    document.querySelector<HTMLElement>('main h1')?.focus();
  }, [relogin, expiresAt]);

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
        <button type="button" onClick={() => setReloginFor(expiresAt)}>
          Log in again
        </button>
      </div>
      {relogin && (
        <ReloginDialog
          onClose={() => setReloginFor(null)}
          onDone={() => {
            focusHeading.current = true;
            setReloginFor(null);
          }}
        />
      )}
    </>
  );
}
