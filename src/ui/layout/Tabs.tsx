// Accessible tabs (WAI-ARIA tabs pattern): arrow keys, Home and End move between tabs; only the
// selected panel is rendered, so a heavy panel (the comparison) costs nothing while hidden.

import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';

export interface TabSpec {
  id: string;
  label: string;
  render(): ReactNode;
}

export function Tabs({ tabs, label, initial }: { tabs: TabSpec[]; label: string; initial?: string }) {
  const [selected, setSelected] = useState(initial ?? tabs[0]?.id);
  const base = useId();
  const refs = useRef<(HTMLButtonElement | null)[]>([]);

  const onKeyDown = (event: KeyboardEvent, index: number) => {
    const moves: Record<string, number> = {
      ArrowRight: (index + 1) % tabs.length,
      ArrowLeft: (index - 1 + tabs.length) % tabs.length,
      Home: 0,
      End: tabs.length - 1,
    };
    const next = moves[event.key];
    if (next === undefined) return;
    event.preventDefault();
    event.stopPropagation();
    setSelected(tabs[next]!.id);
    refs.current[next]?.focus();
  };

  const current = tabs.find((t) => t.id === selected) ?? tabs[0];
  return (
    <div className="tabs">
      <div role="tablist" aria-label={label} className="tablist">
        {tabs.map((tab, i) => (
          <button
            key={tab.id}
            ref={(el) => {
              refs.current[i] = el;
            }}
            type="button"
            role="tab"
            id={`${base}-tab-${tab.id}`}
            aria-selected={tab.id === current?.id}
            aria-controls={tab.id === current?.id ? `${base}-panel-${tab.id}` : undefined}
            tabIndex={tab.id === current?.id ? 0 : -1}
            onClick={() => setSelected(tab.id)}
            onKeyDown={(e) => onKeyDown(e, i)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      {current && (
        <div
          role="tabpanel"
          id={`${base}-panel-${current.id}`}
          aria-labelledby={`${base}-tab-${current.id}`}
          className="tabpanel"
          tabIndex={0}
        >
          {current.render()}
        </div>
      )}
    </div>
  );
}
