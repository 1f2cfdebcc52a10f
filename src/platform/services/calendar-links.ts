/**
 * Add-to-calendar for a booked appointment (requirements WIDGET-CALLS): an iCalendar file (RFC 5545)
 * for Outlook and Apple Calendar, and Google Calendar's event template link.
 */

export interface CalendarEntry {
  uid: string;
  start: number;
  end: number;
  title: string;
  description: string;
  location: string;
  cancelled: boolean;
}

/** `20260302T140000Z`: an instant in UTC, basic format. */
export function utcStamp(ms: number): string {
  return new Date(ms)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

/** Text value escaping of RFC 5545 §3.3.11. */
function escapeText(text: string): string {
  return text.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');
}

/** Folds a content line at 75 octets, never inside a UTF-8 character (RFC 5545 §3.1). */
function fold(line: string): string {
  const encoder = new TextEncoder();
  const parts: string[] = [];
  let current = '';
  let size = 0;
  for (const ch of line) {
    const bytes = encoder.encode(ch).byteLength;
    const limit = parts.length === 0 ? 75 : 74;
    if (size + bytes > limit) {
      parts.push(current);
      current = '';
      size = 0;
    }
    current += ch;
    size += bytes;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

/** The .ics text of one event, stamped at `now`. */
export function icsCalendar(entry: CalendarEntry, now: number, host: string): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Edgefunnel//Booking//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:${entry.uid}@${host}`,
    `DTSTAMP:${utcStamp(now)}`,
    `DTSTART:${utcStamp(entry.start)}`,
    `DTEND:${utcStamp(entry.end)}`,
    `SUMMARY:${escapeText(entry.title)}`,
    ...(entry.description ? [`DESCRIPTION:${escapeText(entry.description)}`] : []),
    ...(entry.location ? [`LOCATION:${escapeText(entry.location)}`] : []),
    `STATUS:${entry.cancelled ? 'CANCELLED' : 'CONFIRMED'}`,
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.map(fold).join('\r\n')}\r\n`;
}

/** Google Calendar's "create event" template URL with the event's dates. */
export function googleCalendarUrl(entry: CalendarEntry): string {
  const url = new URL('https://calendar.google.com/calendar/render');
  url.searchParams.set('action', 'TEMPLATE');
  url.searchParams.set('text', entry.title);
  url.searchParams.set('dates', `${utcStamp(entry.start)}/${utcStamp(entry.end)}`);
  if (entry.description) url.searchParams.set('details', entry.description);
  if (entry.location) url.searchParams.set('location', entry.location);
  return url.toString();
}
