import { Temporal } from 'temporal-polyfill';
import { describe, expect, it } from 'vitest';
import { todayIn } from '../../src/lib/time/today';
import { dateTimeFormat } from '../../src/lib/time/date-format';
import { zoneClock } from '../../src/lib/time/zone-clock';
import { canonicalTimeZone, requestTimeZone, zoneOrUtc } from '../../src/lib/time/zones';

/** What Temporal itself answers, the reference the fast path must match. */
const reference = (date: string, time: string, zone: string) =>
  (time === '24:00'
    ? Temporal.PlainDate.from(date).add({ days: 1 }).toZonedDateTime({ timeZone: zone })
    : Temporal.PlainDate.from(date).toZonedDateTime({ timeZone: zone, plainTime: Temporal.PlainTime.from(time) })
  ).epochMilliseconds;

describe('zone clock', () => {
  it.each([
    ['America/New_York', '2026-03-08', ['00:00', '01:59', '02:00', '02:30', '03:00', '24:00']],
    ['America/New_York', '2026-11-01', ['00:30', '01:00', '01:30', '02:00', '23:45']],
    ['Europe/Berlin', '2026-03-29', ['01:59', '02:00', '02:30', '03:00']],
    ['Asia/Kolkata', '2026-06-15', ['09:00', '17:30', '24:00']],
    ['Australia/Lord_Howe', '2026-10-04', ['01:45', '02:00', '02:15', '02:30']],
  ])('turns wall clocks of %s on %s into the instants Temporal gives', (zone, date, times) => {
    const clock = zoneClock(zone);
    // Warm the cache on a far day first, so the transition day is reached from a cached stretch.
    clock.epochOf('2026-01-15', '12:00');
    for (const time of times) expect(clock.epochOf(date, time), `${date} ${time}`).toBe(reference(date, time, zone));
  });

  it('formats instants with the offset of their moment, across a change', () => {
    const clock = zoneClock('America/New_York');
    expect(clock.iso(Date.parse('2026-03-08T06:30:00Z'))).toBe('2026-03-08T01:30:00-05:00');
    expect(clock.iso(Date.parse('2026-03-08T07:30:00Z'))).toBe('2026-03-08T03:30:00-04:00');
    expect(clock.iso(Date.parse('2026-03-09T13:05:09Z'))).toBe('2026-03-09T09:05:09-04:00');
    expect(zoneClock('Asia/Kathmandu').iso(Date.parse('2026-01-01T00:00:00Z'))).toBe('2026-01-01T05:45:00+05:45');
    expect(zoneClock('UTC').iso(Date.parse('2026-01-01T23:59:59Z'))).toBe('2026-01-01T23:59:59+00:00');
  });
});

describe('dates in a zone, with formatters made once', () => {
  it('gives the date in the zone, not in UTC', () => {
    const lateInNewYork = Date.UTC(2026, 2, 3, 3, 30); // 2026-03-02 22:30 in New York
    expect(todayIn('America/New_York', lateInNewYork)).toBe('2026-03-02');
    expect(todayIn('Asia/Tokyo', lateInNewYork)).toBe('2026-03-03');
    // A seller's unknown zone reads as UTC instead of failing the page or the submission.
    expect(todayIn('Mars/Base', lateInNewYork)).toBe('2026-03-03');
    expect(todayIn('asia/calcutta', lateInNewYork)).toBe('2026-03-03');
  });

  it('keeps one formatter per language and options, and refuses an unknown zone as Intl does', () => {
    const a = dateTimeFormat('de', { timeZone: 'UTC', month: 'long', year: 'numeric' });
    expect(dateTimeFormat('de', { timeZone: 'UTC', month: 'long', year: 'numeric' })).toBe(a);
    expect(dateTimeFormat('fr', { timeZone: 'UTC', month: 'long', year: 'numeric' })).not.toBe(a);
    expect(a.format(Date.UTC(2026, 2, 2, 12))).toBe('März 2026');
    expect(() => dateTimeFormat('en', { timeZone: 'Mars/Olympus_Mons' })).toThrow(RangeError);
  });
});

describe('time zone names', () => {
  it('names a zone by its current name whatever name or case it came under', () => {
    expect(canonicalTimeZone('asia/calcutta')).toBe('Asia/Kolkata');
    expect(canonicalTimeZone('Europe/Kiev')).toBe('Europe/Kyiv');
    expect(canonicalTimeZone('US/Eastern')).toBe('America/New_York');
    expect(canonicalTimeZone('Etc/UTC')).toBe('UTC');
    expect(canonicalTimeZone('America/Argentina/Buenos_Aires')).toBe('America/Argentina/Buenos_Aires');
    expect(canonicalTimeZone('Mars/Base')).toBeNull();
    expect(zoneOrUtc('Mars/Base')).toBe('UTC');
  });

  it("reads the edge's zone of a request under its current name", () => {
    const request = (timezone: unknown) => ({ cf: { timezone } }) as unknown as Request;
    expect(requestTimeZone(request('Asia/Calcutta'))).toBe('Asia/Kolkata');
    expect(requestTimeZone(request('Mars/Base'))).toBeNull();
    expect(requestTimeZone(request(undefined))).toBeNull();
  });
});
