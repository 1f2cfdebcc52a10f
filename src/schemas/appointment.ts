/**
 * Appointments (requirements WIDGET-DATA Calendar event and appointment): a booked slot of a calendar,
 * held until cancelled. Times are milliseconds since the epoch in storage and ISO strings
 * in answers.
 */
import * as v from 'valibot';

export const APPOINTMENT_STATUSES = ['booked', 'confirmed', 'cancelled'] as const;
export type AppointmentStatus = (typeof APPOINTMENT_STATUSES)[number];

/** The event as GET /appointment/{id} answers it. */
export const appointmentEvent = v.object({
  _id: v.string(),
  id: v.string(),
  calendar_id: v.string(),
  location_id: v.string(),
  contact_id: v.nullable(v.string()),
  start_time: v.string(),
  end_time: v.string(),
  selected_timezone: v.string(),
  status: v.picklist(APPOINTMENT_STATUSES),
  event_address: v.string(),
  /** Team calendars: the member the meeting is with, and their name (null on a single-host calendar). */
  user_id: v.nullable(v.string()),
  team_member_name: v.nullable(v.string()),
});
export type AppointmentEvent = v.InferOutput<typeof appointmentEvent>;

/** Card setup the widget confirmed before booking a paid calendar. */
export const stripePaymentResult = v.object({
  paymentMethodId: v.pipe(v.string(), v.regex(/^pm_[A-Za-z0-9_]{1,200}$/, 'must be a payment method id')),
  client_secret: v.pipe(v.string(), v.regex(/^seti_[A-Za-z0-9_]{1,200}$/, 'must be a setup intent client secret')),
});
export type StripePaymentResult = v.InferOutput<typeof stripePaymentResult>;

/** Free slots: `YYYY-MM-DD` in the requested time zone → the slot starts as ISO timestamps. */
export type FreeSlots = Record<string, { slots: string[] }>;
