/** Calls of the forms area (requirements WIDGET-CALLS): load a form, submit it. */
import { answerType, defineCall } from './define-call';
import { formIdParams, formSubmission, widgetTokenQuery } from '../form-calls';

export const formsCalls = {
  getForm: defineCall({ method: 'GET', path: '/form/:form_id', params: formIdParams }),
  submitForm: defineCall({ method: 'POST', path: '/form', form: formSubmission }),
  /** Not in the seed's table: the spam-defence token of a form or survey (src/lib/spam-defence.ts). */
  widgetToken: defineCall({ method: 'GET', path: '/widget-token', query: widgetTokenQuery, answer: answerType<{ token: string }>() }),
};
