import { useRef, type KeyboardEvent } from 'react';
import type { TripTab } from '../api/trip-keys';

export const TAB_LABELS: Record<TripTab, string> = {
  upcoming: 'Upcoming Trips',
  past: 'Past Trips',
};
const TABS = Object.keys(TAB_LABELS) as TripTab[];

export const tabId = (tab: TripTab) => `trips-tab-${tab}`;
export const panelId = (tab: TripTab) => `trips-panel-${tab}`;

type Props = { selected: TripTab; onSelect: (tab: TripTab) => void };

/** WAI-ARIA tabs: one tab stop, arrow keys (and Home/End) move and select. */
export function TripTabs({ selected, onSelect }: Props) {
  const refs = useRef<Partial<Record<TripTab, HTMLButtonElement | null>>>({});

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = TABS.indexOf(selected);
    const next =
      event.key === 'ArrowRight'
        ? TABS[(index + 1) % TABS.length]
        : event.key === 'ArrowLeft'
          ? TABS[(index - 1 + TABS.length) % TABS.length]
          : event.key === 'Home'
            ? TABS[0]
            : event.key === 'End'
              ? TABS.at(-1)
              : undefined;
    if (!next) return;
    event.preventDefault();
    onSelect(next);
    refs.current[next]?.focus();
  };

  return (
    <div
      role="tablist"
      aria-label="Trips"
      onKeyDown={onKeyDown}
      className="flex gap-1 rounded-xl bg-slate-100 p-1"
    >
      {TABS.map((tab) => {
        const isSelected = tab === selected;
        return (
          <button
            key={tab}
            ref={(element) => {
              refs.current[tab] = element;
            }}
            type="button"
            role="tab"
            id={tabId(tab)}
            aria-selected={isSelected}
            aria-controls={panelId(tab)}
            tabIndex={isSelected ? 0 : -1}
            onClick={() => onSelect(tab)}
            className={`min-h-11 flex-1 rounded-lg px-3 text-sm font-semibold transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 sm:flex-none sm:px-5 ${
              isSelected
                ? 'bg-white text-brand-800 shadow-sm'
                : 'text-slate-600 hover:bg-white/60 hover:text-slate-900'
            }`}
          >
            {TAB_LABELS[tab]}
          </button>
        );
      })}
    </div>
  );
}
