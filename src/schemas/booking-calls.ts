/** Inputs of the booking calls (requirements WIDGET-CALLS): queries, booking and reschedule payloads, cancel and note bodies. */
import * as v from 'valibot';
import { Temporal } from 'temporal-polyfill';
import { stripePaymentResult } from './appointment';
import { boundedJson, freeTextOnly, id, timeZone } from './common';
import { boundedSubmission, submitExtras } from './form-calls';

/** Latest instant a booking call reads (1 January 2200): far beyond any booking window, well inside Temporal's range. */
const LATEST_MS = 7_258_118_400_000;

/** Epoch milliseconds as the query string carries them. */
const msParam = v.pipe(
  v.string(),
  v.regex(/^\d{1,15}$/, 'must be a timestamp in milliseconds'),
  v.transform(Number),
  v.maxValue(LATEST_MS, 'must be before the year 2200'),
);

function instantMs(value: string | number): number | null {
  let ms: number | null = null;
  if (typeof value === 'number') ms = Number.isSafeInteger(value) ? value : null;
  else if (/^\d{1,15}$/.test(value)) ms = Number(value);
  else {
    try {
      ms = Temporal.Instant.from(value).epochMilliseconds;
    } catch {
      ms = null;
    }
  }
  return ms !== null && ms >= 0 && ms <= LATEST_MS ? ms : null;
}

/** A slot start: an ISO timestamp with offset, or epoch ms; read as epoch ms. */
export const slotTime = v.pipe(
  v.union([v.string(), v.number()], 'must be an ISO timestamp'),
  v.check((x) => instantMs(x) !== null, 'must be an ISO timestamp with offset'),
  v.transform((x) => instantMs(x) as number),
);

/** Longest range one free-slots call covers: a calendar month seen from any zone, with room. */
export const MAX_SLOT_RANGE_MS = 62 * 86_400_000;

export const freeSlotsQuery = v.pipe(
  v.object({
    calendar_id: id,
    startDate: msParam,
    endDate: msParam,
    timezone: timeZone,
    user_id: v.optional(v.union([v.literal(''), id])),
  }),
  v.check((q) => q.endDate >= q.startDate, 'endDate must not be before startDate'),
  v.check((q) => q.endDate - q.startDate <= MAX_SLOT_RANGE_MS, 'the range must not exceed 62 days'),
);

/**
 * The manage token of an appointment (src/platform/services/appointment-access.ts), from the
 * `token` of its reschedule and cancel links. Optional here: a missing or wrong one is a 403.
 */
export const manageTokenField = v.optional(v.pipe(v.string(), v.maxLength(100)));

const slugParam = v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{1,100}$/, 'must be a URL slug'));

/** Three shapes (requirements WIDGET-CALLS): provider id + calendar id; calendar slug + provider slug + event id; provider slug. */
export const servicesQuery = v.object({
  calendar_provider_id: v.optional(id),
  calendar_id: v.optional(id),
  calendar_slug: v.optional(slugParam),
  calendar_provider_slug: v.optional(slugParam),
  event_id: v.optional(v.union([v.literal(''), id])),
  /** The event's manage token: without it `calendarEvent` is only what a stranger may see. */
  token: manageTokenField,
  use_id_instead_of_slug: v.optional(v.string()),
});
export type ServicesQuery = v.InferOutput<typeof servicesQuery>;

export const widgetDataQuery = v.object({ calendar: v.optional(v.pipe(v.string(), v.maxLength(2000))) });

/** POST /appointment, multipart: the form answers plus the booking keys. */
export const bookingSubmission = boundedSubmission(
  v.looseObject({
    ...submitExtras,
    formId: v.optional(v.union([v.literal(''), id])),
    calendar_id: id,
    selected_slot: slotTime,
    selected_timezone: timeZone,
    event_id: v.optional(v.union([v.literal(''), id])),
    /** With `event_id`: that appointment's manage token. */
    manage_token: manageTokenField,
    /** The visitor's payment-step hold of this slot (POST /appointment/hold). */
    hold_id: v.optional(v.union([v.literal(''), id])),
    stripePaymentResult: v.optional(stripePaymentResult),
    stripeToken: v.optional(v.pipe(v.string(), v.regex(/^tok_[A-Za-z0-9_]{1,200}$/, 'must be a card token'))),
  }),
);
export type BookingSubmission = v.InferOutput<typeof bookingSubmission>;

/** POST /appointment, JSON: move an appointment to another slot. */
export const rescheduleBody = v.object({ event_id: id, selected_slot: slotTime, timezone: timeZone, calendar_id: id, token: manageTokenField });
export type RescheduleBody = v.InferOutput<typeof rescheduleBody>;

export const appointmentParams = v.object({ id });
export const appointmentNoteParams = v.object({ appointmentId: id });
/** GET /appointment/{id}: with the manage token the whole event, else what a stranger may see. */
export const appointmentQuery = v.object({ token: manageTokenField });
/** The add-to-calendar links of an appointment. */
export const calendarLinkParams = v.object({ appointmentId: id });
/** The add-to-calendar links need the manage token: they show the times and carry the manage links. */
export const calendarLinkQuery = v.object({ token: manageTokenField });
export const cancelBody = v.object({
  reason: v.pipe(v.string('reason is required'), freeTextOnly, v.trim(), v.nonEmpty('reason is required'), v.maxLength(2000)),
  token: manageTokenField,
});
export const noteBody = v.object({
  notes: v.pipe(v.string('notes is required'), freeTextOnly, v.trim(), v.nonEmpty('notes is required'), v.maxLength(5000)),
  token: manageTokenField,
});
/** `calendar_id` ties the card setup to a paid calendar's amount, which the booking then verifies. */
export const setupIntentBody = v.object({ locationId: id, calendar_id: v.optional(id) });

/** POST /appointment/hold: hold a paid calendar's slot while the visitor enters a card. */
export const holdBody = v.object({ calendar_id: id, selected_slot: slotTime, user_id: v.optional(v.union([v.literal(''), id])) });
export const holdParams = v.object({ holdId: id });
/** POST /appointment/hold/{holdId}/release: the holder token the hold was answered with. */
export const releaseHoldBody = v.object({ token: manageTokenField });

/** A report of a booking that failed in the browser after the booking call. */
export const bookingErrorBody = v.object({
  formData: v.optional(boundedJson()),
  eventId: v.optional(v.nullable(v.union([v.pipe(v.string(), v.maxLength(64)), v.number()]))),
  error: v.pipe(
    boundedJson(4096),
    v.check((e) => e !== undefined && e !== null && e !== '', 'error is required'),
  ),
  isUserSessionLoad: v.optional(v.boolean(), false),
  logs: v.optional(boundedJson()),
});

/** Largest booking-error report: its three free-form parts and a little around them. */
export const BOOKING_ERROR_BYTES = 24 * 1024;
