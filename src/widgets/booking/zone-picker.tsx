/**
 * The time-zone picker with search: a combobox over every zone the browser knows, under
 * current names, defaulting to the visitor's guessed zone. Arrow keys move through the
 * matches, Enter picks, Escape closes.
 */
import { type KeyboardEvent, useId, useMemo, useState } from 'react';
import { listTimeZones } from '../../lib/time/zone-aliases';
import { zoneOffset } from './format';
import type { BookingMessages } from './messages';

const MAX_SHOWN = 60;

export interface ZonePickerProps {
  zone: string;
  now: number;
  messages: BookingMessages;
  onChange: (zone: string) => void;
}

const label = (zone: string, now: number) => `${zone.replaceAll('_', ' ')} (${zoneOffset(zone, now)})`;

export function ZonePicker({ zone, now, messages: m, onChange }: ZonePickerProps) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const zones = useMemo(() => (open ? listTimeZones() : []), [open]);
  const matches = useMemo(() => {
    const words = query.toLowerCase().replaceAll('_', ' ').split(/\s+/).filter(Boolean);
    return zones.filter((z) => words.every((w) => z.toLowerCase().replaceAll('_', ' ').includes(w))).slice(0, MAX_SHOWN);
  }, [zones, query]);

  function pick(next: string) {
    setOpen(false);
    setQuery('');
    if (next !== zone) onChange(next);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    const moves: Record<string, () => void> = {
      ArrowDown: () => setActive((a) => Math.min(a + 1, matches.length - 1)),
      ArrowUp: () => setActive((a) => Math.max(a - 1, 0)),
      Enter: () => {
        const chosen = matches[active];
        if (chosen) pick(chosen);
      },
      Escape: () => setOpen(false),
    };
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    move();
  }

  if (!open) {
    return (
      <div className="ef-booking__zone">
        <span id={`${id}-label`} className="ef-booking__zone-label">
          {m.timezone}
        </span>
        <button type="button" className="ef-booking__zone-button" aria-labelledby={`${id}-label ${id}-value`} aria-haspopup="listbox" onClick={() => setOpen(true)}>
          <span id={`${id}-value`}>{label(zone, now)}</span>
        </button>
      </div>
    );
  }
  return (
    <div className="ef-booking__zone">
      <label htmlFor={`${id}-search`} className="ef-booking__zone-label">
        {m.searchTimezone}
      </label>
      <input
        id={`${id}-search`}
        className="ef-booking__zone-search"
        role="combobox"
        aria-expanded="true"
        aria-controls={`${id}-list`}
        aria-autocomplete="list"
        aria-activedescendant={matches[active] ? `${id}-opt-${active}` : undefined}
        autoComplete="off"
        // biome-ignore lint/a11y/noAutofocus: the visitor just opened the search.
        autoFocus
        value={query}
        onChange={(e) => {
          setQuery(e.target.value);
          setActive(0);
        }}
        onKeyDown={onKeyDown}
        onBlur={(e) => {
          if (!e.currentTarget.parentElement?.contains(e.relatedTarget as Node | null)) setOpen(false);
        }}
      />
      {/* biome-ignore lint/a11y/useFocusableInteractive: options are reached through the combobox (aria-activedescendant). */}
      <ul id={`${id}-list`} role="listbox" aria-label={m.timezone} className="ef-booking__zone-list">
        {matches.map((z, i) => (
          // biome-ignore lint/a11y/useKeyWithClickEvents: the combobox input handles the keys.
          <li
            key={z}
            id={`${id}-opt-${i}`}
            role="option"
            aria-selected={i === active}
            className="ef-booking__zone-option"
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => pick(z)}
          >
            {label(z, now)}
          </li>
        ))}
      </ul>
      {matches.length === 0 && (
        <p className="ef-booking__empty" role="status">
          {m.noTimezone}
        </p>
      )}
    </div>
  );
}
