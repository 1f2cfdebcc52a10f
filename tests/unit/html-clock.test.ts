import { describe, expect, it } from 'vitest';
import { clockBucket, htmlDependenceOf } from '../../src/tree/html-clock';

describe("how a page's HTML depends on the clock", () => {
  const paragraph = (text: string) => ({ id: 'p', meta: 'paragraph', extra: { text } });
  const clockOf = (elements: unknown) => htmlDependenceOf(elements).clock;

  it('reads the finest unit of the date merge fields; contact fields read no clock', () => {
    expect(clockOf([paragraph('<p>Hello {{contact.first_name}}</p>')])).toBe('none');
    expect(clockOf([paragraph('<p>Order placed on {{ today }}</p>')])).toBe('day');
    expect(clockOf([paragraph('{{year}}'), paragraph('… {{time}}')])).toBe('minute');
    expect(clockOf([paragraph('no fields')])).toBe('none');
    expect(htmlDependenceOf(undefined)).toEqual({ clock: 'none', zoned: false });
  });

  it('keeps a page with a booking calendar per hour and per visitor zone; text that names one does not count', () => {
    expect(htmlDependenceOf([{ id: 'cal', meta: 'calendar', extra: {} }])).toEqual({ clock: 'hour', zoned: true });
    // The day fields are coarser than the hour, {{time}} finer.
    expect(htmlDependenceOf([{ meta: 'calendar' }, paragraph('{{today}}')])).toEqual({ clock: 'hour', zoned: true });
    expect(htmlDependenceOf([paragraph('{{time}}'), { meta: 'calendar' }])).toEqual({ clock: 'minute', zoned: true });
    expect(htmlDependenceOf([paragraph('"meta":"calendar"'), { meta: 'survey' }])).toEqual({ clock: 'none', zoned: false });
  });

  it("keys a copy by the day, hour or minute in the page's zone", () => {
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
