import { useEffect, useState } from 'react';

/**
 * The time, read when the component mounts and again every `everyMs`: what depends on "now" (is the previous
 * secret still signing?) stays true while the page stays open, and rendering stays pure.
 */
export function useNow(everyMs = 60_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}
