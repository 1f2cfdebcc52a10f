/** Calls of the forms area (seed 001 §7): load a form, submit it. */
import { defineCall } from '../call';
import { formIdParams, formSubmission } from '../../schemas/form-calls';

export const formsCalls = {
  getForm: defineCall({ method: 'GET', path: '/form/:form_id', params: formIdParams }),
  submitForm: defineCall({ method: 'POST', path: '/form', form: formSubmission }),
};
