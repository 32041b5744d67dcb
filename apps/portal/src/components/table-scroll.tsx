import { useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';

/**
 * A wide table's box: on a narrow screen the table scrolls sideways inside it, never the page. When it does
 * overflow, the box says so in words and becomes a named, focusable region, so that keyboard users can scroll
 * it with the arrow keys (axe's "scrollable-region-focusable").
 */
export function TableScroll({
  label,
  stack = false,
  children,
}: {
  label: string;
  /** The table inside is a `table.stack`: on a narrow screen its rows become cards and nothing scrolls. */
  stack?: boolean;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const overflows = useOverflow(ref);
  return (
    <>
      {overflows && (
        <p className="scroll-hint small muted" aria-hidden="true">
          Scroll sideways to see every column →
        </p>
      )}
      <div
        ref={ref}
        className={['table-wrap', stack && 'stack-wrap', overflows && 'overflows'].filter(Boolean).join(' ')}
        role={overflows ? 'region' : undefined}
        aria-label={overflows ? `${label} (scrolls sideways)` : undefined}
        tabIndex={overflows ? 0 : undefined}
      >
        {children}
      </div>
    </>
  );
}

/** Whether the element's content is wider than the element, kept up to date as either changes size. */
function useOverflow(ref: RefObject<HTMLElement | null>): boolean {
  const [overflows, setOverflows] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const update = () => setOverflows(element.scrollWidth > element.clientWidth + 1);
    update();
    const observer = new ResizeObserver(update);
    observer.observe(element);
    if (element.firstElementChild) observer.observe(element.firstElementChild);
    return () => observer.disconnect();
  }, [ref]);
  return overflows;
}
