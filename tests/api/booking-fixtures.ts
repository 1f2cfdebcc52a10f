/** Calendars, a provider and slot times for the booking API tests. Slots are computed from today, a week ahead. */
import { env } from 'cloudflare:test';
import { Temporal } from 'temporal-polyfill';
import { multipart, post, seedForm, seedLocation } from './forms-fixtures';

const allWeek = (start: string, end: string) => {
  const day = [{ start, end }];
  return { mon: day, tue: day, wed: day, thu: day, fri: day, sat: day, sun: day };
};

export const CALENDARS = {
  cal_a: {
    id: 'cal_a',
    locationId: 'loc_w',
    providerId: 'prov_1',
    slug: 'consult',
    name: 'Consultation',
    description: 'A first talk',
    slot_duration: 60,
    timezone: 'America/New_York',
    availability: allWeek('09:00', '17:00'),
    allow_booking_for: 60,
    allow_booking_for_unit: 'days',
    event_address: 'https://meet.example.com/room',
    thank_you_url: 'https://example.com/thanks',
    date_added: 1_000,
  },
  cal_b: {
    id: 'cal_b',
    locationId: 'loc_w',
    providerId: 'prov_1',
    slug: 'paid-session',
    name: 'Paid session',
    slot_duration: 30,
    timezone: 'America/New_York',
    availability: allWeek('09:00', '17:00'),
    stripe: { amount: 50, currency: 'usd', charge_description: 'Session' },
    date_added: 5_000,
  },
  cal_c: {
    id: 'cal_c',
    locationId: 'loc_w',
    providerId: 'prov_1',
    slug: 'with-form',
    name: 'With own form',
    slot_duration: 60,
    timezone: 'Asia/Kolkata',
    availability: allWeek('09:00', '12:00'),
    form_id: 'frm_cal',
    date_added: 3_000,
  },
  // 60-minute slots every 30 minutes: 9:00 and 9:30 overlap.
  cal_o: {
    id: 'cal_o',
    locationId: 'loc_w',
    providerId: null,
    slug: 'overlapping',
    name: 'Overlapping slots',
    slot_duration: 60,
    slot_interval: 30,
    timezone: 'America/New_York',
    availability: allWeek('09:00', '17:00'),
    date_added: 7_000,
  },
} as const;

type CalendarRow = {
  id: string;
  locationId: string;
  providerId: string | null;
  slug: string;
  name: string;
  timezone: string;
  slot_duration: number;
  form_id?: string;
  date_added: number;
  [key: string]: unknown;
};

/** Stores one calendar document with its indexed columns. */
export async function seedCalendar(cal: CalendarRow): Promise<void> {
  await env.DB.prepare(
    'INSERT INTO calendars (id, location_id, provider_id, slug, name, timezone, slot_duration, form_id, doc, date_added, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0)',
  )
    .bind(cal.id, cal.locationId, cal.providerId, cal.slug, cal.name, cal.timezone, cal.slot_duration, cal.form_id ?? null, JSON.stringify(cal), cal.date_added)
    .run();
}

export async function seedBooking(): Promise<void> {
  await seedLocation();
  const provider = { id: 'prov_1', locationId: 'loc_w', slug: 'dr-ann', name: 'Dr Ann', calendar_provider_name: 'Dr Ann', timezone: 'America/New_York' };
  await env.DB.prepare('INSERT INTO calendar_providers (id, location_id, slug, name, doc, created_at, updated_at) VALUES (?, ?, ?, ?, ?, 0, 0)')
    .bind(provider.id, provider.locationId, provider.slug, provider.name, JSON.stringify(provider))
    .run();
  for (const cal of Object.values(CALENDARS)) await seedCalendar(cal);
  await seedForm({
    id: 'frm_cal',
    locationId: 'loc_w',
    name: 'Calendar form',
    form: {
      fields: [
        { tag: 'email', label: 'Email', type: 'email', required: true },
        { tag: 'calendar_notes', label: 'Additional information', type: 'textarea' },
        { tag: 'photo', label: 'Photo', fieldName: 'Photo', type: 'file_upload', picklistOptions: ['.png'] },
        { type: 'submit', label: 'Book' },
      ],
    },
  });
}

/** The moment this file's tests count days from: once, so a test running across midnight still means the same days. */
const START = Temporal.Now.instant();

/** `days` from today at `hour`:00 in `zone`, as ISO with offset. */
export function slotAt(days: number, hour: number, zone = 'America/New_York'): string {
  return START.toZonedDateTimeISO(zone)
    .add({ days })
    .with({ hour, minute: 0, second: 0, millisecond: 0, microsecond: 0, nanosecond: 0 })
    .toString({ timeZoneName: 'never', smallestUnit: 'second' });
}

export const CONTACT = { first_name: 'Ann', last_name: 'Lee', phone: '+1 202 555 0123', email: 'ann@example.com' };

export function book(
  calendarId: string,
  slot: string,
  extra: Record<string, unknown> = {},
  files: Record<string, File[]> = {},
  headers: Record<string, string> = {},
) {
  return post(
    '/appointment',
    multipart({ calendar_id: calendarId, selected_slot: slot, selected_timezone: 'America/New_York', ...CONTACT, ...extra }, files),
    headers,
  );
}
