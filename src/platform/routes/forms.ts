/** Routes of the forms area: GET /form/{form_id}, POST /form and GET /widget-token. */
import type { Context, Hono } from 'hono';
import { formsCalls } from '../../schemas/calls/forms';
import { mount } from '../call';
import type { AppEnv } from '../env';
import { ApiError } from '../http';
import { getForm } from '../services/forms';
import { issueFormToken } from '../services/form-token';
import { getLocation } from '../services/locations';
import { type Recorded, recordSubmission, storedSubmission } from '../services/record-submission';
import { defendSubmission } from '../services/spam-defence';
import { idempotencyKeyOf, prepareSubmission, type SubmitEnv } from '../services/submissions';
import { getSurvey } from '../services/surveys';
import { fieldErrors, submitEnv } from './submit-env';

const NOT_FOUND = 'Unable to find form';

/** The answer of an accepted form submission (requirements WIDGET-CALLS POST /form). */
function formAnswer(recorded: Recorded) {
  return {
    status: true,
    id: recorded.id,
    formData: recorded.values,
    fingerprint: recorded.fingerprint,
    sessionFingerprint: recorded.sessionFingerprint,
    sessionId: recorded.sessionId,
    contact: recorded.contact,
  };
}

/**
 * The steps every form and survey submission takes before validation: an earlier
 * submission with the same idempotency key answers again; then the spam defence. Answers
 * the response to send, or null to go on.
 */
export async function guardSubmission(
  c: Context<AppEnv>,
  env: SubmitEnv,
  kind: 'form' | 'survey',
  refId: string,
  payload: Readonly<Record<string, unknown>>,
  answer: (recorded: Recorded) => Record<string, unknown>,
): Promise<Response | null> {
  const earlier = await storedSubmission(env.db, kind, refId, idempotencyKeyOf(payload));
  if (earlier) return c.json(answer(earlier));
  const refused = await defendSubmission({ db: env.db, secrets: c.env, kind, refId, payload, ip: env.remoteIp ?? 'unknown', now: env.now, limits: env.limits });
  return refused ? c.json({ msg: refused.msg, reason: refused.reason }, refused.status) : null;
}

export function registerFormsRoutes(app: Hono<AppEnv>): void {
  mount(app, formsCalls.getForm, async (c, { params }) => {
    const form = await getForm(c.env.DB, params.form_id);
    if (!form) throw new ApiError(404, NOT_FOUND);
    const location = await getLocation(c.env.DB, form.locationId);
    // Beside the seed's keys: what the widget needs to read phone numbers and dates as the location does.
    const place = location ? { country: location.country, timezone: location.timezone, language: location.language } : undefined;
    return c.json({ ...form, form: form.form, locationId: form.locationId, name: form.name, location: place });
  });

  mount(app, formsCalls.widgetToken, async (c, { query }) => {
    const found = query.kind === 'form' ? await getForm(c.env.DB, query.id) : await getSurvey(c.env.DB, query.id);
    if (!found) throw new ApiError(404, query.kind === 'form' ? NOT_FOUND : 'Unable to find survey');
    c.header('cache-control', 'no-store');
    return c.json({ token: await issueFormToken(c.env, query.kind, query.id, c.var.now) });
  });

  mount(app, formsCalls.submitForm, async (c, { form: payload, files }) => {
    const form = await getForm(c.env.DB, payload.formId);
    if (!form) throw new ApiError(404, NOT_FOUND);
    const location = await getLocation(c.env.DB, form.locationId);
    if (!location) throw new ApiError(404, NOT_FOUND);
    const env = submitEnv(c, location.timezone);
    const guarded = await guardSubmission(c, env, 'form', form.id, payload, formAnswer);
    if (guarded) return guarded;
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
    return c.json(formAnswer(await recordSubmission(env, req, prepared, { refId: form.id })));
  });
}
