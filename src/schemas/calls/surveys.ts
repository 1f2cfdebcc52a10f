/** Specs of the surveys area (./surveys-routes.ts). */
import { surveyIdParams, surveySubmission } from '../form-calls';
import { defineCall } from './define-call';
import { surveysRoutes as routes } from './surveys-routes';

export const surveysCalls = {
  getSurvey: defineCall(routes.getSurvey, { params: surveyIdParams }),
  submitSurvey: defineCall(routes.submitSurvey, { form: surveySubmission }),
};
