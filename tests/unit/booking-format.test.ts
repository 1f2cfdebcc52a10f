import { describe, expect, it } from 'vitest';
import { contrastRatio, readableAccent } from '../../src/lib/contrast';
import { slotTime, zoneName } from '../../src/widgets/booking/format';

describe('slot times', () => {
  it("shows a slot's own wall clock in 24 or 12 hours, midnight and noon included", () => {
    const times = ['2026-03-02T00:05:00+05:30', '2026-03-02T09:30:00-05:00', '2026-03-02T12:00:00Z', '2026-03-02T23:45:00+09:00'];
    expect(times.map((iso) => slotTime(iso, true))).toEqual(['00:05', '09:30', '12:00', '23:45']);
    expect(times.map((iso) => slotTime(iso, false))).toEqual(['12:05 AM', '09:30 AM', '12:00 PM', '11:45 PM']);
  });

  it('names the half of the day in the visitor language on the 12-hour clock (issue 31), and reads zones without underscores', () => {
    const afternoon = slotTime('2026-03-02T14:30:00+01:00', false, 'de');
    expect(afternoon).toMatch(/^02:30 /);
    expect(afternoon).not.toContain('PM');
    expect(slotTime('2026-03-02T14:30:00+01:00', true, 'de')).toBe('14:30');
    expect(zoneName('America/New_York')).toBe('America/New York');
  });
});

describe('the booking accent', () => {
  it('is darkened until white on it reads at 4.5:1, keeping a colour that already reads', () => {
    const green = readableAccent('#37ca37');
    expect(contrastRatio(green, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(green).not.toBe('#37ca37');
    expect(readableAccent('#0b63c1')).toBe('#0b63c1');
    expect(readableAccent('rebeccapurple')).toBe('rebeccapurple');
  });
});
