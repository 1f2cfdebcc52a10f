/** Specs of the forms area (./forms-routes.ts). */
import { formIdParams, formSetupIntentBody, formSubmission, widgetTokenQuery } from '../form-calls';
import { defineCall } from './define-call';
import { formsRoutes as routes } from './forms-routes';

export const formsCalls = {
  getForm: defineCall(routes.getForm, { params: formIdParams }),
  submitForm: defineCall(routes.submitForm, { form: formSubmission }),
  setupIntent: defineCall(routes.setupIntent, { json: formSetupIntentBody }),
  widgetToken: defineCall(routes.widgetToken, { query: widgetTokenQuery }),
};
