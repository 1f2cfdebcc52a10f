/**
 * The date picker dialog of a date field (WAI-ARIA APG "Date Picker Dialog"): a modal
 * dialog, labelled by the month it shows, with a month and a year list (the seed's "click
 * the year to select a year from the past"), previous and next month buttons, and the
 * month as a grid of days.
 * - Arrow keys move by day and week, Home and End to the week's ends, Page Up/Down by month
 *   and with Shift by year; Enter or Space picks the focused day; Escape closes. Both close
 *   the dialog and give the focus back to the button that opened it.
 * - Days outside the field's range (100 years either side of today; a date of birth ends
 *   today) are disabled but stay reachable, so the keyboard can pass over them.
 * - Tab stays inside the dialog; a pointer press outside it closes it.
 * Its own chunk: only forms with a date field load it (./date-field.tsx).
 */
// biome-ignore-all lint/a11y/useSemanticElements: a WAI-ARIA grid of divs, laid out with CSS grid, as the booking calendar's.
// biome-ignore-all lint/a11y/useFocusableInteractive: rows, headers and empty cells of a grid are not focusable; days use a roving tabindex.
// biome-ignore-all lint/a11y/useKeyWithClickEvents: the grid handles the keys of its days (Enter and Space pick, arrows move).
import { type KeyboardEvent, type RefObject, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { addMonths, firstOfMonth, type IsoDate, monthOf, monthWeeks, moveDay, parts } from '../../../lib/time/calendar-month';
import { dateTimeFormat } from '../../../lib/time/date-format';
import { longDate, monthTitle, weekdayNames } from '../../booking/format';
import type { UiStrings } from '../types';
// Inlined into this chunk and added to the page when the dialog first opens: a stylesheet
// import would be collected into the CSS of every page that can render a form.
import css from './date-picker.css?inline';

export interface DatePickerProps {
  /** The field's date, when it holds a valid one. */
  value: IsoDate | undefined;
  today: IsoDate;
  min: IsoDate;
  max: IsoDate;
  lang: string;
  ui: UiStrings;
  onPick: (date: IsoDate) => void;
  onClose: () => void;
  /** The button that opened the dialog: a press on it toggles, it is not "outside". */
  opener: RefObject<HTMLButtonElement | null>;
}

const clamp = (date: IsoDate, min: IsoDate, max: IsoDate): IsoDate => (date < min ? min : date > max ? max : date);

/** The first day of the week in the visitor's language (0 Sunday … 6 Saturday); Monday, the seed's default, when unknown. */
function firstDayOfWeek(lang: string): number {
  try {
    const locale = new Intl.Locale(lang) as Intl.Locale & { getWeekInfo?: () => { firstDay: number }; weekInfo?: { firstDay: number } };
    const info = locale.getWeekInfo?.() ?? locale.weekInfo;
    return info ? info.firstDay % 7 : 1;
  } catch {
    return 1;
  }
}

function monthNames(lang: string): string[] {
  const f = dateTimeFormat(lang, { timeZone: 'UTC', month: 'long' });
  return Array.from({ length: 12 }, (_, i) => f.format(new Date(Date.UTC(2000, i, 15))));
}

/** Adds the dialog's styles to the document once. */
function useDialogStyles() {
  useLayoutEffect(() => {
    if (document.querySelector('style[data-ef-datepicker]')) return;
    const style = document.createElement('style');
    style.dataset.efDatepicker = '';
    style.textContent = css;
    document.head.appendChild(style);
  }, []);
}

const FOCUSABLE = 'button:not([disabled]), select:not([disabled]), [tabindex="0"]';

export default function DatePicker({ value, today, min, max, lang, ui, onPick, onClose, opener }: DatePickerProps) {
  useDialogStyles();
  const [focused, setFocused] = useState(() => clamp(value ?? today, min, max));
  const dialog = useRef<HTMLDivElement>(null);
  const grid = useRef<HTMLDivElement>(null);
  // The day takes the focus when the dialog opens and when a key in the grid moved it; a
  // month changed with a button or a list leaves the focus on that control.
  const dayWantsFocus = useRef(true);
  const titleId = useId();
  const startDay = firstDayOfWeek(lang);
  const month = firstOfMonth(focused);
  const { year: shownYear, month: shownMonth } = parts(month);
  const short = weekdayNames(lang, 'short');
  const long = weekdayNames(lang, 'long');
  const order = Array.from({ length: 7 }, (_, i) => (startDay + i) % 7);
  const firstYear = parts(min).year;
  const years = Array.from({ length: parts(max).year - firstYear + 1 }, (_, i) => firstYear + i);

  useEffect(() => {
    if (!dayWantsFocus.current) return;
    dayWantsFocus.current = false;
    grid.current?.querySelector<HTMLElement>(`[data-date="${focused}"]`)?.focus();
  }, [focused]);

  useEffect(() => {
    const outside = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!dialog.current?.contains(target) && !opener.current?.contains(target)) onClose();
    };
    document.addEventListener('pointerdown', outside);
    return () => document.removeEventListener('pointerdown', outside);
  }, [onClose, opener]);

  const show = (date: IsoDate) => setFocused(clamp(date, min, max));
  const isOpen = (date: IsoDate) => date >= min && date <= max;

  function onDialogKey(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      onClose();
      return;
    }
    if (event.key !== 'Tab') return;
    const stops = Array.from(dialog.current?.querySelectorAll<HTMLElement>(FOCUSABLE) ?? []);
    const first = stops[0];
    const last = stops.at(-1);
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last?.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first?.focus();
    }
  }

  function onGridKey(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      // Enter in a survey also means "next": the pick is the answer, not a submit.
      event.stopPropagation();
      if (isOpen(focused)) onPick(focused);
      return;
    }
    const next = moveDay(focused, event.key, startDay, event.shiftKey);
    if (!next) return;
    event.preventDefault();
    dayWantsFocus.current = true;
    show(next);
  }

  return (
    <div ref={dialog} role="dialog" aria-modal="true" aria-labelledby={titleId} className="ef-datepicker" data-testid="date-picker" onKeyDown={onDialogKey}>
      <div id={titleId} className="ef-sr-only" aria-live="polite">
        {monthTitle(month, lang)}
      </div>
      <div className="ef-datepicker__head">
        <button type="button" className="ef-datepicker__nav" aria-label={ui.previousMonth} disabled={month <= min} onClick={() => show(addMonths(focused, -1))}>
          ‹
        </button>
        <select
          className="ef-datepicker__select"
          aria-label={ui.month}
          value={shownMonth}
          onChange={(e) => show(addMonths(focused, Number(e.target.value) - shownMonth))}
        >
          {monthNames(lang).map((name, i) => (
            <option key={name} value={i + 1}>
              {name}
            </option>
          ))}
        </select>
        <select
          className="ef-datepicker__select"
          aria-label={ui.year}
          value={shownYear}
          onChange={(e) => show(addMonths(focused, 12 * (Number(e.target.value) - shownYear)))}
        >
          {years.map((year) => (
            <option key={year} value={year}>
              {year}
            </option>
          ))}
        </select>
        <button
          type="button"
          className="ef-datepicker__nav"
          aria-label={ui.nextMonth}
          disabled={monthOf(max) <= monthOf(month)}
          onClick={() => show(addMonths(focused, 1))}
        >
          ›
        </button>
      </div>
      <div ref={grid} role="grid" aria-labelledby={titleId} className="ef-datepicker__grid" onKeyDown={onGridKey}>
        <div role="row" className="ef-datepicker__week">
          {order.map((d) => (
            <div key={d} role="columnheader" aria-label={long[d]} className="ef-datepicker__weekday">
              {short[d]}
            </div>
          ))}
        </div>
        {monthWeeks(month, startDay).map((week) => (
          <div key={week[0]} role="row" className="ef-datepicker__week">
            {week.map((date) => {
              if (monthOf(date) !== monthOf(month)) return <div key={date} role="gridcell" aria-hidden="true" />;
              const open = isOpen(date);
              return (
                <div
                  key={date}
                  role="gridcell"
                  data-date={date}
                  className="ef-datepicker__day"
                  tabIndex={date === focused ? 0 : -1}
                  aria-selected={date === value}
                  aria-disabled={!open || undefined}
                  aria-current={date === today ? 'date' : undefined}
                  aria-label={longDate(date, lang)}
                  onClick={() => (open ? onPick(date) : show(date))}
                  onFocus={() => {
                    if (date !== focused) setFocused(date);
                  }}
                >
                  {parts(date).day}
                </div>
              );
            })}
          </div>
        ))}
      </div>
      <div className="ef-datepicker__foot">
        <button type="button" className="ef-link" onClick={onClose}>
          {ui.close}
        </button>
      </div>
    </div>
  );
}
