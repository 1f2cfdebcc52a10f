/** Routes of the forms area: GET /form/{form_id} and POST /form. */
import type { Hono } from 'hono';
import { formsCalls } from '../calls/forms';
import { mount } from '../call';
import type { AppEnv } from '../env';
import { ApiError } from '../http';
import { getForm } from '../services/forms';
import { getLocation } from '../services/locations';
import { recordSubmission } from '../services/record-submission';
import { prepareSubmission } from '../services/submissions';
import { fieldErrors, submitEnv } from './submit-env';

const NOT_FOUND = 'Unable to find form';

export function registerFormsRoutes(app: Hono<AppEnv>): void {
  mount(app, formsCalls.getForm, async (c, { params }) => {
    const form = await getForm(c.env.DB, params.form_id);
    if (!form) throw new ApiError(404, NOT_FOUND);
    return c.json({ ...form, form: form.form, locationId: form.locationId, name: form.name });
  });

  mount(app, formsCalls.submitForm, async (c, { form: payload, files }) => {
    const form = await getForm(c.env.DB, payload.formId);
    if (!form) throw new ApiError(404, NOT_FOUND);
    const location = await getLocation(c.env.DB, form.locationId);
    if (!location) throw new ApiError(404, NOT_FOUND);
    const env = submitEnv(c, Date.now(), location.timezone);
    const req = {
      kind: 'form' as const,
      locationId: form.locationId,
      country: location.country,
      fields: form.form.fields,
      mode: 'form' as const,
      payload,
      files,
    };
    const prepared = await prepareSubmission(env, req);
    if ('errors' in prepared) return fieldErrors(c, prepared.errors);
    const recorded = await recordSubmission(env, req, prepared, { refId: form.id });
    return c.json({
      status: true,
      id: recorded.id,
      formData: prepared.values,
      fingerprint: prepared.fingerprint,
      sessionFingerprint: prepared.sessionFingerprint,
      sessionId: prepared.sessionId,
      contact: recorded.contact,
    });
  });
}
