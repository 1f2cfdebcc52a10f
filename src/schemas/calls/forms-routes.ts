/** Routes of the forms area (requirements WIDGET-CALLS): load a form, submit it. */
import type { formIdParams, formSetupIntentBody, formSubmission, widgetTokenQuery } from '../form-calls';
import { route } from './define-call';

export const formsRoutes = {
  getForm: route<{ params: typeof formIdParams }>('GET', '/form/:form_id'),
  submitForm: route<{ form: typeof formSubmission }>('POST', '/form'),
  /** Not in the seed's table: the card setup of a form with a payment field, confirmed in the browser before submitting. */
  setupIntent: route<{ json: typeof formSetupIntentBody; answer: { client_secret?: string } }>('POST', '/form/setup-intent'),
  /** Not in the seed's table: the spam-defence token of a form or survey (src/lib/spam-defence.ts). */
  widgetToken: route<{ query: typeof widgetTokenQuery; answer: { token: string } }>('GET', '/widget-token'),
};
