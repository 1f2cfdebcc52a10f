/**
 * Settings shared by the countdown, day timer and minute timer (seed 000 §3, page-data.md),
 * and the end instant a countdown shows without JavaScript. Dates are read in the timer's
 * own IANA time zone with Temporal, so daylight-saving days are right.
 */
import { Temporal } from 'temporal-polyfill';
import * as v from 'valibot';
import { baseExtra, idList, num, str } from './common';

export const timerFields = {
  ...baseExtra,
  endDate: str(),
  endTime: str('00:00'),
  timezone: str('UTC'),
  finishTimestamp: v.optional(v.number()),
  hours: num(0),
  minutes: num(0),
  seconds: num(0),
  expireAction: str('hide'),
  redirectUrl: str(),
  hideElements: idList,
  showElements: idList,
  revisitAction: str(),
  showElementsOnRevisit: idList,
  cookieDate: num(0),
  translate: str(),
};

/** Epoch ms of `endDate` + `endTime` in `timezone`, or of `finishTimestamp`; null when unusable. */
export function timerEndMs(settings: { endDate: string; endTime: string; timezone: string; finishTimestamp?: number }): number | null {
  if (settings.finishTimestamp && Number.isFinite(settings.finishTimestamp)) return settings.finishTimestamp;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(settings.endDate)) return null;
  try {
    const time = /^\d{1,2}:\d{2}$/.test(settings.endTime) ? settings.endTime.padStart(5, '0') : '00:00';
    return Temporal.PlainDateTime.from(`${settings.endDate}T${time}`).toZonedDateTime(settings.timezone || 'UTC').epochMilliseconds;
  } catch {
    return null;
  }
}

/** A date and time in the visitor's language, in `timeZone`, with the zone's short name. */
export function formatInstant(epochMs: number, lang: string, timeZone: string): string {
  try {
    return `${new Intl.DateTimeFormat(lang, { dateStyle: 'long', timeStyle: 'short', timeZone }).format(epochMs)} (${timeZone})`;
  } catch {
    return new Date(epochMs).toISOString();
  }
}
