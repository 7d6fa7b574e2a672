import { useState } from 'react';
import { Icon } from '../../../components/ui/icon';
import { twoDigits } from '../../../lib/format';
import { createdAtGte, DATE_PRESETS, type DateFilter } from '../date-filter';

const CUSTOM = 'custom';
const ALL = 'all';

/** "2026-05-20", the local day of a date (what a date input holds). */
function dayText(date: Date): string {
  return `${date.getFullYear()}-${twoDigits(date.getMonth() + 1)}-${twoDigits(date.getDate())}`;
}

/** The date filter (a preset or "Custom date" with a day) and the tab's search box. */
export function OrderFilters({
  dateFilter,
  onDateFilterChange,
  search,
  onSearchChange,
  searchLabel,
  searchPlaceholder,
}: {
  dateFilter: DateFilter;
  onDateFilterChange: (filter: DateFilter) => void;
  search: string;
  onSearchChange: (text: string) => void;
  searchLabel: string;
  searchPlaceholder: string;
}) {
  // "Custom date" chosen but no day picked yet: nothing changes until a day is.
  const [customOpen, setCustomOpen] = useState(false);
  const choice =
    customOpen || dateFilter.kind === 'custom'
      ? CUSTOM
      : dateFilter.kind === 'preset'
        ? dateFilter.preset
        : ALL;

  return (
    <div className="order-filters">
      <div className="order-search">
        <Icon name="search" size={16} />
        <input
          type="search"
          className="input"
          aria-label={searchLabel}
          placeholder={searchPlaceholder}
          maxLength={40}
          value={search}
          onChange={(event) => onSearchChange(event.target.value)}
        />
      </div>
      <label className="order-date-filter">
        <span className="field-label">Order date</span>
        <select
          className="input select"
          value={choice}
          onChange={(event) => {
            const value = event.target.value;
            if (value === CUSTOM) {
              // A preset becomes the day it starts on, so the list stays as it is until edited.
              const start = createdAtGte(dateFilter);
              if (start) onDateFilterChange({ kind: 'custom', date: dayText(new Date(start)) });
              else setCustomOpen(true);
              return;
            }
            setCustomOpen(false);
            const preset = DATE_PRESETS.find((option) => option.value === value);
            onDateFilterChange(preset ? { kind: 'preset', preset: preset.value } : { kind: 'all' });
          }}
        >
          <option value={ALL}>All dates</option>
          {DATE_PRESETS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
          <option value={CUSTOM}>Custom date</option>
        </select>
      </label>
      {choice === CUSTOM ? (
        <label className="order-date-filter">
          <span className="field-label">Orders since</span>
          <input
            type="date"
            className="input"
            max={dayText(new Date())}
            value={dateFilter.kind === 'custom' ? dateFilter.date : ''}
            onChange={(event) => {
              const date = event.target.value;
              if (date) onDateFilterChange({ kind: 'custom', date });
            }}
          />
        </label>
      ) : null}
    </div>
  );
}
