import { useEffect, useRef, type RefObject } from 'react';

type Status = 'anonymous' | 'loading' | 'ready';

/**
 * Moves the focus to the page's <h1> after a navigation, a log-in or a log-out, so that keyboard and
 * screen-reader users start on the new page rather than on <body> (the button they pressed is gone). Not on the
 * first page load (the visitor starts at the top), nor when a reload's profile arrives.
 */
export function useHeadingFocus(main: RefObject<HTMLElement | null>, route: string, status: Status): void {
  const shown = useRef({ route, status });
  useEffect(() => {
    // While the profile loads there is no page yet: wait, remembering where we came from.
    if (status === 'loading') return;
    const before = shown.current;
    shown.current = { route, status };
    const loggedInOrOut = before.status !== status && before.status !== 'loading';
    if (before.route === route && !loggedInOrOut) return;
    const box = main.current;
    const heading = box?.querySelector<HTMLElement>('h1');
    if (heading || !box) {
      heading?.focus();
      return;
    }
    // A page opened for the first time loads its chunk first (routes.tsx): focus its heading once it is shown.
    const observer = new MutationObserver(() => {
      const shownHeading = box.querySelector<HTMLElement>('h1');
      if (!shownHeading) return;
      observer.disconnect();
      shownHeading.focus();
    });
    observer.observe(box, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [main, route, status]);
}
