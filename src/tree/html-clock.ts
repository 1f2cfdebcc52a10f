/*
 * How a page's HTML depends on the clock and on where the visitor is, so its edge copy can
 * be keyed by both instead of not being cached. Timers carry deadlines (the browser counts),
 * so only two things read the clock:
 * - the date merge fields of seller text: `{{today}}`, `{{weekday}}`, `{{month}}` and
 *   `{{year}}` change once a day in the page's time zone, `{{time}}` once a minute. Contact
 *   and appointment fields are filled in the browser and read nothing here;
 * - a booking calendar element, rendered with its month's free days in the visitor's time
 *   zone (src/elements/calendar/calendar.astro): its copy is kept for an hour, per zone.
 *   The widget fetches the free slots again when the visitor first uses it.
 */
import { placeholderNames } from '../lib/template';

/** The finest clock unit a page's HTML shows. */
export type HtmlClock = 'none' | 'day' | 'hour' | 'minute';

const DAY_FIELDS = new Set(['today', 'weekday', 'month', 'year']);
/** A calendar element in the elements' JSON (JSON.stringify escapes the quotes of any text that says the same). */
const CALENDAR_ELEMENT = '"meta":"calendar"';

/** The clock unit of the page's elements, given as their JSON. */
export function htmlClockOf(text: string): HtmlClock {
  let clock: HtmlClock = htmlZonedOf(text) ? 'hour' : 'none';
  for (const name of placeholderNames(text)) {
    if (name === 'time') return 'minute';
    if (DAY_FIELDS.has(name) && clock === 'none') clock = 'day';
  }
  return clock;
}

/** Whether the page's HTML shows the visitor's time zone (a booking calendar), given its elements as JSON. */
export function htmlZonedOf(text: string): boolean {
  return text.includes(CALENDAR_ELEMENT);
}

// Per zone, the unknown one's UTC fallback included: this runs on every edge hit of a page
// with date merge fields, so it is one map lookup (not src/lib/time/date-format.ts's options key).
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string | undefined): Intl.DateTimeFormat {
  const key = timeZone ?? '';
  let format = formatters.get(key);
  if (!format) {
    const options: Intl.DateTimeFormatOptions = { year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' };
    try {
      format = new Intl.DateTimeFormat('en-CA', { ...options, timeZone });
    } catch {
      format = new Intl.DateTimeFormat('en-CA', { ...options, timeZone: 'UTC' });
    }
    formatters.set(key, format);
  }
  return format;
}

/** The part of the key that changes with the clock: '' (none), the day, the hour or the minute in the zone. */
export function clockBucket(clock: HtmlClock, now: number, timeZone: string | undefined): string {
  if (clock === 'none') return '';
  const text = formatter(timeZone).format(now);
  return clock === 'day' ? text.slice(0, 10) : clock === 'hour' ? text.slice(0, 14) : text;
}
