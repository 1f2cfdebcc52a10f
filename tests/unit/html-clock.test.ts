import { describe, expect, it } from 'vitest';
import { clockBucket, htmlClockOf, htmlZonedOf } from '../../src/tree/html-clock';

describe('how a page\'s HTML depends on the clock', () => {
  it('reads the finest unit of the date merge fields; contact fields read no clock', () => {
    expect(htmlClockOf('<p>Hello {{contact.first_name}}</p>')).toBe('none');
    expect(htmlClockOf('<p>Order placed on {{ today }}</p>')).toBe('day');
    expect(htmlClockOf('{{year}} … {{time}}')).toBe('minute');
    expect(htmlClockOf('no fields')).toBe('none');
  });

  it('keeps a page with a booking calendar per hour and per visitor zone; text that names one does not count', () => {
    const calendar = JSON.stringify([{ id: 'cal', meta: 'calendar', extra: {} }]);
    expect(htmlClockOf(calendar)).toBe('hour');
    expect(htmlZonedOf(calendar)).toBe(true);
    // The day fields are coarser than the hour, {{time}} finer.
    expect(htmlClockOf(JSON.stringify([{ meta: 'calendar' }, { meta: 'paragraph', text: '{{today}}' }]))).toBe('hour');
    expect(htmlClockOf(JSON.stringify([{ meta: 'calendar' }, { meta: 'paragraph', text: '{{time}}' }]))).toBe('minute');
    const mentioned = JSON.stringify([{ meta: 'paragraph', text: '"meta":"calendar"' }]);
    expect(htmlZonedOf(mentioned)).toBe(false);
    expect(htmlClockOf(mentioned)).toBe('none');
  });

  it('keys a copy by the day, hour or minute in the page\'s zone', () => {
    const at = Date.parse('2026-06-10T22:30:00Z');
    expect(clockBucket('none', at, 'Europe/Berlin')).toBe('');
    // 00:30 on the 11th in Berlin, still the 10th in UTC.
    expect(clockBucket('day', at, 'Europe/Berlin')).toBe('2026-06-11');
    expect(clockBucket('day', at, undefined)).toBe('2026-06-10');
    expect(clockBucket('minute', at, 'Europe/Berlin')).toBe('2026-06-11, 00:30');
    expect(clockBucket('hour', at, 'Europe/Berlin')).toBe('2026-06-11, 00');
    expect(clockBucket('hour', at + 29 * 60_000, 'Europe/Berlin')).toBe('2026-06-11, 00');
    expect(clockBucket('hour', at + 30 * 60_000, 'Europe/Berlin')).toBe('2026-06-11, 01');
    expect(clockBucket('day', at, 'Not/AZone')).toBe('2026-06-10');
  });
});
