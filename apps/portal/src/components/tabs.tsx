import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';

export interface Tab {
  /** Stable key, also the start of the tab's and panel's ids. */
  key: string;
  label: string;
  panel: ReactNode;
}

/** Where each key moves the choice, from tab `at` of `count` (wrapping at both ends); null: not a tab key. */
function nextIndex(key: string, at: number, count: number): number | null {
  if (key === 'ArrowRight') return (at + 1) % count;
  if (key === 'ArrowLeft') return (at - 1 + count) % count;
  if (key === 'Home') return 0;
  if (key === 'End') return count - 1;
  return null;
}

/**
 * Tabs after the WAI-ARIA pattern: the tab list is one stop of the Tab key (the chosen tab), the arrow keys,
 * Home and End move to another tab and show its panel. Panels not shown stay in the page, hidden, so that what
 * the user typed in one survives a look at another.
 */
export function Tabs({ label, tabs, initial }: { label: string; tabs: Tab[]; initial?: string }) {
  const id = useId();
  const [chosen, setChosen] = useState(() => tabs.find((t) => t.key === initial)?.key ?? tabs[0]?.key);
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const tabId = (key: string) => `${id}-tab-${key}`;
  const panelId = (key: string) => `${id}-panel-${key}`;

  const onKeyDown = (event: KeyboardEvent, at: number) => {
    const next = nextIndex(event.key, at, tabs.length);
    if (next === null) return;
    event.preventDefault();
    setChosen(tabs[next].key);
    buttons.current[next]?.focus();
  };

  return (
    <div className="tabs">
      <div role="tablist" aria-label={label} className="tab-list">
        {tabs.map((tab, at) => {
          const selected = tab.key === chosen;
          return (
            <button
              key={tab.key}
              ref={(el) => {
                buttons.current[at] = el;
              }}
              type="button"
              role="tab"
              id={tabId(tab.key)}
              aria-selected={selected}
              aria-controls={panelId(tab.key)}
              tabIndex={selected ? 0 : -1}
              onClick={() => setChosen(tab.key)}
              onKeyDown={(event) => onKeyDown(event, at)}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      {tabs.map((tab) => (
        <div
          key={tab.key}
          role="tabpanel"
          id={panelId(tab.key)}
          aria-labelledby={tabId(tab.key)}
          hidden={tab.key !== chosen}
          // The panel opens with text, not a control: a stop of its own lets the Tab key reach it from its tab.
          tabIndex={0}
          className="tab-panel"
        >
          {tab.panel}
        </div>
      ))}
    </div>
  );
}
