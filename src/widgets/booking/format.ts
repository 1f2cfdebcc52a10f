/**
 * Display of slots and dates. Slot times arrive as ISO strings with the offset of the
 * visitor's zone, so their wall clock is read straight from the string; dates and zone
 * names go through Intl in the visitor's language.
 */
import type { IsoDate } from '../../lib/time/calendar-month';
import { dateTimeFormat } from '../../lib/time/date-format';

/**
 * `HH:mm` (24 h) or `hh:mm AM` (12 h) of an ISO slot string's wall clock (requirements
 * WIDGET-LIMITS). The 12-hour clock names its half of the day in the visitor's language
 * ("02:30 nachm." in German): "PM" is English.
 */
export function slotTime(iso: string, use24h: boolean, lang = 'en'): string {
  const wallClock = Date.UTC(2000, 0, 1, Number(iso.slice(11, 13)), Number(iso.slice(14, 16)));
  const english = lang.toLowerCase().startsWith('en');
  return dateTimeFormat(english ? 'en-US' : lang, {
    timeZone: 'UTC',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: use24h ? 'h23' : 'h12',
    ...(use24h || english ? {} : { dayPeriod: 'short' as const }),
  }).format(wallClock);
}

/** A zone's name as a person reads it: "America/New York", never the underscore. */
export const zoneName = (zone: string): string => zone.replaceAll('_', ' ');

export const isMorning = (iso: string): boolean => Number(iso.slice(11, 13)) < 12;

const utcDate = (date: IsoDate) => new Date(`${date}T12:00:00Z`);

/** "Monday, 2 March 2026" in the visitor's language. */
export function longDate(date: IsoDate, lang: string): string {
  return dateTimeFormat(lang, { timeZone: 'UTC', weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }).format(utcDate(date));
}

export function monthTitle(date: IsoDate, lang: string): string {
  return dateTimeFormat(lang, { timeZone: 'UTC', month: 'long', year: 'numeric' }).format(utcDate(date));
}

/** Short weekday names, Sunday first. */
export function weekdayNames(lang: string, width: 'short' | 'long'): string[] {
  const f = dateTimeFormat(lang, { timeZone: 'UTC', weekday: width });
  // 4 January 1970 was a Sunday.
  return Array.from({ length: 7 }, (_, i) => f.format(new Date(Date.UTC(1970, 0, 4 + i, 12))));
}

/** "GMT-05:00" for a zone now. */
export function zoneOffset(zone: string, now: number): string {
  try {
    const part = dateTimeFormat('en', { timeZone: zone, timeZoneName: 'longOffset' })
      .formatToParts(now)
      .find((p) => p.type === 'timeZoneName');
    return part?.value === 'GMT' ? 'GMT+00:00' : (part?.value ?? '');
  } catch {
    return '';
  }
}
