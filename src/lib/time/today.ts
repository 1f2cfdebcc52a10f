/** "Today in a zone": the calendar date at an instant in a time zone, the one rule browser and server share. */
import type { IsoDate } from './calendar-month';
import { dateTimeFormat } from './date-format';
import { zoneOrUtc } from './zones';

/**
 * The date (`YYYY-MM-DD`) at `now` (epoch ms) in `zone`; a zone the runtime does not know
 * reads as UTC, so a seller's typo never fails a page or a submission.
 */
export function todayIn(zone: string, now: number): IsoDate {
  const format = dateTimeFormat('en-US', { timeZone: zoneOrUtc(zone), year: 'numeric', month: '2-digit', day: '2-digit' });
  const part: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {};
  for (const { type, value } of format.formatToParts(now)) part[type] = value;
  return `${part.year}-${part.month}-${part.day}`;
}
