/*
 * What this visitor gave, kept in their own browser per location, for the `contact.*` and
 * `appointment.*` merge fields a funnel page fills in the browser (requirements PAGE-DATA-11;
 * the edge copy of a page is shared by every visitor, so the server leaves them to the
 * browser, src/lib/merge-fields.ts). The contact is the sticky contact the forms, the order
 * form and the booking widget keep; the appointment is the visitor's last booking. Pure: the
 * callers read and write local storage.
 */

/** The local-storage key of a location's remembered contact (the sticky contact). */
export const stickyContactKey = (locationId: string) => `ef_contact_${locationId}`;

/** The local-storage key of the visitor's last booking with a location. */
export const lastAppointmentKey = (locationId: string) => `ef_appointment_${locationId}`;

type Stored = Readonly<Record<string, unknown>>;

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '');

/** The first non-empty value among `keys` of `stored`. */
function first(stored: Stored, ...keys: string[]): string {
  for (const key of keys) {
    const value = text(stored[key]);
    if (value) return value;
  }
  return '';
}

/**
 * The seed's contact fields from a remembered contact, whichever form wrote it (the form
 * widget's field tags, the order form's `full_name`, the contact call's `name`,
 * `companyName`, `address1`, `postalCode`): a full name gives the first and last names
 * and the other way round.
 */
export function contactMergeRecord(stored: Stored): Record<string, string> {
  const given = first(stored, 'full_name', 'name');
  const [firstOfFull = '', ...restOfFull] = given.split(/\s+/).filter(Boolean);
  const firstName = first(stored, 'first_name', 'firstName') || firstOfFull;
  const lastName = first(stored, 'last_name', 'lastName') || restOfFull.join(' ');
  return {
    full_name: given || [firstName, lastName].filter(Boolean).join(' '),
    first_name: firstName,
    last_name: lastName,
    email: first(stored, 'email'),
    phone: first(stored, 'phone'),
    organization: first(stored, 'organization', 'company_name', 'companyName'),
    address: first(stored, 'address', 'address1'),
    city: first(stored, 'city'),
    state: first(stored, 'state'),
    country: first(stored, 'country'),
    postal_code: first(stored, 'postal_code', 'postalCode'),
  };
}

/** A booking as remembered for the `appointment.*` fields: its id, times and add-to-calendar links. */
export interface RememberedAppointment {
  id: string;
  start_time: string;
  end_time: string;
  timezone: string;
  add_to_calendar: string;
  ical_link: string;
}

/** The `appointment.*` fields of a remembered booking (`outlook_link` is the .ics link too). */
export function appointmentMergeRecord(stored: Stored): Record<string, string> {
  const ics = first(stored, 'ical_link');
  return {
    id: first(stored, 'id'),
    start_time: first(stored, 'start_time'),
    end_time: first(stored, 'end_time'),
    timezone: first(stored, 'timezone'),
    add_to_calendar: first(stored, 'add_to_calendar'),
    ical_link: ics,
    outlook_link: ics,
  };
}

/** A stored JSON object, or {} for anything else. */
export function storedRecord(raw: string | null): Record<string, unknown> {
  try {
    const parsed: unknown = raw ? JSON.parse(raw) : {};
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}
