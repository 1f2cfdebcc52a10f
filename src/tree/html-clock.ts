/*
 * How a page's HTML depends on the clock and on where the visitor is, so its edge copy can
 * be keyed by both instead of not being cached. Timers carry deadlines (the browser counts),
 * so only two things read the clock:
 * - the date merge fields of seller text: `{{today}}`, `{{weekday}}`, `{{month}}` and
 *   `{{year}}` change once a day in the page's time zone, `{{time}}` once a minute. Contact
 *   and appointment fields are filled in the browser and read nothing here;
 * - an element type whose definition says its HTML reads the clock or the visitor's zone:
 *   a booking calendar is rendered with its month's free days in the visitor's time zone
 *   (src/elements/calendar/calendar.astro), so its copy is kept for an hour, per zone. The
 *   widget fetches the free slots again when the visitor first uses it.
 */
import { elementDefinition } from '../elements/registry';
import { placeholderNames } from '../lib/template';

/** The finest clock unit a page's HTML shows. */
export type HtmlClock = 'none' | 'day' | 'hour' | 'minute';

/** What a page's edge copy is keyed by besides its version and language. */
export interface HtmlDependence {
  clock: HtmlClock;
  /** The HTML shows the visitor's time zone. */
  zoned: boolean;
}

const FINENESS: readonly HtmlClock[] = ['none', 'day', 'hour', 'minute'];
const finer = (a: HtmlClock, b: HtmlClock) => (FINENESS.indexOf(b) > FINENESS.indexOf(a) ? b : a);
const DAY_FIELDS = new Set(['today', 'weekday', 'month', 'year']);

/**
 * How the HTML of a page with these elements (its `elements` as stored, not yet validated)
 * depends on the clock and the zone: the date merge fields anywhere in their settings, and
 * the element types whose definitions say so (`clock`, `zoned`).
 */
export function htmlDependenceOf(elements: unknown): HtmlDependence {
  let clock: HtmlClock = 'none';
  let zoned = false;
  for (const element of Array.isArray(elements) ? elements : []) {
    const meta = (element as { meta?: unknown } | null)?.meta;
    const definition = typeof meta === 'string' ? elementDefinition(meta) : undefined;
    if (definition?.clock) clock = finer(clock, definition.clock);
    if (definition?.zoned) zoned = true;
  }
  for (const name of placeholderNames(JSON.stringify(elements) ?? '')) {
    if (name === 'time') return { clock: 'minute', zoned };
    if (DAY_FIELDS.has(name)) clock = finer(clock, 'day');
  }
  return { clock, zoned };
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
