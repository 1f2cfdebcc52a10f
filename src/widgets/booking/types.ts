/** What the booking island receives from its page: only what the browser needs. */
import type { IsoDate } from '../../lib/time/calendar-month';
import type { FormBody } from '../../schemas/form';
import type { FormStringsDiff } from '../form/types';
import type { FreeSlots } from '../../schemas/calls/booking-routes';
import type { BookingMessages } from './messages';

/** One bookable calendar (service), as the widget shows it. */
export interface BookingCalendar {
  id: string;
  name: string;
  description: string;
  locationId: string;
  slotDuration: number;
  /** "30 minutes" / "1 hour", translated on the server. */
  durationLabel: string;
  eventColor: string;
  eventAddress: string;
  form: FormBody;
  /** The calendar's own form, '' for the standard one. */
  formId: string;
  /** Card payment, when the calendar takes one. */
  paid: { publishableKey: string; amountLabel: string } | null;
  thankYouUrl: string;
  /** The seller's pixel, started on the widget's own page. */
  pixelId: string;
  /** Remember the visitor's contact per location and prefill it next time. */
  stickyContact: boolean;
  thanksMessage: string;
  /** Null when bookings are confirmed at once; else they are requests, and this is the office's contact (its phone, else its email; '' when it has none). */
  requestContact: string | null;
  /** The location's country: phone numbers are read in it. */
  country: string;
  /** A team calendar's members, and whether visitors choose one themselves; null for a single host. */
  team: { members: { userId: string; name: string }[]; choice: boolean } | null;
}

export interface BookingSettings {
  use24h: boolean;
  /** 0 Sunday … 6 Saturday. */
  startDay: number;
  /** The contact time zone is fixed (no picker); slots show in this zone. */
  fixedZone: string | null;
  /** redirect=false: stay on the widget after booking. */
  redirect: boolean;
  popup: boolean;
  notrack: boolean;
  /** Inside a funnel page rather than its own page or frame. */
  inline: boolean;
  /** Accent colour (?color). */
  color: string;
  /** The link's team member (the seed's `user_id` query): slots and bookings are theirs, and nobody is offered a choice. */
  userId: string | null;
  /** Turnstile's site key when both its keys are configured, else '': a calendar form's captcha field shows it. */
  turnstileSiteKey: string;
}

/** An appointment being rescheduled (event_id). */
export interface RescheduleEvent {
  id: string;
  /** Its manage token (from the link), sent with the reschedule. */
  token: string;
  calendarId: string;
  startTime: string;
  selectedTimezone: string;
}

export interface BookingWidgetProps {
  /** The interface's language. */
  lang: string;
  /** The seller's content language (the page's `<html lang>`): the widget carries `lang` when the interface speaks another (requirements ELEMENTS-5). */
  contentLang?: string;
  messages: BookingMessages;
  /** The form engine's strings (labels, validation messages) for the contact step. */
  formStrings: FormStringsDiff;
  calendars: BookingCalendar[];
  settings: BookingSettings;
  event: RescheduleEvent | null;
  /** Base of the links to reschedule and cancel: the page's origin. */
  origin: string;
  /**
   * The first calendar's free slots the page was rendered with (a funnel page's calendar
   * element, src/elements/calendar/calendar.astro): the month grid shows at once, before
   * any script runs, and the widget fetches them again when it wakes.
   */
  prerendered?: PrerenderedSlots | null;
  /** The first calendar's `code_block`: the seller's code, rendered after the widget on its own pages (not a prop the island reads). */
  codeBlock?: string;
  /** The location's icon for the booking page (src/widgets/favicon.ts); the page keeps it, the island never gets it. */
  favicon?: string;
}

/** Free slots of one calendar's month in one zone, as of `now` (the render's clock). */
export interface PrerenderedSlots {
  calendarId: string;
  zone: string;
  now: number;
  month: IsoDate;
  slots: FreeSlots;
}
