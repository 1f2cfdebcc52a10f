/*
 * How a page's HTML depends on the clock, so its edge copy can be keyed by it instead of
 * not being cached. Timers carry deadlines (the browser counts), so only the date merge
 * fields of seller text read the clock: `{{today}}`, `{{weekday}}`, `{{month}}` and
 * `{{year}}` change once a day in the page's time zone, `{{time}}` once a minute. Contact and
 * appointment fields are filled in the browser and read nothing here.
 */

/** The finest clock unit a page's HTML shows. */
export type HtmlClock = 'none' | 'day' | 'minute';

const FIELD = /\{\{\s*([A-Za-z_][\w.]*)\s*\}\}/g;
const DAY_FIELDS = new Set(['today', 'weekday', 'month', 'year']);

/** The clock unit of the merge fields in `text` (the page's elements as JSON). */
export function htmlClockOf(text: string): HtmlClock {
  let clock: HtmlClock = 'none';
  for (const [, name = ''] of text.matchAll(FIELD)) {
    if (name === 'time') return 'minute';
    if (DAY_FIELDS.has(name)) clock = 'day';
  }
  return clock;
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

/** The part of the key that changes with the clock: '' (none), the day or the minute in the zone. */
export function clockBucket(clock: HtmlClock, now: number, timeZone: string | undefined): string {
  if (clock === 'none') return '';
  const text = formatter(timeZone).format(now);
  return clock === 'day' ? text.slice(0, 10) : text;
}
