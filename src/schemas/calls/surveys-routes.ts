/** Routes of the surveys area (requirements WIDGET-CALLS): load a survey, submit it. */
import type { surveyIdParams, surveySubmission } from '../form-calls';
import { route } from './define-call';

export const surveysRoutes = {
  getSurvey: route<{ params: typeof surveyIdParams }>('GET', '/survey/:id'),
  submitSurvey: route<{ form: typeof surveySubmission }>('POST', '/survey'),
};
