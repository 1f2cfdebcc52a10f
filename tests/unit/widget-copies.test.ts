import { describe, expect, it } from 'vitest';
import { copiedIds } from '../../src/lib/widget-copies';
import { calendarFromCopy } from '../../src/widgets/booking/load';
import { surveyFromCopy } from '../../src/widgets/survey/server';

const copy = { id: 'survey_a', locationId: 'loc_a', name: 'A', formData: { slides: [] }, updatedAt: 2_000 };
const entry = { calendar: { id: 'cal_a', name: 'A call', form: { fields: [] } }, timezone: 'UTC', country: 'US', updatedAt: 2_000 };

describe('an element’s copy of its widget (requirements PAGE-DATA-8)', () => {
  it('names only the surveys and single calendars an element carries a copy of', () => {
    const document = {
      elements: [
        { meta: 'survey', extra: { surveyId: 'survey_a', surveyData: copy } },
        { meta: 'survey', extra: { surveyId: 'survey_b' } },
        { meta: 'form', extra: { surveyId: 'survey_c', surveyData: copy } },
        { meta: 'calendar', extra: { calendarId: 'cal_a', calendarData: entry } },
        { meta: 'calendar', extra: { calendarId: { id: 'cal_b', is_provider: false }, calendarData: entry } },
        { meta: 'calendar', extra: { calendarId: { id: 'prov', is_provider: true }, calendarData: entry } },
        { meta: 'calendar', extra: { calendarId: 'cal_c' } },
      ],
    };
    expect(copiedIds(document, 'surveys')).toEqual(['survey_a']);
    expect(copiedIds(document, 'calendars')).toEqual(['cal_a', 'cal_b']);
    expect(copiedIds({}, 'surveys')).toEqual([]);
  });

  it('is used while not older than the survey’s last change, and only for its own survey', () => {
    const page = (changed?: number) => ({ widgetVersions: { surveys: changed === undefined ? {} : { survey_a: changed } }, location: { language: 'de' } });
    const fresh = surveyFromCopy('survey_a', copy, page(2_000));
    expect(fresh).toMatchObject({ ok: true, doc: { id: 'survey_a', name: 'A' }, location: { language: 'de' } });
    expect(surveyFromCopy('survey_a', copy, page(2_001))).toBeNull();
    expect(surveyFromCopy('survey_a', copy, page())).toBeNull();
    expect(surveyFromCopy('survey_b', { ...copy }, { widgetVersions: { surveys: { survey_b: 1 } } })).toBeNull();
    expect(surveyFromCopy('survey_a', { ...copy, updatedAt: undefined }, page(1))).toBeNull();
    expect(surveyFromCopy('survey_a', undefined, page(1))).toBeNull();
  });

  it('a calendar’s copy likewise, when it is of that calendar and its form reads as one', () => {
    const page = (changed?: number) => ({ widgetVersions: { calendars: changed === undefined ? {} : { cal_a: changed } } });
    expect(calendarFromCopy('cal_a', entry, page(2_000))).toEqual(entry);
    expect(calendarFromCopy('cal_a', entry, page(2_001))).toBeNull();
    expect(calendarFromCopy('cal_a', entry, page())).toBeNull();
    expect(calendarFromCopy('cal_b', entry, { widgetVersions: { calendars: { cal_b: 1 } } })).toBeNull();
    expect(calendarFromCopy('cal_a', { ...entry, calendar: { ...entry.calendar, form: { fields: 'none' } } }, page(1))).toBeNull();
  });
});
