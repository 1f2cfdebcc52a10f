/** Calls of the surveys area (requirements WIDGET-CALLS): load a survey, submit it. */
import { defineCall } from './define-call';
import { surveyIdParams, surveySubmission } from '../form-calls';

export const surveysCalls = {
  getSurvey: defineCall({ method: 'GET', path: '/survey/:id', params: surveyIdParams }),
  submitSurvey: defineCall({ method: 'POST', path: '/survey', form: surveySubmission }),
};
