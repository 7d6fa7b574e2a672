import { type KeyboardEvent, type ReactNode, useId, useRef } from 'react';

export interface TabItem<K extends string> {
  key: K;
  label: string;
  /** A count beside the label, once known. */
  count?: number;
  /** An info tooltip beside the label; also the tab's description for screen readers. */
  tooltip?: string;
}

export interface TabsProps<K extends string> {
  label: string;
  tabs: readonly TabItem<K>[];
  selected: K;
  onSelect: (key: K) => void;
  children: ReactNode;
  /** Extra class of the whole, e.g. for a screen's own spacing. */
  className?: string;
}

/** The WAI-ARIA tabs pattern: arrow keys move between tabs, one panel shows the selected tab. */
export function Tabs<K extends string>({
  label,
  tabs,
  selected,
  onSelect,
  children,
  className,
}: TabsProps<K>) {
  const baseId = useId();
  const listRef = useRef<HTMLDivElement>(null);
  const tabId = (key: K) => `${baseId}-tab-${key}`;

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = tabs.findIndex((tab) => tab.key === selected);
    let next = -1;
    if (event.key === 'ArrowRight') next = (index + 1) % tabs.length;
    else if (event.key === 'ArrowLeft') next = (index - 1 + tabs.length) % tabs.length;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = tabs.length - 1;
    const tab = tabs[next];
    if (!tab) return;
    event.preventDefault();
    onSelect(tab.key);
    listRef.current?.querySelector<HTMLButtonElement>(`#${CSS.escape(tabId(tab.key))}`)?.focus();
  };

  return (
    <div className={className ? `tabs ${className}` : 'tabs'}>
      <div className="tab-list" role="tablist" aria-label={label} ref={listRef} onKeyDown={onKeyDown}>
        {tabs.map((tab) => (
          <button
            key={tab.key}
            type="button"
            role="tab"
            id={tabId(tab.key)}
            aria-selected={tab.key === selected}
            aria-controls={`${baseId}-panel`}
            aria-describedby={tab.tooltip ? `${tabId(tab.key)}-tip` : undefined}
            tabIndex={tab.key === selected ? 0 : -1}
            className="tab"
            onClick={() => onSelect(tab.key)}
          >
            {tab.label}
            {tab.count !== undefined ? <span className="tab-count">{tab.count}</span> : null}
            {tab.tooltip ? (
              // Hidden from the tab's name; aria-describedby still reads the text as its description.
              <span className="info-tip" aria-hidden="true">
                <span className="info-tip-mark">i</span>
                <span className="info-tip-text" role="tooltip" id={`${tabId(tab.key)}-tip`}>
                  {tab.tooltip}
                </span>
              </span>
            ) : null}
          </button>
        ))}
      </div>
      <div className="tab-panel" role="tabpanel" id={`${baseId}-panel`} aria-labelledby={tabId(selected)}>
        {children}
      </div>
    </div>
  );
}
