/** Routes of the forms area (requirements WIDGET-CALLS): load a form, submit it. */
import type { formIdParams, formSubmission, widgetTokenQuery } from '../form-calls';
import { route } from './define-call';

export const formsRoutes = {
  getForm: route<{ params: typeof formIdParams }>('GET', '/form/:form_id'),
  submitForm: route<{ form: typeof formSubmission }>('POST', '/form'),
  /** Not in the seed's table: the spam-defence token of a form or survey (src/lib/spam-defence.ts). */
  widgetToken: route<{ query: typeof widgetTokenQuery; answer: { token: string } }>('GET', '/widget-token'),
};
