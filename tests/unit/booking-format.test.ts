import { describe, expect, it } from 'vitest';
import { slotTime } from '../../src/widgets/booking/format';

describe('slot times', () => {
  it("shows a slot's own wall clock in 24 or 12 hours, midnight and noon included", () => {
    const times = ['2026-03-02T00:05:00+05:30', '2026-03-02T09:30:00-05:00', '2026-03-02T12:00:00Z', '2026-03-02T23:45:00+09:00'];
    expect(times.map((iso) => slotTime(iso, true))).toEqual(['00:05', '09:30', '12:00', '23:45']);
    expect(times.map((iso) => slotTime(iso, false))).toEqual(['12:05 AM', '09:30 AM', '12:00 PM', '11:45 PM']);
  });
});
