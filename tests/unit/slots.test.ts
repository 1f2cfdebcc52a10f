import { describe, expect, it } from 'vitest';
import { canonicalTimeZone } from '../../src/lib/time/zones';
import { freeSlots, freeSlotStarts, isSlotFree, type SlotSettings } from '../../src/lib/time/slots';
import { bookingWindow } from '../../src/lib/time/windows';

const ms = (iso: string) => Date.parse(iso);
const none: readonly { start: string; end: string }[] = [];
const nineToFive = [{ start: '09:00', end: '17:00' }];

function calendar(over: Partial<SlotSettings> = {}): SlotSettings {
  return {
    timezone: 'America/New_York',
    slot_duration: 60,
    availability: { mon: nineToFive, tue: nineToFive, wed: nineToFive, thu: nineToFive, fri: nineToFive, sat: none, sun: none },
    ...over,
  };
}

// Sunday 1 March 2026, 07:00 in New York.
const NOW = ms('2026-03-01T12:00:00Z');

describe('free slots', () => {
  it('lists weekday slots in the calendar zone, keyed by date in the visitor zone', () => {
    const slots = freeSlots(calendar(), [], {
      from: ms('2026-03-02T00:00:00-05:00'),
      to: ms('2026-03-02T23:59:59-05:00'),
      timeZone: 'America/New_York',
      now: NOW,
    });
    expect(Object.keys(slots)).toEqual(['2026-03-02']);
    expect(slots['2026-03-02']?.slots).toEqual(['09', '10', '11', '12', '13', '14', '15', '16'].map((h) => `2026-03-02T${h}:00:00-05:00`));
  });

  it('keeps 9 to 5 on the wall clock across the spring-forward change', () => {
    const starts = freeSlotStarts(calendar(), [], { from: ms('2026-03-06T00:00:00Z'), to: ms('2026-03-10T00:00:00Z'), timeZone: 'UTC', now: NOW });
    expect(starts).toContain(ms('2026-03-06T14:00:00Z')); // Friday 09:00 EST
    expect(starts).toContain(ms('2026-03-09T13:00:00Z')); // Monday 09:00 EDT
    expect(starts).not.toContain(ms('2026-03-09T21:00:00Z')); // Monday 17:00 EDT is closing time
  });

  it('has one hour less on the spring-forward night and one more on the fall-back night', () => {
    const night = [{ start: '00:00', end: '06:00' }];
    const cal = calendar({ availability: { mon: none, tue: none, wed: none, thu: none, fri: none, sat: none, sun: night } });
    const spring = freeSlots(cal, [], { from: ms('2026-03-08T05:00:00Z'), to: ms('2026-03-08T12:00:00Z'), timeZone: 'America/New_York', now: NOW });
    expect(spring['2026-03-08']?.slots).toEqual([
      '2026-03-08T00:00:00-05:00',
      '2026-03-08T01:00:00-05:00',
      '2026-03-08T03:00:00-04:00',
      '2026-03-08T04:00:00-04:00',
      '2026-03-08T05:00:00-04:00',
    ]);
    const fall = freeSlots(cal, [], { from: ms('2026-11-01T04:00:00Z'), to: ms('2026-11-01T12:00:00Z'), timeZone: 'America/New_York', now: NOW });
    expect(fall['2026-11-01']?.slots).toEqual([
      '2026-11-01T00:00:00-04:00',
      '2026-11-01T01:00:00-04:00',
      '2026-11-01T01:00:00-05:00',
      '2026-11-01T02:00:00-05:00',
      '2026-11-01T03:00:00-05:00',
      '2026-11-01T04:00:00-05:00',
      '2026-11-01T05:00:00-05:00',
    ]);
  });

  it('works in the half-hour zone of India, under its old name too', () => {
    const zone = canonicalTimeZone('Asia/Calcutta');
    expect(zone).toBe('Asia/Kolkata');
    const morning = [{ start: '09:00', end: '11:00' }];
    const cal = calendar({
      timezone: 'Asia/Kolkata',
      slot_duration: 30,
      availability: { mon: morning, tue: none, wed: none, thu: none, fri: none, sat: none, sun: none },
    });
    const slots = freeSlots(cal, [], { from: ms('2026-03-01T00:00:00Z'), to: ms('2026-03-03T00:00:00Z'), timeZone: zone as string, now: NOW });
    expect(slots).toEqual({
      '2026-03-02': { slots: ['09:00', '09:30', '10:00', '10:30'].map((t) => `2026-03-02T${t}:00+05:30`) },
    });
    expect(freeSlotStarts(cal, [], { from: ms('2026-03-01T00:00:00Z'), to: ms('2026-03-03T00:00:00Z'), timeZone: 'UTC', now: NOW })[0]).toBe(
      ms('2026-03-02T03:30:00Z'),
    );
  });

  it('keys a New York calendar by the visitor date in India', () => {
    const slots = freeSlots(calendar(), [], { from: ms('2026-03-02T00:00:00-05:00'), to: ms('2026-03-02T23:59:59-05:00'), timeZone: 'Asia/Kolkata', now: NOW });
    // 09:00-13:00 EST is 19:30-23:30 IST on the 2nd; 14:00-16:00 EST is after midnight IST.
    expect(slots['2026-03-02']?.slots[0]).toBe('2026-03-02T19:30:00+05:30');
    expect(slots['2026-03-03']?.slots).toEqual(['2026-03-03T00:30:00+05:30', '2026-03-03T01:30:00+05:30', '2026-03-03T02:30:00+05:30']);
  });

  it('steps by the slot interval, never past closing time', () => {
    const starts = freeSlots(calendar({ slot_duration: 60, slot_interval: 30 }), [], {
      from: ms('2026-03-02T05:00:00Z'),
      to: ms('2026-03-03T05:00:00Z'),
      timeZone: 'America/New_York',
      now: NOW,
    });
    expect(starts['2026-03-02']?.slots).toHaveLength(15);
    expect(starts['2026-03-02']?.slots.at(-1)).toBe('2026-03-02T16:00:00-05:00');
  });

  it('offers no past slots', () => {
    const now = ms('2026-03-02T11:30:00-05:00');
    const slots = freeSlots(calendar(), [], { from: ms('2026-03-02T00:00:00-05:00'), to: ms('2026-03-02T23:59:59-05:00'), timeZone: 'America/New_York', now });
    expect(slots['2026-03-02']?.slots[0]).toBe('2026-03-02T12:00:00-05:00');
  });

  it('honours 2 hours of notice and a 14-day window', () => {
    const now = ms('2026-03-02T09:30:00-05:00');
    const cal = calendar({ allow_booking_after: 2, allow_booking_after_unit: 'hours', allow_booking_for: 14, allow_booking_for_unit: 'days' });
    const slots = freeSlots(cal, [], { from: ms('2026-03-01T00:00:00-05:00'), to: ms('2026-03-31T23:59:59-04:00'), timeZone: 'America/New_York', now });
    expect(slots['2026-03-02']?.slots[0]).toBe('2026-03-02T12:00:00-05:00');
    expect(Object.keys(slots).at(-1)).toBe('2026-03-16');
    expect(slots['2026-03-16']?.slots.at(-1)).toBe('2026-03-16T16:00:00-04:00');
    expect(slots['2026-03-17']).toBeUndefined();
  });

  it('starts a day-based notice at the start of that day', () => {
    const now = ms('2026-03-02T09:30:00-05:00');
    const window = bookingWindow({ timezone: 'America/New_York', allow_booking_after: 2, allow_booking_after_unit: 'days' }, now);
    expect(window.from).toBe(ms('2026-03-04T00:00:00-05:00'));
    expect(window.until).toBeNull();
  });

  it('removes booked slots, and a booked hour blocks overlapping half-hour starts', () => {
    const busy = [{ start: ms('2026-03-02T10:00:00-05:00'), end: ms('2026-03-02T11:00:00-05:00') }];
    const cal = calendar({ slot_interval: 30 });
    const slots = freeSlots(cal, busy, { from: ms('2026-03-02T05:00:00Z'), to: ms('2026-03-03T05:00:00Z'), timeZone: 'America/New_York', now: NOW });
    const day = slots['2026-03-02']?.slots ?? [];
    expect(day).not.toContain('2026-03-02T09:30:00-05:00');
    expect(day).not.toContain('2026-03-02T10:00:00-05:00');
    expect(day).not.toContain('2026-03-02T10:30:00-05:00');
    expect(day).toContain('2026-03-02T09:00:00-05:00');
    expect(day).toContain('2026-03-02T11:00:00-05:00');
    expect(isSlotFree(cal, busy, ms('2026-03-02T10:00:00-05:00'), NOW)).toBe(false);
    expect(isSlotFree(cal, busy, ms('2026-03-02T11:00:00-05:00'), NOW)).toBe(true);
    expect(isSlotFree(cal, busy, ms('2026-03-02T11:10:00-05:00'), NOW)).toBe(false);
  });

  // workerd freezes its clocks during computation, so this checks the count, not the time.
  it('answers a month of five-minute slots around 200 bookings', () => {
    const allDay = [{ start: '00:00', end: '24:00' }];
    const cal = calendar({ slot_duration: 5, availability: { mon: allDay, tue: allDay, wed: allDay, thu: allDay, fri: allDay, sat: allDay, sun: allDay } });
    const busy = Array.from({ length: 200 }, (_, i) => ({ start: NOW + i * 3_600_000 * 3, end: NOW + i * 3_600_000 * 3 + 1_800_000 }));
    const starts = freeSlotStarts(cal, busy, { from: NOW, to: NOW + 31 * 86_400_000, timeZone: 'UTC', now: NOW });
    // 31 days of 288 starts, plus the inclusive last one, less 6 starts per half-hour booking.
    expect(starts.length).toBe(31 * 288 + 1 - 200 * 6);
  });
});

describe('booking window in hours', () => {
  it('runs allow_booking_for in hours to the end of the day it reaches', () => {
    // 07:00 in New York + 20 hours = 03:00 on Monday: Monday stays bookable to its end.
    const window = bookingWindow({ timezone: 'America/New_York', allow_booking_for: 20, allow_booking_for_unit: 'hours' }, NOW);
    expect(window.until).toBe(ms('2026-03-03T00:00:00-05:00'));
    const hours = calendar({ allow_booking_for: 20, allow_booking_for_unit: 'hours' });
    const slots = freeSlots(hours, [], { from: ms('2026-03-02T00:00:00-05:00'), to: ms('2026-03-03T23:59:59-05:00'), timeZone: 'America/New_York', now: NOW });
    expect(slots['2026-03-02']?.slots.at(-1)).toBe('2026-03-02T16:00:00-05:00');
    expect(slots['2026-03-03']).toBeUndefined();
  });
});
