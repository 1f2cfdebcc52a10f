/**
 * Step 1: the calendar selector (several calendars), the time-zone picker (unless the
 * contact zone is fixed), the month grid and the chosen day's times. A month's first day
 * with free times is chosen when its slots arrive (not on narrow screens, where a chosen
 * day replaces the grid); changing the day clears the time.
 */
import { useEffect, useRef } from 'react';
import { addDays, addMonths, firstOfMonth, type IsoDate, monthOf } from '../../lib/time/calendar-month';
import { DateGrid } from './date-grid';
import { fillTemplate } from '../../lib/template';
import { longDate } from './format';
import type { BookingMessages } from './messages';
import { SlotList } from './slot-list';
import type { BookingCalendar, BookingSettings } from './types';
import type { SlotsState } from './use-slots';
import { MemberSelect } from './member-select';
import { ZonePicker } from './zone-picker';

export interface Picker {
  month: IsoDate;
  focused: IsoDate;
  date: IsoDate | null;
  slot: string | null;
  /** The month's first free day is chosen when its slots arrive. */
  autoPick: boolean;
}

export interface DateStepProps {
  lang: string;
  messages: BookingMessages;
  settings: BookingSettings;
  calendars: BookingCalendar[];
  calendar: BookingCalendar;
  zone: string;
  today: IsoDate;
  now: number;
  picker: Picker;
  /** The clock and zone are the visitor's (a flow woken from a page's render is not, until its first effect). */
  awake: boolean;
  slots: SlotsState;
  busy: string | null;
  error: string | null;
  onPicker: (next: Picker) => void;
  onZone: (zone: string) => void;
  onCalendar: (id: string) => void;
  onConfirm: (slot: string) => void;
  /** Back from another step: the month's heading takes the focus, as each step's heading does. */
  takeFocus?: boolean;
  /** A team calendar's chosen member ('' anyone), and whether the visitor may choose. */
  member: string;
  offerMembers: boolean;
  onMember: (userId: string) => void;
}

/** Where the focus goes after the step's view changes: the month's heading or the chosen day's. */
type FocusTarget = 'month' | 'day' | null;
const FOCUS_SELECTORS: Record<Exclude<FocusTarget, null>, string> = { month: '.ef-booking__month-title', day: '.ef-booking__day-title' };

/** The widget is narrow (one pane at a time): under 650 px of its own width, as booking.css's container query. */
const NARROW_PX = 650;
/** Requirements WIDGET-LIMITS: mobile is under 768 px of the screen's width (booking.css's media query); a phone shows one pane at a time too. */
const MOBILE_PX = 768;

export function DateStep(props: DateStepProps) {
  const { messages: m, picker, slots, calendar, lang } = props;
  const rangeStart = addDays(props.today, -2);
  const free = slots.status === 'ready' ? slots.slots : {};
  const isOpen = (date: IsoDate) => date >= rangeStart && (free[date]?.slots.length ?? 0) > 0;
  const monthDays = Object.keys(free)
    .filter((d) => monthOf(d) === monthOf(picker.month) && isOpen(d))
    .sort();
  const daySlots = picker.date ? (free[picker.date]?.slots ?? []) : [];
  const root = useRef<HTMLDivElement>(null);
  // The width as the last layout left it (a ResizeObserver reads it without forcing one);
  // before the first report, it is measured.
  const narrow = useRef<boolean | null>(null);
  useEffect(() => {
    const element = root.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      narrow.current = element.clientWidth < NARROW_PX;
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  const isNarrow = () => (narrow.current ?? (root.current?.clientWidth ?? 0) < NARROW_PX) || window.innerWidth < MOBILE_PX;

  // A view that replaces the one the focus was in (back from the contact step, a day chosen on a
  // narrow screen, back to its month) moves the focus to its heading, which screen readers read.
  const focusTarget = useRef<FocusTarget>(props.takeFocus ? 'month' : null);
  useEffect(() => {
    const target = focusTarget.current;
    if (!target) return;
    focusTarget.current = null;
    root.current?.querySelector<HTMLElement>(FOCUS_SELECTORS[target])?.focus();
  });

  useEffect(() => {
    if (slots.status !== 'ready' || !picker.autoPick || !props.awake) return;
    const first = monthDays[0] ?? null;
    props.onPicker({ ...picker, autoPick: false, date: isNarrow() ? null : first, slot: null, focused: first ?? picker.focused });
  });

  const focus = (date: IsoDate) => {
    const month = firstOfMonth(date);
    props.onPicker({ ...picker, focused: date, ...(month !== picker.month ? { month, date: null, slot: null, autoPick: true } : {}) });
  };

  return (
    <div ref={root} className={`ef-booking__step1${picker.date ? ' ef-booking--has-date' : ''}`}>
      <div className="ef-booking__options">
        {props.calendars.length > 1 && (
          <label className="ef-booking__field">
            <span>{m.calendar}</span>
            <select value={calendar.id} onChange={(e) => props.onCalendar(e.target.value)}>
              {props.calendars.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </select>
          </label>
        )}
        {props.offerMembers && calendar.team && <MemberSelect team={calendar.team} value={props.member} messages={m} onChange={props.onMember} />}
        {!props.settings.fixedZone && <ZonePicker zone={props.zone} now={props.now} messages={m} onChange={props.onZone} />}
      </div>
      <div className="ef-booking__picker">
        <div className="ef-booking__calendar-pane">
          <DateGrid
            month={picker.month}
            focused={picker.focused}
            selected={picker.date}
            startDay={props.settings.startDay}
            lang={lang}
            messages={m}
            isOpen={isOpen}
            loading={slots.status === 'loading'}
            canGoBack={picker.month > firstOfMonth(rangeStart)}
            onFocus={focus}
            onSelect={(date) => {
              if (isNarrow()) focusTarget.current = 'day';
              props.onPicker({ ...picker, focused: date, date, slot: null, autoPick: false });
            }}
          />
          {slots.status === 'ready' && monthDays.length === 0 && (
            <div className="ef-booking__empty" role="status">
              <p>{m.noSlotsMonth}</p>
              <button type="button" className="ef-booking__link" onClick={() => focus(firstOfMonth(addMonths(picker.month, 1)))}>
                {m.goToNextMonth}
              </button>
            </div>
          )}
        </div>
        <div className="ef-booking__times-pane">
          <p className="ef-booking__status" role="status">
            {slots.status === 'loading' ? m.findingSlots : (props.busy ?? '')}
          </p>
          {slots.status === 'failed' && (
            <p className="ef-booking__error" role="alert">
              {slots.message || m.unableToFindCalendar}
            </p>
          )}
          {props.error && (
            <p className="ef-booking__error" role="alert">
              {props.error}
            </p>
          )}
          {picker.date && (
            <>
              <button
                type="button"
                className="ef-booking__back ef-booking__narrow-only"
                onClick={() => {
                  focusTarget.current = 'month';
                  props.onPicker({ ...picker, date: null, slot: null });
                }}
              >
                ← {m.backToCalendar}
              </button>
              <h2 className="ef-booking__day-title" tabIndex={-1}>
                {fillTemplate(m.timesFor, { date: longDate(picker.date, lang) })}
              </h2>
              {slots.status !== 'ready' ? null : daySlots.length === 0 ? (
                <p className="ef-booking__empty">{m.noSlots}</p>
              ) : (
                <SlotList
                  key={`${picker.date}-${props.zone}`}
                  slots={daySlots}
                  selected={picker.slot}
                  zone={props.zone}
                  use24h={props.settings.use24h}
                  lang={lang}
                  messages={m}
                  onChoose={(slot) => props.onPicker({ ...picker, slot })}
                  onConfirm={props.onConfirm}
                />
              )}
            </>
          )}
          <div className="ef-booking__footer">
            <span className="ef-booking__duration">
              {m.duration}: {calendar.durationLabel}
            </span>
            <button
              type="button"
              className="ef-booking__primary"
              disabled={!picker.slot || !!props.busy}
              onClick={() => picker.slot && props.onConfirm(picker.slot)}
            >
              {m.selectDate}
            </button>
          </div>
        </div>
      </div>
    </div>
  );
}
