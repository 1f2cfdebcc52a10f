/**
 * A calendar (booking) element: `calendarId` names a calendar, or a provider when
 * `is_provider` is set (then `providerId`); builders store it flat or as an object.
 */
import * as v from 'valibot';
import { baseExtra, flag, str } from '../common';

export const extraSchema = v.looseObject({
  ...baseExtra,
  calendarId: v.optional(v.union([v.string(), v.looseObject({ id: str(), is_provider: flag(), providerId: str() })]), ''),
  is_provider: flag(),
  providerId: str(),
  /** The builder's copy of the calendar's widget_data entry, with the time it was copied (`updatedAt`, ms): rendered from while fresh (src/widgets/booking/load.ts calendarFromCopy). */
  calendarData: v.optional(v.unknown()),
});
export type CalendarExtra = v.InferOutput<typeof extraSchema>;

/** The calendar's id and, when it is a provider, the provider id. */
export function calendarRef(extra: CalendarExtra): { calendarId: string; providerId: string; isProvider: boolean } {
  if (typeof extra.calendarId === 'string') return { calendarId: extra.calendarId, providerId: extra.providerId, isProvider: extra.is_provider };
  return {
    calendarId: extra.calendarId.id,
    providerId: extra.calendarId.providerId || extra.providerId,
    isProvider: extra.calendarId.is_provider || extra.is_provider,
  };
}
