import { describe, expect, it } from 'vitest';
import { nextDeadline, readDeadlines } from '../../src/client/timer-state';
import { TIMER_METAS } from '../../src/elements/registry';
import { countdownView, DAILY_DEADLINES, dayTimerView, idsShownByTimers, minuteTimerView } from '../../src/lib/timers/view';
import { parseTimeOfDay, splitRemaining } from '../../src/lib/timers/duration';
import { evergreenState, parseFirstVisit, timerCookieMaxAge, timerCookieName } from '../../src/lib/timers/evergreen';
import { elementIds, expireActionOf } from '../../src/lib/timers/expire';
import { TIMER_LABELS, timerLabels } from '../../src/lib/timers/labels';
import { cookieDays, countdownEndsAt, dailyTime, evergreenDurationMs, revisitActionOf } from '../../src/lib/timers/settings';
import { nextDailyInstant, nextDailyInstants, zonedInstant } from '../../src/lib/timers/zoned';
import { zoneOrUtc } from '../../src/lib/time/zones';

const at = (iso: string) => Date.parse(iso);

describe('countdown end', () => {
  it('reads endDate + endTime in the seller time zone', () => {
    expect(countdownEndsAt({ endDate: '2026-12-24', endTime: '18:30', timezone: 'America/New_York' })).toBe(at('2026-12-24T23:30:00Z'));
    expect(countdownEndsAt({ endDate: '2026-07-01', endTime: '09:00', timezone: 'Asia/Kolkata' })).toBe(at('2026-07-01T03:30:00Z'));
  });

  it('handles daylight-saving days in the zone', () => {
    // Berlin springs forward at 02:00 on 2026-03-29; 02:30 does not exist and resolves to 03:30 CEST.
    expect(zonedInstant('2026-03-29', { hours: 2, minutes: 30, seconds: 0 }, 'Europe/Berlin')).toBe(at('2026-03-29T01:30:00Z'));
    expect(countdownEndsAt({ endDate: '2026-10-25', endTime: '12:00', timezone: 'Europe/Berlin' })).toBe(at('2026-10-25T11:00:00Z'));
  });

  it('falls back to midnight, UTC and finishTimestamp', () => {
    expect(countdownEndsAt({ endDate: '2026-12-24', timezone: 'Nowhere/City' })).toBe(at('2026-12-24T00:00:00Z'));
    expect(countdownEndsAt({ endDate: '2026-02-30', finishTimestamp: 1800000000 })).toBe(1800000000000);
    expect(countdownEndsAt({ finishTimestamp: 1800000000123 })).toBe(1800000000123);
    expect(countdownEndsAt({})).toBeNull();
    expect(countdownEndsAt({ endDate: 'soon' })).toBeNull();
  });

  it('maps old zone names', () => {
    expect(zoneOrUtc('Asia/Calcutta')).toBe('Asia/Kolkata');
    expect(zoneOrUtc('')).toBe('UTC');
    expect(zoneOrUtc(42)).toBe('UTC');
  });
});

describe('remaining time', () => {
  it('splits into days, hours, minutes and seconds, rounding part seconds up', () => {
    expect(splitRemaining(((2 * 24 + 3) * 3600 + 4 * 60 + 5) * 1000)).toEqual({ days: 2, hours: 3, minutes: 4, seconds: 5 });
    expect(splitRemaining(500)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 1 });
    expect(splitRemaining(-5000)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 0 });
  });

  it('parses times of day and rejects out-of-range ones', () => {
    expect(parseTimeOfDay('07:05')).toEqual({ hours: 7, minutes: 5, seconds: 0 });
    expect(parseTimeOfDay('23:59:59')).toEqual({ hours: 23, minutes: 59, seconds: 59 });
    expect(parseTimeOfDay('24:00')).toBeNull();
    expect(parseTimeOfDay('12:60')).toBeNull();
    expect(parseTimeOfDay(1200)).toBeNull();
  });
});

describe('day timer', () => {
  const now = at('2026-06-10T12:00:00Z'); // 14:00 in Berlin (CEST)

  it('counts to today when the time is still ahead in the zone', () => {
    expect(nextDailyInstant(now, { hours: 18, minutes: 0, seconds: 0 }, 'Europe/Berlin')).toBe(at('2026-06-10T16:00:00Z'));
  });

  it('counts to tomorrow once the time has passed', () => {
    expect(nextDailyInstant(now, { hours: 9, minutes: 0, seconds: 0 }, 'Europe/Berlin')).toBe(at('2026-06-11T07:00:00Z'));
    expect(nextDailyInstant(at('2026-06-10T16:00:00Z'), { hours: 18, minutes: 0, seconds: 0 }, 'Europe/Berlin')).toBe(at('2026-06-11T16:00:00Z'));
  });

  it('follows the zone across a daylight-saving change', () => {
    // The evening before Berlin falls back (2026-10-25): 20:00 CEST now, next 06:00 is CET.
    expect(nextDailyInstant(at('2026-10-24T18:00:00Z'), { hours: 6, minutes: 0, seconds: 0 }, 'Europe/Berlin')).toBe(at('2026-10-25T05:00:00Z'));
    // Half-hour zone.
    expect(nextDailyInstant(now, { hours: 23, minutes: 30, seconds: 0 }, 'Asia/Kolkata')).toBe(at('2026-06-10T18:00:00Z'));
  });

  it('reads hours/minutes/seconds first, then endTime', () => {
    expect(dailyTime({ hours: '17', minutes: 30 })).toEqual({ hours: 17, minutes: 30, seconds: 0 });
    expect(dailyTime({ endTime: '08:15' })).toEqual({ hours: 8, minutes: 15, seconds: 0 });
    expect(dailyTime({ hours: 30, endTime: '08:15' })).toEqual({ hours: 8, minutes: 15, seconds: 0 });
    expect(dailyTime({})).toEqual({ hours: 0, minutes: 0, seconds: 0 });
  });
});

describe('minute (evergreen) timer', () => {
  const now = 1_800_000_000_000;
  const duration = evergreenDurationMs({ hours: 1, minutes: '30', seconds: 0 });

  it('reads the duration, cookie days and revisit action', () => {
    expect(duration).toBe(90 * 60 * 1000);
    expect(cookieDays({ cookieDate: 3 })).toBe(3);
    expect(cookieDays({})).toBe(1);
    expect(timerCookieMaxAge(3)).toBe(259200);
    expect(revisitActionOf({ revisitAction: 'auto-hide-element' })).toBe('auto-hide-element');
    expect(revisitActionOf({ revisitAction: 'whatever' })).toBe('none');
    expect(timerCookieName('minute timer#1')).toBe('minute_timer_1');
  });

  it('starts the full duration on the first visit', () => {
    expect(evergreenState({ now, cookieValue: null, durationMs: duration, revisitAction: 'none' })).toEqual({
      kind: 'running',
      endsAt: now + duration,
      firstVisit: now,
      revisit: false,
    });
  });

  it('continues from the first visit on a revisit without a revisit action', () => {
    const first = String(now - 60 * 60 * 1000);
    expect(evergreenState({ now, cookieValue: first, durationMs: duration, revisitAction: 'none' })).toEqual({
      kind: 'running',
      endsAt: now + 30 * 60 * 1000,
      firstVisit: now - 60 * 60 * 1000,
      revisit: true,
    });
    expect(evergreenState({ now, cookieValue: String(now - duration), durationMs: duration, revisitAction: 'none' }).kind).toBe('expired');
  });

  it('applies the revisit actions when the cookie is there', () => {
    const first = String(now - 1000);
    expect(evergreenState({ now, cookieValue: first, durationMs: duration, revisitAction: 'auto-expire-x-day' })).toEqual({ kind: 'expired' });
    expect(evergreenState({ now, cookieValue: first, durationMs: duration, revisitAction: 'auto-hide-element' })).toEqual({ kind: 'hidden' });
  });

  it('treats a malformed or future cookie as a first visit', () => {
    expect(parseFirstVisit('abc', now)).toBeNull();
    expect(parseFirstVisit(String(now + 5000), now)).toBeNull();
    expect(evergreenState({ now, cookieValue: 'junk', durationMs: duration, revisitAction: 'auto-expire-x-day' }).kind).toBe('running');
  });
});

describe('expire action', () => {
  it('redirects only to a usable URL, adding https://', () => {
    expect(expireActionOf({ expireAction: 'url', redirectUrl: 'example.com/late' })).toEqual({ kind: 'redirect', url: 'https://example.com/late' });
    expect(expireActionOf({ expireAction: 'url', redirectUrl: '#' })).toEqual({ kind: 'none' });
    expect(expireActionOf({ expireAction: 'url', redirectUrl: '' })).toEqual({ kind: 'none' });
    expect(expireActionOf({ expireAction: 'url', redirectUrl: 'javascript:alert(1)' })).toEqual({ kind: 'none' });
  });

  it('redirects a path starting with / on the same host, never to another host', () => {
    expect(expireActionOf({ expireAction: 'url', redirectUrl: ' /welcome ' })).toEqual({ kind: 'redirect', url: '/welcome' });
    expect(expireActionOf({ expireAction: 'url', redirectUrl: '/third?from=timer' })).toEqual({ kind: 'redirect', url: '/third?from=timer' });
    expect(expireActionOf({ expireAction: 'url', redirectUrl: '//evil.test/x' })).toEqual({ kind: 'redirect', url: 'https://evil.test/x' });
    expect(expireActionOf({ expireAction: 'url', redirectUrl: '/\\evil.test' })).toEqual({ kind: 'none' });
  });

  it('hides and shows elements by id', () => {
    expect(expireActionOf({ expireAction: 'hide', hideElements: ['sec_offer', ' row_2 '], showElements: 'sec_late,#sec_more' })).toEqual({
      kind: 'toggle',
      hide: ['sec_offer', 'row_2'],
      show: ['sec_late', 'sec_more'],
    });
    expect(elementIds([1, '', 'a', 'a'])).toEqual(['a']);
    expect(expireActionOf({})).toEqual({ kind: 'none' });
  });
});

describe('timer labels', () => {
  it('has the twelve languages of the seed', () => {
    expect(Object.keys(TIMER_LABELS)).toHaveLength(12);
    for (const labels of Object.values(TIMER_LABELS)) {
      expect(labels.days && labels.hours && labels.minutes && labels.seconds).toBeTruthy();
    }
  });

  it('selects by name or code, English by default', () => {
    expect(timerLabels('German').days).toBe('Tage');
    expect(timerLabels('fr').seconds).toBe('Secondes');
    expect(timerLabels('zh-CN').hours).toBe('小时');
    expect(timerLabels('Arabic').dir).toBe('rtl');
    expect(timerLabels('Klingon')).toEqual(TIMER_LABELS.english);
    expect(timerLabels(undefined).minutes).toBe('Minutes');
  });
});

describe('timer views (deadline-based, the same HTML for every visitor)', () => {
  const t = (key: string, options?: Record<string, unknown>) => `[${key}${options ? ` ${Object.values(options).join(' ')}` : ''}]`;
  const now = at('2026-06-10T12:00:00Z');

  it('gives a countdown its deadline and the deadline as text, never the time left', () => {
    const countdown = countdownView(
      { id: 'cd_1', extra: { endDate: '2026-06-11', endTime: '12:00', timezone: 'UTC', translate: 'Spanish', expireAction: 'url', redirectUrl: 'x.test' } },
      now,
      t,
      'en',
    );
    expect(countdown).toMatchObject({
      id: 'cd_1',
      kind: 'countdown',
      deadlines: [at('2026-06-11T12:00:00Z')],
      labels: TIMER_LABELS.spanish,
      region: '[timer:region]',
    });
    expect(countdown.expire).toEqual({ kind: 'redirect', url: 'https://x.test' });
    expect(countdown.units.map((unit) => unit.value)).toEqual(['--', '--', '--', '--']);
    expect(countdown.deadlineText).toBe('[timer:endsAt June 11, 2026 at 12:00 PM (UTC)]');
    // The same element rendered an hour later gives the same markup.
    expect(countdownView({ id: 'cd_1', extra: { endDate: '2026-06-11', endTime: '12:00' } }, now + 3_600_000, t, 'en').deadlines).toEqual(countdown.deadlines);
  });

  it('gives a day timer its next seven deadlines in its zone, and the daily time as text', () => {
    const daily = dayTimerView({ id: 'dt_1', extra: { endTime: '18:00', timezone: 'Asia/Calcutta' } }, now, t, 'de');
    expect(daily.deadlines).toHaveLength(DAILY_DEADLINES);
    expect(daily.deadlines[0]).toBe(at('2026-06-10T12:30:00Z'));
    expect(daily.deadlines[6]).toBe(at('2026-06-16T12:30:00Z'));
    expect(daily.deadlineText).toBe('[timer:endsDaily 18:00 (Asia/Kolkata)]');
    expect(daily.units.find((unit) => unit.unit === 'days')?.hidden).toBe(true);
  });

  it("gives a minute timer its full duration; the first visit is the browser's business", () => {
    const minute = minuteTimerView(
      { id: 'mt_1', extra: { minutes: 15, cookieDate: 2, revisitAction: 'auto-hide-element', showElementsOnRevisit: ['sec_b'] } },
      t,
    );
    expect(minute.evergreen).toEqual({ durationMs: 900000, cookieDays: 2, revisitAction: 'auto-hide-element', showOnRevisit: ['sec_b'] });
    expect(minute.units.map((unit) => unit.value)).toEqual(['00', '00', '15', '00']);
    expect(minute.deadlines).toEqual([]);
  });

  it('lists the elements that start hidden because a timer shows them', () => {
    const ids = idsShownByTimers(
      [
        { id: 'cd_1', meta: 'countdown', extra: { expireAction: 'hide', showElements: ['sec_late'] } },
        { id: 'mt_1', meta: 'minute-timer', extra: { revisitAction: 'auto-hide-element', showElementsOnRevisit: 'sec_back' } },
        { id: 'btn', meta: 'button', extra: { expireAction: 'hide', showElements: ['nope'] } },
      ],
      TIMER_METAS,
    );
    expect([...ids].sort()).toEqual(['sec_back', 'sec_late']);
  });
});

describe('day-timer deadlines across daylight-saving changes', () => {
  const daily = (now: string, hours: number, zone: string) =>
    nextDailyInstants(at(now), { hours, minutes: 0, seconds: 0 }, zone, 7).map((ms) => new Date(ms).toISOString());

  it('keeps midnight in the zone when Berlin falls back (a 25-hour day)', () => {
    const deadlines = daily('2026-10-23T12:00:00Z', 0, 'Europe/Berlin');
    expect(deadlines.slice(0, 3)).toEqual(['2026-10-23T22:00:00.000Z', '2026-10-24T22:00:00.000Z', '2026-10-25T23:00:00.000Z']);
    expect(at(deadlines[2]!) - at(deadlines[1]!)).toBe(25 * 3_600_000);
  });

  it('keeps midnight in the zone when New York springs forward (a 23-hour day)', () => {
    const deadlines = daily('2026-03-07T12:00:00Z', 0, 'America/New_York');
    expect(deadlines.slice(0, 3)).toEqual(['2026-03-08T05:00:00.000Z', '2026-03-09T04:00:00.000Z', '2026-03-10T04:00:00.000Z']);
  });

  it('moves a time the jump skips forward, and never repeats a deadline', () => {
    // 02:30 does not exist in Berlin on 2026-03-29: it resolves to 03:30 CEST.
    const deadlines = nextDailyInstants(at('2026-03-28T12:00:00Z'), { hours: 2, minutes: 30, seconds: 0 }, 'Europe/Berlin', 3);
    expect(deadlines.map((ms) => new Date(ms).toISOString())).toEqual(['2026-03-29T01:30:00.000Z', '2026-03-30T00:30:00.000Z', '2026-03-31T00:30:00.000Z']);
    expect(new Set(deadlines).size).toBe(3);
  });

  it('the browser takes the first deadline still ahead, and steps a day past the last', () => {
    const deadlines = [at('2026-06-10T16:00:00Z'), at('2026-06-11T16:00:00Z')];
    expect(nextDeadline(deadlines, at('2026-06-10T17:00:00Z'))).toBe(deadlines[1]);
    expect(nextDeadline(deadlines, at('2026-06-12T10:00:00Z'))).toBeNull();
    expect(nextDeadline(deadlines, at('2026-06-12T10:00:00Z'), true)).toBe(at('2026-06-12T16:00:00Z'));
    expect(readDeadlines('1,x,3')).toEqual([1, 3]);
  });
});
