import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import '../account.css';

export interface TabSpec {
  id: string;
  title: string;
  /** A count or a warning next to the title. */
  badge?: ReactNode;
  content: ReactNode;
}

/** WAI-ARIA tabs: arrow keys move between tabs, Home and End jump, one panel shown. */
export function Tabs({ label, tabs, selected, onSelect, extra }: { label: string; tabs: readonly TabSpec[]; selected: string; onSelect: (id: string) => void; extra?: ReactNode }) {
  const prefix = useId();
  const listRef = useRef<HTMLDivElement>(null);
  const current = tabs.find((tab) => tab.id === selected) ?? tabs[0];
  const focusTab = (index: number) => {
    const tab = tabs[(index + tabs.length) % tabs.length];
    if (!tab) return;
    onSelect(tab.id);
    listRef.current?.querySelector<HTMLElement>(`[data-tab="${CSS.escape(tab.id)}"]`)?.focus();
  };
  const onKey = (event: KeyboardEvent, index: number) => {
    const moves: Record<string, number> = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: tabs.length - 1 };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    focusTab(target);
  };
  return (
    <div className="tabs">
      <div className="tabs__bar">
        <div className="tabs__list" role="tablist" aria-label={label} ref={listRef}>
          {tabs.map((tab, index) => {
            const active = tab.id === current?.id;
            return (
              <button
                key={tab.id}
                type="button"
                role="tab"
                data-tab={tab.id}
                id={`${prefix}-tab-${index}`}
                aria-selected={active}
                aria-controls={`${prefix}-panel`}
                tabIndex={active ? 0 : -1}
                className={`tabs__tab ${active ? 'tabs__tab--on' : ''}`}
                onClick={() => onSelect(tab.id)}
                onKeyDown={(event) => onKey(event, index)}
              >
                {tab.title}
                {tab.badge !== undefined && tab.badge !== null ? <span className="tabs__badge">{tab.badge}</span> : null}
              </button>
            );
          })}
        </div>
        {extra}
      </div>
      <div
        className="tabs__panel"
        role="tabpanel"
        // The panel scrolls when squeezed: reachable by keyboard as the tabs pattern asks.
        tabIndex={0}
        id={`${prefix}-panel`}
        aria-labelledby={`${prefix}-tab-${Math.max(0, tabs.findIndex((tab) => tab.id === current?.id))}`}
      >
        {current?.content}
      </div>
    </div>
  );
}
