/**
 * The time-zone picker with search: a combobox over every zone the browser knows, under
 * current names, defaulting to the visitor's guessed zone. Arrow keys move through the
 * matches, Enter picks, Escape closes; either way the focus returns to the zone's button,
 * whose `aria-expanded` says whether the search is open.
 */
import { type KeyboardEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import { listTimeZones } from '../../lib/time/zones';
import { zoneName, zoneOffset } from './format';
import type { BookingMessages } from './messages';

const MAX_SHOWN = 60;
const ARROW_STEPS: Readonly<Record<string, number>> = { ArrowDown: 1, ArrowUp: -1, PageDown: 10, PageUp: -10 };

export interface ZonePickerProps {
  zone: string;
  now: number;
  messages: BookingMessages;
  onChange: (zone: string) => void;
}

const label = (zone: string, now: number) => `${zoneName(zone)} (${zoneOffset(zone, now)})`;

export function ZonePicker({ zone, now, messages: m, onChange }: ZonePickerProps) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const button = useRef<HTMLButtonElement>(null);
  /** Closed by a pick or Escape: the focus goes back to the button (a blur elsewhere leaves it where it went). */
  const refocus = useRef(false);
  const zones = useMemo(() => (open ? listTimeZones() : []), [open]);
  const matches = useMemo(() => {
    const words = query.toLowerCase().replaceAll('_', ' ').split(/\s+/).filter(Boolean);
    return zones.filter((z) => words.every((w) => z.toLowerCase().replaceAll('_', ' ').includes(w))).slice(0, MAX_SHOWN);
  }, [zones, query]);

  useEffect(() => {
    if (open || !refocus.current) return;
    refocus.current = false;
    button.current?.focus();
  }, [open]);

  function close(returnFocus: boolean) {
    refocus.current = returnFocus;
    setOpen(false);
    setQuery('');
  }

  function pick(next: string) {
    close(true);
    if (next !== zone) onChange(next);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    const step = ARROW_STEPS[event.key];
    if (step !== undefined) setActive((a) => Math.max(0, Math.min(a + step, matches.length - 1)));
    else if (event.key === 'Enter' && matches[active]) pick(matches[active]);
    else if (event.key === 'Escape') close(true);
    else return;
    event.preventDefault();
  }

  return (
    <div className="ef-booking__zone">
      <span id={`${id}-label`} className="ef-booking__zone-label">
        {m.timezone}
      </span>
      <button
        ref={button}
        type="button"
        className="ef-booking__zone-button"
        aria-labelledby={`${id}-label ${id}-value`}
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-controls={open ? `${id}-list` : undefined}
        onClick={() => (open ? close(true) : setOpen(true))}
      >
        <span id={`${id}-value`}>{label(zone, now)}</span>
      </button>
      {open && (
        <div className="ef-booking__zone-popup">
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
              if (!e.currentTarget.closest('.ef-booking__zone')?.contains(e.relatedTarget as Node | null)) close(false);
            }}
          />
          <div id={`${id}-list`} role="listbox" tabIndex={-1} aria-label={m.timezone} className="ef-booking__zone-list">
            {matches.map((z, i) => (
              // biome-ignore lint/a11y/useKeyWithClickEvents: the combobox input handles the keys (aria-activedescendant).
              <div
                key={z}
                id={`${id}-opt-${i}`}
                role="option"
                tabIndex={-1}
                aria-selected={i === active}
                className="ef-booking__zone-option"
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => pick(z)}
              >
                {label(z, now)}
              </div>
            ))}
          </div>
          {matches.length === 0 && (
            <p className="ef-booking__empty" role="status">
              {m.noTimezone}
            </p>
          )}
        </div>
      )}
    </div>
  );
}
