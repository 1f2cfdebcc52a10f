import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { calendarDocument, calendarProviderDocument } from '../../src/schemas/calendar';
import { DEFAULT_THANK_YOU_TEXT, formDocument } from '../../src/schemas/form';
import { surveyDocument } from '../../src/schemas/survey';

describe('widget document schemas', () => {
  it('keep unknown keys and unknown field types, and fill the seed defaults', () => {
    const form = v.parse(formDocument, {
      id: 'f1',
      locationId: 'l1',
      name: 'F',
      builderVersion: 7,
      form: { fields: [{ tag: 'x', type: 'hologram', required: 'true', extra: 1 }] },
    });
    expect(form).toMatchObject({ builderVersion: 7 });
    expect(form.form.fields[0]).toMatchObject({ type: 'hologram', required: true, extra: 1, active: true });
    expect(form.form.button).toMatchObject({ background: '#188bf6', color: '#ffffff', border: { border: 0, radius: 4, padding: 15 } });
    expect(form.form.formAction.thankyouText).toBe(DEFAULT_THANK_YOU_TEXT);
  });

  it('store calendars under the current zone name with the default colour and weekday hours', () => {
    const cal = v.parse(calendarDocument, { id: 'c1', locationId: 'l1', slug: 'Intro', name: 'Intro', slot_duration: 30, timezone: 'Asia/Calcutta' });
    expect(cal).toMatchObject({ slug: 'intro', timezone: 'Asia/Kolkata', event_color: '#8E24AA', allow_booking_for_unit: 'days', stripe: null });
    expect(cal.availability.mon).toEqual([{ start: '09:00', end: '17:00' }]);
    expect(cal.availability.sun).toEqual([]);
    expect(v.safeParse(calendarDocument, { ...cal, availability: { mon: [{ start: '17:00', end: '09:00' }] } }).success).toBe(false);
    expect(v.safeParse(calendarDocument, { ...cal, timezone: 'Mars/Olympus' }).success).toBe(false);
    expect(v.parse(calendarDocument, { ...cal, allow_booking_after_unit: 'hour' }).allow_booking_after_unit).toBe('hours');
  });

  it('default a provider to Monday weeks and a survey to empty slides', () => {
    expect(v.parse(calendarProviderDocument, { id: 'p1', locationId: 'l1', slug: 'p', name: 'P' })).toMatchObject({ startDayOfWeek: 1, use24hFormat: false });
    const survey = v.parse(surveyDocument, { id: 's1', locationId: 'l1', name: 'S' });
    expect(survey.formData).toMatchObject({ slides: [], settings: { isProgressBarEnabled: false } });
  });
});
