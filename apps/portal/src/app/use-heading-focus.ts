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
    if (!box) return;
    // The page's heading as shown: while a page loads its chunk (routes.tsx), React keeps the previous page in
    // the document, hidden, beside the fallback; its heading is not the one to focus.
    const shownHeading = () =>
      [...box.querySelectorAll<HTMLElement>('h1')].find((h1) => h1.getClientRects().length > 0);
    const heading = shownHeading();
    if (heading) {
      heading.focus();
      return;
    }
    // A page opened for the first time: focus its heading once it is shown.
    const observer = new MutationObserver(() => {
      const found = shownHeading();
      if (!found) return;
      observer.disconnect();
      found.focus();
    });
    observer.observe(box, { childList: true, subtree: true, attributes: true, attributeFilter: ['style'] });
    return () => observer.disconnect();
  }, [main, route, status]);
}
