/*
 * What a timer element shows, computed on the server from its settings alone, so the HTML
 * is the same for every visitor and can be cached (requirements PAGE-DATA, PAGE-STATES):
 *   countdown    — its one deadline (endDate + endTime in its zone);
 *   day-timer    — its next DAILY_DEADLINES deadlines as instants (the browser takes the
 *                  first still ahead, so it needs no time-zone data);
 *   minute-timer — its duration; the first visit comes from its cookie in the browser.
 * The browser (src/client/timers.ts) computes what is left. Without JavaScript a countdown
 * or day timer shows its deadline as text instead of digits.
 */
import { dateTimeFormat } from '../time/date-format';
import { pad2, splitRemaining, type TimeOfDay } from './duration';
import { type ExpireAction, elementIds, expireActionOf } from './expire';
import { type TimerLabels, timerLabels } from './labels';
import { cookieDays, countdownEndsAt, dailyTime, evergreenDurationMs, type RevisitAction, revisitActionOf } from './settings';
import { zoneOrUtc } from '../time/zones';
import { nextDailyInstants } from './zoned';

/** How many daily deadlines a day timer carries: a week, longer than an edge copy lives. */
export const DAILY_DEADLINES = 7;

export type TimerKind = 'countdown' | 'day-timer' | 'minute-timer';

/** The part of a page element a timer reads. */
export interface TimerElement {
  id: string;
  meta?: string;
  extra?: Record<string, unknown>;
}

/** A translation function (i18next `t`) over the `timer` namespace. */
export type Translate = (key: string, options?: Record<string, unknown>) => string;

/** One display unit: its name, the digits shown before the browser counts, its label. */
export interface TimerUnit {
  unit: 'days' | 'hours' | 'minutes' | 'seconds';
  value: string;
  label: string;
  /** Days are shown only when over 0. */
  hidden: boolean;
}

/** Everything the timer markup and the browser script need. */
export interface TimerView {
  id: string;
  kind: TimerKind;
  units: TimerUnit[];
  labels: TimerLabels;
  region: string;
  expire: ExpireAction;
  /** Deadlines (epoch ms), ascending: one for a countdown, the next days' for a day timer. */
  deadlines: number[];
  /** The deadline as text (no JavaScript); '' when there is none to tell. */
  deadlineText: string;
  /** ISO form of the first deadline, for <time datetime>. */
  deadlineIso: string;
  evergreen?: { durationMs: number; cookieDays: number; revisitAction: RevisitAction; showOnRevisit: string[] };
}

const UNIT_NAMES = ['days', 'hours', 'minutes', 'seconds'] as const;
const PLACEHOLDER = '--';

function units(labels: TimerLabels, remainingMs: number | null): TimerUnit[] {
  const parts = remainingMs === null ? null : splitRemaining(remainingMs);
  return UNIT_NAMES.map((unit) => ({
    unit,
    value: parts ? pad2(parts[unit]) : PLACEHOLDER,
    label: labels[unit],
    hidden: unit === 'days' && (parts ? parts.days === 0 : false),
  }));
}

function formatDeadline(at: number, zone: string, lang: string): string {
  return `${dateTimeFormat(lang, { dateStyle: 'long', timeStyle: 'short', timeZone: zone }).format(at)} (${zone})`;
}

function formatTimeOfDay(time: TimeOfDay, zone: string, lang: string): string {
  const at = Date.UTC(2000, 0, 1, time.hours, time.minutes, time.seconds);
  const options: Intl.DateTimeFormatOptions = { hour: '2-digit', minute: '2-digit', timeZone: 'UTC', ...(time.seconds ? { second: '2-digit' } : {}) };
  return `${dateTimeFormat(lang, options).format(at)} (${zone})`;
}

function base(element: TimerElement, kind: TimerKind, t: Translate) {
  const extra = element.extra ?? {};
  const labels = timerLabels(extra.translate);
  return { id: element.id, kind, labels, region: t('timer:region'), expire: expireActionOf(extra) };
}

/**
 * A countdown: digits left at render time when over a day (so the days unit is laid out),
 * placeholders otherwise; the browser fills in the real time left at once.
 */
export function countdownView(element: TimerElement, now: number, t: Translate, lang: string): TimerView {
  const extra = element.extra ?? {};
  const endsAt = countdownEndsAt(extra);
  const zone = typeof extra.endDate === 'string' && extra.endDate.trim() !== '' ? zoneOrUtc(extra.timezone) : 'UTC';
  const view = base(element, 'countdown', t);
  if (endsAt === null) return { ...view, units: units(view.labels, 0), deadlines: [], deadlineText: '', deadlineIso: '' };
  const unitList = units(view.labels, null).map((unit) => (unit.unit === 'days' ? { ...unit, hidden: endsAt - now < 86_400_000 } : unit));
  return {
    ...view,
    units: unitList,
    deadlines: [endsAt],
    deadlineText: t('timer:endsAt', { date: formatDeadline(endsAt, zone, lang) }),
    deadlineIso: new Date(endsAt).toISOString(),
  };
}

/** A day timer: its next deadlines; under a day is left, so no days unit. */
export function dayTimerView(element: TimerElement, now: number, t: Translate, lang: string): TimerView {
  const extra = element.extra ?? {};
  const zone = zoneOrUtc(extra.timezone);
  const time = dailyTime(extra);
  const deadlines = nextDailyInstants(now, time, zone, DAILY_DEADLINES);
  const view = base(element, 'day-timer', t);
  return {
    ...view,
    units: units(view.labels, null).map((unit) => (unit.unit === 'days' ? { ...unit, hidden: true } : unit)),
    deadlines,
    deadlineText: t('timer:endsDaily', { time: formatTimeOfDay(time, zone, lang) }),
    deadlineIso: new Date(deadlines[0] ?? now).toISOString(),
  };
}

/** A minute timer: its full duration (what a first visit sees); the cookie decides in the browser. */
export function minuteTimerView(element: TimerElement, t: Translate): TimerView {
  const extra = element.extra ?? {};
  const durationMs = evergreenDurationMs(extra);
  const view = base(element, 'minute-timer', t);
  return {
    ...view,
    units: units(view.labels, durationMs),
    deadlines: [],
    deadlineText: '',
    deadlineIso: '',
    evergreen: {
      durationMs,
      cookieDays: cookieDays(extra),
      revisitAction: revisitActionOf(extra),
      showOnRevisit: elementIds(extra.showElementsOnRevisit),
    },
  };
}

/**
 * Ids of elements that start hidden because a timer shows them later (showElements,
 * showElementsOnRevisit): the renderer gives these the `hidden` attribute. `timerMetas` are
 * the timer types (the element registry's TIMER_METAS); other elements' settings say nothing.
 */
export function idsShownByTimers(elements: readonly TimerElement[], timerMetas: ReadonlySet<string>): Set<string> {
  const ids = new Set<string>();
  for (const element of elements) {
    if (!timerMetas.has(element.meta ?? '')) continue;
    const extra = element.extra ?? {};
    if (extra.expireAction === 'hide') for (const id of elementIds(extra.showElements)) ids.add(id);
    if (extra.revisitAction === 'auto-hide-element') {
      for (const id of elementIds(extra.showElementsOnRevisit)) ids.add(id);
    }
  }
  return ids;
}
