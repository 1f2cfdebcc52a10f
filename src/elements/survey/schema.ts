/** A survey element: which survey to show (`surveyId`); `surveyData` may carry a builder's copy. */
import * as v from 'valibot';
import { baseExtra, str } from '../common';

export const extraSchema = v.looseObject({
  ...baseExtra,
  surveyId: str(),
  action: str(),
  /** The builder's copy of the survey, with the time it was copied (`updatedAt`, ms): rendered from while fresh (src/widgets/survey/server.ts surveyFromCopy). */
  surveyData: v.optional(v.unknown()),
});
export type SurveyExtra = v.InferOutput<typeof extraSchema>;
