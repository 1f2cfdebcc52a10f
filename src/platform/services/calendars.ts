/**
 * Calendar providers and their calendars (bookable services), as the booking widget reads
 * them: a calendar with its form (its own, or the standard one, with a payment field
 * before the button when it takes cards) and the publishable card key of its location.
 */
import { type CalendarDocument, type CalendarProviderDocument, calendarDocument, calendarProviderDocument, isPaidCalendar } from '../../schemas/calendar';
import type { FormBody, FormField } from '../../schemas/form';
import { formBody } from '../../schemas/form';
import * as v from 'valibot';
import { getForm, readDocument } from './forms';
import type { Location } from './locations';

interface DocRow {
  doc: string;
  date_added?: number;
}

function calendarOf(row: DocRow | null, what: string): CalendarDocument | null {
  if (!row) return null;
  const doc = readDocument(calendarDocument, row.doc, what);
  return doc ? { ...doc, date_added: doc.date_added ?? row.date_added } : null;
}

export async function getCalendar(db: D1Database, id: string): Promise<CalendarDocument | null> {
  const row = await db.prepare('SELECT doc, date_added FROM calendars WHERE id = ?').bind(id).first<DocRow>();
  return calendarOf(row, `calendar ${id}`);
}

export async function getCalendarBySlug(db: D1Database, slug: string): Promise<CalendarDocument | null> {
  const row = await db.prepare('SELECT doc, date_added FROM calendars WHERE slug = ?').bind(slug.toLowerCase()).first<DocRow>();
  return calendarOf(row, `calendar ${slug}`);
}

export async function getProvider(db: D1Database, by: { id: string } | { slug: string }): Promise<CalendarProviderDocument | null> {
  const row =
    'id' in by
      ? await db.prepare('SELECT doc FROM calendar_providers WHERE id = ?').bind(by.id).first<DocRow>()
      : await db.prepare('SELECT doc FROM calendar_providers WHERE slug = ?').bind(by.slug.toLowerCase()).first<DocRow>();
  return row ? readDocument(calendarProviderDocument, row.doc, 'calendar provider') : null;
}

/** A provider's calendars, newest first (requirements WIDGET-ROUTES). */
export async function listServices(db: D1Database, providerId: string): Promise<CalendarDocument[]> {
  const { results } = await db
    .prepare('SELECT doc, date_added FROM calendars WHERE provider_id = ? ORDER BY date_added DESC, id')
    .bind(providerId)
    .all<DocRow>();
  return results.map((r) => calendarOf(r, 'calendar')).filter((c): c is CalendarDocument => c !== null);
}

const field = (f: Record<string, unknown>): FormField => v.parse(formBody, { fields: [f] }).fields[0] as FormField;

/**
 * Requirements WIDGET-DATA: the form of a calendar without form_id. Its button reads "Book
 * Appointment", or "Schedule Meeting" on a v3 calendar (requirements WIDGET-LIMITS-7).
 */
export function standardCalendarForm(version: CalendarDocument['widget_version'] = 'v2'): FormBody {
  const button = version === 'v3' ? 'Schedule Meeting' : 'Book Appointment';
  return v.parse(formBody, {
    fields: [
      { tag: 'first_name', label: 'First Name', type: 'text', required: true, active: true },
      { tag: 'last_name', label: 'Last Name', type: 'text', required: true, active: true },
      { tag: 'phone', label: 'Phone', type: 'text', required: true, active: true },
      { tag: 'email', label: 'Email', type: 'email', required: true, active: true },
      { tag: 'submit', label: button, type: 'submit', active: true },
    ],
    button: { text: button },
    width: 550,
  });
}

/** The calendar's form; a paid calendar gets a payment field before its button. */
export async function calendarForm(db: D1Database, calendar: CalendarDocument): Promise<FormBody> {
  const own = calendar.form_id ? await getForm(db, calendar.form_id) : null;
  const form = own ? own.form : standardCalendarForm(calendar.widget_version);
  const fields = form.fields.filter((f) => f.active);
  if (isPaidCalendar(calendar) && !fields.some((f) => f.type === 'payment')) {
    const at = fields.findIndex((f) => f.type === 'submit');
    const payment = field({ tag: 'payment', label: 'Payment', type: 'payment', required: true });
    fields.splice(at < 0 ? fields.length : at, 0, payment);
  }
  return { ...form, fields };
}

/** The calendar as the widget receives it: with its form and the location's publishable key. */
export async function calendarView(
  db: D1Database,
  calendar: CalendarDocument,
  location: Location | null,
  envKey: string | undefined,
): Promise<Record<string, unknown>> {
  const publishable = location?.stripePublishableKey || envKey || '';
  return {
    ...calendar,
    _id: calendar.id,
    location_id: calendar.locationId,
    provider_id: calendar.providerId,
    form: await calendarForm(db, calendar),
    stripe: calendar.stripe ? { ...calendar.stripe, publishable_key: publishable } : null,
  };
}

/** The provider as the widget receives it, under the seed's key names. */
export function providerView(provider: CalendarProviderDocument): Record<string, unknown> {
  return { ...provider, _id: provider.id, location_id: provider.locationId };
}
