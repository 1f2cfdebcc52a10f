/**
 * Settings shared by the countdown, day timer and minute timer (requirements PAGE-DATA, requirements DOC-LAYOUT).
 * The timer renderers read them (src/elements/countdown/timer-html.ts writes what src/client/timers.ts counts); this schema is
 * what the renderer validates and defaults.
 */
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
