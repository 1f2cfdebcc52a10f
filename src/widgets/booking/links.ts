/**
 * Links of a booked appointment, all built on its id so they keep working after a
 * reschedule: add to Google Calendar, the .ics file, reschedule and cancel; and the
 * seller's thank-you URL with the booking's merge values filled in.
 */

export interface AppointmentLinks {
  google: string;
  ics: string;
  reschedule: string;
  cancel: string;
}

export function appointmentLinks(origin: string, calendarId: string, appointmentId: string): AppointmentLinks {
  const id = encodeURIComponent(appointmentId);
  return {
    google: `${origin}/api/google/calendar/add-event/${id}`,
    ics: `${origin}/api/google/calendar/get-ics/${id}`,
    reschedule: `${origin}/widget/booking/${encodeURIComponent(calendarId)}?event_id=${id}`,
    cancel: `${origin}/widget/cancel-booking?event_id=${id}`,
  };
}

/**
 * The thank-you URL with `{{contact.first_name}}`, `{{appointment.id}}` … filled in
 * (URL-encoded); null unless the result is an http(s) URL.
 */
export function thankYouUrl(template: string, values: Readonly<Record<string, string>>): string | null {
  const filled = template.replace(/\{\{\s*([\w.]+)\s*\}\}/g, (_, key: string) => encodeURIComponent(values[key] ?? values[key.replace(/^contact\./, '')] ?? ''));
  try {
    const url = new URL(filled);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.toString() : null;
  } catch {
    return null;
  }
}
