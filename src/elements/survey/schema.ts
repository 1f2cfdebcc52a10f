/** A survey element: which survey to show (`surveyId`); `surveyData` may carry a builder's copy. */
import * as v from 'valibot';
import { baseExtra, str } from '../common';

export const extraSchema = v.looseObject({ ...baseExtra, surveyId: str(), action: str() });
export type SurveyExtra = v.InferOutput<typeof extraSchema>;
