/**
 * The month as a real date grid (WAI-ARIA grid): arrow keys move by day and week, Home and
 * End to the week's ends, Page Up/Down by month (with Shift by year). Each day is announced
 * with its weekday, month and whether it has free times; days outside the booking range or
 * without slots are disabled but stay reachable, so the keyboard can pass over them.
 */
// biome-ignore-all lint/a11y/useSemanticElements: a WAI-ARIA grid of divs; a <table> cannot carry role=grid without other warnings, and layout is CSS grid.
// biome-ignore-all lint/a11y/useFocusableInteractive: rows, headers and empty cells of a grid are not focusable; days use a roving tabindex.
import { type KeyboardEvent, useEffect, useRef } from 'react';
import { addMonths, firstOfMonth, type IsoDate, monthOf, monthWeeks, moveDay, parts } from '../../lib/time/calendar-month';
import { fillTemplate } from '../../lib/template';
import { longDate, monthTitle, weekdayNames } from './format';
import type { BookingMessages } from './messages';

export interface DateGridProps {
  month: IsoDate;
  focused: IsoDate;
  selected: IsoDate | null;
  startDay: number;
  lang: string;
  messages: BookingMessages;
  /** Whether a day can be chosen (in range and with free slots). */
  isOpen: (date: IsoDate) => boolean;
  /** Whether a day is inside the range whose slots are known (else announced as loading). */
  loading: boolean;
  canGoBack: boolean;
  onFocus: (date: IsoDate) => void;
  onSelect: (date: IsoDate) => void;
}

export function DateGrid(props: DateGridProps) {
  const { month, focused, selected, startDay, lang, messages: m } = props;
  const gridRef = useRef<HTMLDivElement>(null);
  const wantsFocus = useRef(false);
  // The day keys move from: the last one asked for, so keys pressed faster than the grid
  // re-renders (a slow phone) each move on from the one before, not from a stale render.
  const latest = useRef(focused);
  latest.current = focused;
  const short = weekdayNames(lang, 'short');
  const long = weekdayNames(lang, 'long');
  const order = Array.from({ length: 7 }, (_, i) => (startDay + i) % 7);
  const title = monthTitle(month, lang);
  const titleId = `ef-month-${month}`;

  // Whether a day had the keyboard focus: when the focused day changes without a key (the
  // month's first free day is picked when its slots arrive), focus follows it.
  const inGrid = useRef(false);

  useEffect(() => {
    if (!wantsFocus.current && !inGrid.current) return;
    wantsFocus.current = false;
    const grid = gridRef.current;
    // Focus never falls out of the grid: the asked-for day, else the day in the tab order.
    (grid?.querySelector<HTMLElement>(`[data-date="${focused}"]`) ?? grid?.querySelector<HTMLElement>('[tabindex="0"]'))?.focus();
  }, [focused]);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const next = moveDay(latest.current, event.key, startDay, event.shiftKey);
    if (!next) return;
    event.preventDefault();
    wantsFocus.current = true;
    latest.current = next;
    props.onFocus(next);
  }

  return (
    <div className="ef-booking__month">
      <div className="ef-booking__month-head">
        <button
          type="button"
          className="ef-booking__nav"
          aria-label={m.prevMonth}
          disabled={!props.canGoBack}
          onClick={() => props.onFocus(firstOfMonth(addMonths(month, -1)))}
        >
          ‹
        </button>
        <h2 id={titleId} className="ef-booking__month-title" aria-live="polite" tabIndex={-1}>
          {title}
        </h2>
        <button type="button" className="ef-booking__nav" aria-label={m.nextMonth} onClick={() => props.onFocus(firstOfMonth(addMonths(month, 1)))}>
          ›
        </button>
      </div>
      <div
        ref={gridRef}
        role="grid"
        aria-labelledby={titleId}
        className="ef-booking__grid"
        onKeyDown={onKeyDown}
        onFocus={() => {
          inGrid.current = true;
        }}
        onBlur={(event) => {
          if (!gridRef.current?.contains(event.relatedTarget as Node | null)) inGrid.current = false;
        }}
        aria-busy={props.loading}
      >
        <div role="row" className="ef-booking__week">
          {order.map((d) => (
            <div key={d} role="columnheader" aria-label={long[d]} className="ef-booking__weekday">
              {short[d]}
            </div>
          ))}
        </div>
        {monthWeeks(month, startDay).map((week) => (
          <div key={week[0]} role="row" className="ef-booking__week">
            {week.map((date) => {
              if (monthOf(date) !== monthOf(month)) return <div key={date} role="gridcell" aria-hidden="true" className="ef-booking__day--outside" />;
              const open = props.isOpen(date);
              const state = props.loading ? m.dayLoading : open ? m.dayOpen : m.dayClosed;
              const choose = () => (open ? props.onSelect(date) : props.onFocus(date));
              return (
                <div
                  key={date}
                  role="gridcell"
                  data-date={date}
                  className="ef-booking__day"
                  tabIndex={date === focused ? 0 : -1}
                  aria-selected={date === selected}
                  aria-disabled={!open}
                  aria-label={fillTemplate(state, { date: longDate(date, lang) })}
                  onClick={choose}
                  onKeyDown={(e) => {
                    if (e.key !== 'Enter' && e.key !== ' ') return;
                    e.preventDefault();
                    choose();
                  }}
                >
                  {parts(date).day}
                </div>
              );
            })}
          </div>
        ))}
      </div>
    </div>
  );
}
