/**
 * The month as a real date grid (WAI-ARIA grid): arrow keys move by day and week, Home and
 * End to the week's ends, Page Up/Down by month (with Shift by year). Each day is announced
 * with its weekday, month and whether it has free times; days outside the booking range or
 * without slots are disabled but stay reachable, so the keyboard can pass over them.
 */
import { type KeyboardEvent, useEffect, useRef } from 'react';
import { addDays, addMonths, firstOfMonth, type IsoDate, monthOf, monthWeeks, parts, weekday } from '../../lib/time/calendar-month';
import { fill, longDate, monthTitle, weekdayNames } from './format';
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

const MOVES: Record<string, (date: IsoDate, startDay: number, shift: boolean) => IsoDate> = {
  ArrowLeft: (d) => addDays(d, -1),
  ArrowRight: (d) => addDays(d, 1),
  ArrowUp: (d) => addDays(d, -7),
  ArrowDown: (d) => addDays(d, 7),
  Home: (d, start) => addDays(d, -((weekday(d) - start + 7) % 7)),
  End: (d, start) => addDays(d, 6 - ((weekday(d) - start + 7) % 7)),
  PageUp: (d, _s, shift) => addMonths(d, shift ? -12 : -1),
  PageDown: (d, _s, shift) => addMonths(d, shift ? 12 : 1),
};

export function DateGrid(props: DateGridProps) {
  const { month, focused, selected, startDay, lang, messages: m } = props;
  const gridRef = useRef<HTMLTableElement>(null);
  const wantsFocus = useRef(false);
  const short = weekdayNames(lang, 'short');
  const long = weekdayNames(lang, 'long');
  const order = Array.from({ length: 7 }, (_, i) => (startDay + i) % 7);
  const title = monthTitle(month, lang);
  const titleId = `ef-month-${month}`;

  useEffect(() => {
    if (!wantsFocus.current) return;
    wantsFocus.current = false;
    gridRef.current?.querySelector<HTMLButtonElement>(`[data-date="${focused}"]`)?.focus();
  }, [focused]);

  function onKeyDown(event: KeyboardEvent<HTMLTableElement>) {
    const move = MOVES[event.key];
    if (!move) return;
    event.preventDefault();
    wantsFocus.current = true;
    props.onFocus(move(focused, startDay, event.shiftKey));
  }

  return (
    <div className="ef-booking__month">
      <div className="ef-booking__month-head">
        <button type="button" className="ef-booking__nav" aria-label={m.prevMonth} disabled={!props.canGoBack} onClick={() => props.onFocus(firstOfMonth(addMonths(month, -1)))}>
          ‹
        </button>
        <h2 id={titleId} className="ef-booking__month-title" aria-live="polite">
          {title}
        </h2>
        <button type="button" className="ef-booking__nav" aria-label={m.nextMonth} onClick={() => props.onFocus(firstOfMonth(addMonths(month, 1)))}>
          ›
        </button>
      </div>
      <table ref={gridRef} role="grid" aria-labelledby={titleId} className="ef-booking__grid" onKeyDown={onKeyDown} aria-busy={props.loading}>
        <thead>
          <tr>
            {order.map((d) => (
              <th key={d} scope="col" abbr={long[d]}>
                {short[d]}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {monthWeeks(month, startDay).map((week) => (
            <tr key={week[0]}>
              {week.map((date) => {
                const inMonth = monthOf(date) === monthOf(month);
                if (!inMonth) return <td key={date} className="ef-booking__day--outside" />;
                const open = props.isOpen(date);
                const state = props.loading ? m.dayLoading : open ? m.dayOpen : m.dayClosed;
                return (
                  <td key={date} aria-selected={date === selected}>
                    <button
                      type="button"
                      data-date={date}
                      className="ef-booking__day"
                      tabIndex={date === focused ? 0 : -1}
                      aria-disabled={!open}
                      aria-current={date === selected ? 'date' : undefined}
                      aria-label={fill(state, { date: longDate(date, lang) })}
                      onClick={() => (open ? props.onSelect(date) : props.onFocus(date))}
                      onKeyDown={(e) => {
                        if ((e.key === 'Enter' || e.key === ' ') && !open) e.preventDefault();
                      }}
                    >
                      {parts(date).day}
                    </button>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
