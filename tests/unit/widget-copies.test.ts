import { describe, expect, it } from 'vitest';
import { copiedSurveyIds } from '../../src/platform/services/widget-copies';
import { surveyFromCopy } from '../../src/widgets/survey/server';

const copy = { id: 'survey_a', locationId: 'loc_a', name: 'A', formData: { slides: [] }, updatedAt: 2_000 };

describe('a survey element’s copy (requirements PAGE-DATA-8)', () => {
  it('names only the surveys an element carries a copy of', () => {
    const document = {
      elements: [
        { meta: 'survey', extra: { surveyId: 'survey_a', surveyData: copy } },
        { meta: 'survey', extra: { surveyId: 'survey_b' } },
        { meta: 'form', extra: { surveyId: 'survey_c', surveyData: copy } },
      ],
    };
    expect(copiedSurveyIds(document)).toEqual(['survey_a']);
    expect(copiedSurveyIds({})).toEqual([]);
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
});
