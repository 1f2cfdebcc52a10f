/**
 * Calendar providers and calendars (requirements WIDGET-DATA). A provider is the person or team a
 * visitor books with; a calendar is one bookable service of theirs: slot length and
 * interval, weekly availability in the calendar's own time zone, booking windows, the
 * form asked for, and optional card payment. Builder documents: unknown keys are kept.
 */
import * as v from 'valibot';
import { countryCode, currencyCode, id, text, timeZone } from './common';
import { flag, str } from './widget-common';

/** Requirements WIDGET-LIMITS: default event colour. */
export const DEFAULT_EVENT_COLOR = '#8E24AA';

/**
 * Requirements WIDGET-LIMITS: the palette of 11 event colours (Google Calendar's event
 * colours, of which the default #8E24AA is "Grape"), by name. A calendar's `event_color` is
 * one of them, written as its hex (any case) or its name; anything else reads as the default.
 */
export const EVENT_COLORS = {
  tomato: '#D50000',
  flamingo: '#E67C73',
  tangerine: '#F4511E',
  banana: '#F6BF26',
  sage: '#33B679',
  basil: '#0B8043',
  peacock: '#039BE5',
  blueberry: '#3F51B5',
  lavender: '#7986CB',
  grape: DEFAULT_EVENT_COLOR,
  graphite: '#616161',
} as const;

const PALETTE_HEXES = new Set<string>(Object.values(EVENT_COLORS));

/** A calendar's event colour as the palette has it (upper-case hex), else the default. */
export function eventColorOf(value: unknown): string {
  if (typeof value !== 'string') return DEFAULT_EVENT_COLOR;
  const given = value.trim();
  const named = EVENT_COLORS[given.toLowerCase() as keyof typeof EVENT_COLORS];
  if (named) return named;
  const hex = given.toUpperCase();
  return PALETTE_HEXES.has(hex) ? hex : DEFAULT_EVENT_COLOR;
}

/** Booking widget versions: a v3 calendar's standard form books with "Schedule Meeting" (requirements WIDGET-LIMITS-7). */
export const WIDGET_VERSIONS = ['v2', 'v3'] as const;

const slug = v.pipe(v.string(), v.trim(), v.toLowerCase(), v.regex(/^[a-z0-9][a-z0-9_-]{0,99}$/, 'must be a URL slug'));

export const calendarProviderDocument = v.looseObject({
  id,
  locationId: id,
  slug,
  name: text(200),
  calendar_provider_name: str(),
  calendar_provider_description: str(),
  timezone: v.optional(timeZone, 'America/New_York'),
  country: v.optional(countryCode, 'US'),
  language: v.optional(v.string(), 'en'),
  use24hFormat: flag(),
  disableContactTimezone: flag(),
  /** 0 Sunday … 6 Saturday; requirements WIDGET-LIMITS default 1 (Monday). */
  startDayOfWeek: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(6)), 1),
});
export type CalendarProviderDocument = v.InferOutput<typeof calendarProviderDocument>;

/** `HH:mm` on a 24-hour clock; `24:00` closes at midnight. */
const clockTime = v.pipe(v.string(), v.regex(/^(?:[01]\d|2[0-3]):[0-5]\d$|^24:00$/, 'must be HH:mm'));

export const availabilityWindow = v.pipe(
  v.object({ start: clockTime, end: clockTime }),
  v.check((w) => w.start < w.end, 'end must be after start'),
);
export type AvailabilityWindow = v.InferOutput<typeof availabilityWindow>;

export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

const day = v.optional(v.array(availabilityWindow), []);
/** Open hours per weekday, in the calendar's time zone. */
export const weeklyAvailability = v.object({ mon: day, tue: day, wed: day, thu: day, fri: day, sat: day, sun: day });
export type WeeklyAvailability = v.InferOutput<typeof weeklyAvailability>;

const NINE_TO_FIVE = [{ start: '09:00', end: '17:00' }];
export const DEFAULT_AVAILABILITY: WeeklyAvailability = {
  mon: NINE_TO_FIVE,
  tue: NINE_TO_FIVE,
  wed: NINE_TO_FIVE,
  thu: NINE_TO_FIVE,
  fri: NINE_TO_FIVE,
  sat: [],
  sun: [],
};

export const WINDOW_UNITS = ['hours', 'days', 'weeks', 'months'] as const;
export type WindowUnit = (typeof WINDOW_UNITS)[number];
const unit = (fallback: WindowUnit) =>
  v.optional(
    v.pipe(
      v.string(),
      v.toLowerCase(),
      v.transform((u) => (u.endsWith('s') ? u : `${u}s`)),
      v.picklist(WINDOW_UNITS, 'must be hours, days, weeks or months'),
    ),
    fallback,
  );
const count = v.optional(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(10_000)));

/** Card payment for a booking. `amount` is in major units (the widget sends ×100); the publishable key comes from the location. */
export const calendarStripe = v.looseObject({
  amount: v.pipe(v.number(), v.minValue(0), v.maxValue(999_999)),
  currency: v.optional(currencyCode, 'USD'),
  charge_description: str(),
});
export type CalendarStripe = v.InferOutput<typeof calendarStripe>;

/** A member of a team calendar: their own weekly hours (in their own zone) and their own bookings. */
export const teamMember = v.looseObject({
  /** The seed's `user_id`: free slots and bookings name the member by it. */
  user_id: id,
  name: text(200),
  /** Defaults to the calendar's hours and zone. */
  availability: v.optional(weeklyAvailability),
  timezone: v.optional(timeZone),
});
export type TeamMember = v.InferOutput<typeof teamMember>;

/** How a booking without `user_id` picks a member: whoever booked least recently, or whoever has the fewest bookings. */
export const ROUND_ROBIN_MODES = ['least_recent', 'even'] as const;
export type RoundRobinMode = (typeof ROUND_ROBIN_MODES)[number];

export const calendarDocument = v.looseObject({
  id,
  locationId: id,
  providerId: v.optional(v.nullable(id), null),
  slug,
  name: text(200),
  description: str(),
  /** Minutes an appointment lasts. */
  slot_duration: v.pipe(v.number(), v.integer(), v.minValue(5), v.maxValue(24 * 60)),
  /** Minutes between slot starts; defaults to slot_duration. */
  slot_interval: v.optional(v.pipe(v.number(), v.integer(), v.minValue(5), v.maxValue(24 * 60))),
  timezone: timeZone,
  availability: v.optional(weeklyAvailability, DEFAULT_AVAILABILITY),
  /** How far ahead bookings are allowed (last date, to the end of that day). */
  allow_booking_for: count,
  allow_booking_for_unit: unit('days'),
  /** Minimum notice (first date, from the start of that day; for hours, now + N hours). */
  allow_booking_after: count,
  allow_booking_after_unit: unit('days'),
  form_id: v.optional(v.nullable(id), null),
  /** A team calendar's members (none: the calendar is its own single host). */
  team_members: v.optional(
    v.pipe(
      v.array(teamMember),
      v.maxLength(50),
      v.check((ms) => new Set(ms.map((m) => m.user_id)).size === ms.length, 'each member needs their own user_id'),
    ),
    [],
  ),
  round_robin: v.optional(v.picklist(ROUND_ROBIN_MODES, 'must be least_recent or even'), 'least_recent'),
  /** Visitors pick the member themselves (when the page's link names none). */
  allow_member_choice: flag(),
  stripe: v.optional(v.nullable(calendarStripe), null),
  /** Bookings are confirmed at once (true) or are requests the office confirms (false): the widget then says it will be in touch (requirements PAGE-ERRORS-8). */
  auto_confirm: flag(true),
  sticky_contact: flag(),
  pixel_id: str(),
  code_block: str(),
  /** One of the 11 palette colours (EVENT_COLORS), kept as its hex; another value reads as the default. */
  event_color: v.optional(v.pipe(v.unknown(), v.transform(eventColorOf)), DEFAULT_EVENT_COLOR),
  /** The booking widget's version: 'v3' names the standard form's button "Schedule Meeting". */
  widget_version: v.optional(v.fallback(v.picklist(WIDGET_VERSIONS), 'v2'), 'v2'),
  /** Where the meeting takes place (an address or a meeting link), sent back with bookings. */
  event_address: str(),
  form_submit_type: str(),
  form_submit_redirect_url: str(),
  thank_you_url: str(),
  form_submit_thanks_message: str(),
  thanks_message: str(),
  /** Milliseconds since the epoch. */
  date_added: v.optional(v.pipe(v.number(), v.integer())),
});
export type CalendarDocument = v.InferOutput<typeof calendarDocument>;

/** A calendar takes card payments when its stripe settings ask for a positive amount. */
export function isPaidCalendar(calendar: Pick<CalendarDocument, 'stripe'>): boolean {
  return !!calendar.stripe && calendar.stripe.amount > 0;
}
