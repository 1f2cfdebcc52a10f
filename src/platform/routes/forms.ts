/** Routes of the forms area: GET /form/{form_id}, POST /form and GET /widget-token. */
import type { Context, Hono } from 'hono';
import { formsCalls } from '../../schemas/calls/forms';
import { mount } from '../call';
import type { AppEnv } from '../env';
import { ApiError } from '../http';
import { getCalendar } from '../services/calendars';
import { getForm } from '../services/forms';
import { issueFormToken } from '../services/form-token';
import { createFormSetupIntent, formPaymentView, verifyFormPayment } from '../services/form-payment';
import { getLocation } from '../services/locations';
import { paymentProviderFrom } from '../payments';
import { type Recorded, recordSubmission, storedSubmission } from '../services/record-submission';
import { defendSubmission } from '../services/spam-defence';
import type { DefendedKind } from '../../lib/spam-defence';
import { idempotencyKeyOf, prepareSubmission, type SubmitEnv } from '../services/submissions';
import { getSurvey } from '../services/surveys';
import { defenceInput, fieldErrors, refusedAnswer, submitEnv } from './submit-env';
import type { SigningSecrets } from '../secrets';
import { withStickyToken } from '../services/visitor-claims';

const NOT_FOUND = 'Unable to find form';

/** The answer of an accepted form submission (requirements WIDGET-CALLS POST /form); the contact carries its sticky token (services/visitor-claims.ts). */
async function formAnswer(secrets: SigningSecrets, locationId: string, recorded: Recorded) {
  return {
    status: true,
    id: recorded.id,
    formData: recorded.values,
    fingerprint: recorded.fingerprint,
    sessionFingerprint: recorded.sessionFingerprint,
    sessionId: recorded.sessionId,
    contact: await withStickyToken(secrets, locationId, recorded.contact),
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
  answer: (recorded: Recorded) => Promise<Record<string, unknown>>,
): Promise<Response | null> {
  const idempotencyKey = idempotencyKeyOf(payload);
  const earlier = await storedSubmission(env.db, kind, refId, idempotencyKey);
  if (earlier) return c.json(await answer(earlier));
  return refusedAnswer(c, await defendSubmission(defenceInput(c, env, kind, refId, payload)));
}

/** The widgets a token is issued for, by kind: how to find one, and the 404's msg. */
const WIDGETS: Record<DefendedKind, { find: (db: D1Database, id: string) => Promise<unknown>; notFound: string }> = {
  form: { find: getForm, notFound: NOT_FOUND },
  survey: { find: getSurvey, notFound: 'Unable to find survey' },
  calendar: { find: getCalendar, notFound: 'Unable to find calendar' },
};

export function registerFormsRoutes(app: Hono<AppEnv>): void {
  mount(app, formsCalls.getForm, async (c, { params }) => {
    const form = await getForm(c.env.DB, params.form_id);
    if (!form) throw new ApiError(404, NOT_FOUND);
    const location = await getLocation(c.env.DB, form.locationId);
    // Beside the seed's keys: what the widget needs to read phone numbers and dates as the location does.
    const place = location ? { country: location.country, timezone: location.timezone, language: location.language, favicon: location.favicon } : undefined;
    // A form that takes a card: its amount (minor units), currency and publishable key ('' when cards are not configured).
    const publishable = location?.stripePublishableKey || c.env.STRIPE_PUBLISHABLE_KEY || '';
    const paymentView = formPaymentView(form, publishable, !!c.env.STRIPE_SECRET_KEY && !!publishable);
    return c.json({ ...form, form: form.form, locationId: form.locationId, name: form.name, location: place, paymentView });
  });

  mount(app, formsCalls.setupIntent, async (c, { json }) => {
    const form = await getForm(c.env.DB, json.formId);
    if (!form) throw new ApiError(404, NOT_FOUND);
    return c.json({ client_secret: await createFormSetupIntent(await paymentProviderFrom(c.env), form) });
  });

  mount(app, formsCalls.widgetToken, async (c, { query }) => {
    if (!(await WIDGETS[query.kind].find(c.env.DB, query.id))) throw new ApiError(404, WIDGETS[query.kind].notFound);
    c.header('cache-control', 'no-store');
    return c.json({ token: await issueFormToken(c.env, query.kind, query.id, c.var.now, c.var.random) });
  });

  mount(app, formsCalls.submitForm, async (c, { form: payload, files }) => {
    const form = await getForm(c.env.DB, payload.formId);
    if (!form) throw new ApiError(404, NOT_FOUND);
    const location = await getLocation(c.env.DB, form.locationId);
    if (!location) throw new ApiError(404, NOT_FOUND);
    const env = submitEnv(c, location.timezone);
    const answer = (recorded: Recorded) => formAnswer(c.env, form.locationId, recorded);
    const guarded = await guardSubmission(c, env, 'form', form.id, payload, answer);
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
    const payment = await verifyFormPayment(await paymentProviderFrom(c.env), form, payload);
    return c.json(await answer(await recordSubmission(env, req, prepared, { refId: form.id }, payment)));
  });
}
