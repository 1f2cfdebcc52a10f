/** Surveys: loading a published survey and deciding which of its fields a submission must answer. */
import { surveyPath } from '../../lib/validation/survey-path';
import type { FormField } from '../../schemas/form';
import { type SurveyDocument, surveyDocument } from '../../schemas/survey';
import { readDocument } from './forms';

export async function getSurvey(db: D1Database, id: string): Promise<SurveyDocument | null> {
  const row = await db.prepare('SELECT doc FROM surveys WHERE id = ?').bind(id).first<{ doc: string }>();
  if (!row) return null;
  return readDocument(surveyDocument, row.doc, `survey ${id}`);
}

/**
 * The fields of the slides a visitor went through with these answers, and whether the
 * answers disqualify them. A visitor disqualified on a slide submits from there, so later
 * slides' required fields do not apply.
 */
export function surveyFields(survey: SurveyDocument, answers: Readonly<Record<string, unknown>>): { fields: FormField[]; disqualified: boolean } {
  const path = surveyPath(survey.formData, answers);
  return { fields: path.slides.flatMap((s) => s.slideData), disqualified: path.disqualified !== 'no' };
}
