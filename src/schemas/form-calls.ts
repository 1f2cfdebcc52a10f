/**
 * Payloads of the form, survey and booking submissions (requirements WIDGET-DATA Submit payload
 * extras). The answers themselves sit beside these keys, under each field's tag, and are
 * checked against the form's own fields by the shared field rules.
 */
import * as v from 'valibot';
import { DEFENDED_KINDS, FORM_TOKEN_FIELD, HONEYPOT_FIELD, IDEMPOTENCY_FIELD, IDEMPOTENCY_PATTERN } from '../lib/spam-defence';
import { boundedJson, FREE_JSON_DEPTH, id } from './common';

const token = v.optional(v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{1,64}$/, 'must be 1-64 letters, digits, _ or -')));

export const funnelEventData = v.pipe(
  boundedJson(),
  v.looseObject({
    event_type: v.optional(v.string()),
    domain_name: v.optional(v.string()),
    page_url: v.optional(v.string()),
    funnel_id: v.optional(v.string()),
    page_id: v.optional(v.string()),
    funnel_step_id: v.optional(v.string()),
  }),
);

/** Keys every submission may carry beside its answers. */
export const submitExtras = {
  location_id: v.optional(id),
  contact_id: v.optional(v.nullable(id)),
  /** The sticky contact's token (src/platform/services/visitor-claims.ts): without the right one `contact_id` is ignored. */
  contact_token: v.optional(v.pipe(v.string(), v.maxLength(100))),
  sessionId: token,
  sessionFingerprint: token,
  fingerprint: token,
  eventData: v.optional(boundedJson()),
  funneEventData: v.optional(funnelEventData),
  user_id: v.optional(v.nullable(id)),
  /** The spam defence and idempotency (src/lib/spam-defence.ts); checked by the route. */
  [IDEMPOTENCY_FIELD]: v.optional(v.pipe(v.string(), v.regex(IDEMPOTENCY_PATTERN, 'must be 8-64 letters, digits, _ or -'))),
  [FORM_TOKEN_FIELD]: v.optional(v.pipe(v.string(), v.maxLength(100))),
  [HONEYPOT_FIELD]: v.optional(v.pipe(v.string(), v.maxLength(1000))),
};

/** Largest `formData` JSON of a submission: the answers (long texts included) and the extras; D1 rows hold 2 MB. */
export const SUBMISSION_JSON_BYTES = 256 * 1024;

/** A submission's answers sit under keys nobody declares: the whole payload is bounded in size and depth (one level above its free-form parts). */
export const boundedSubmission = <S extends v.GenericSchema>(schema: S) => v.pipe(boundedJson(SUBMISSION_JSON_BYTES, FREE_JSON_DEPTH + 1), schema);

/** POST /form: `formData` JSON. */
export const formSubmission = boundedSubmission(v.looseObject({ formId: id, ...submitExtras }));
export type FormSubmission = v.InferOutput<typeof formSubmission>;

/** POST /survey: `formData` JSON; formId is the survey's id. */
export const surveySubmission = boundedSubmission(
  v.looseObject({
    formId: id,
    ...submitExtras,
    disqualified: v.optional(v.boolean(), false),
  }),
);
export type SurveySubmission = v.InferOutput<typeof surveySubmission>;

export const formIdParams = v.object({ form_id: id });
export const surveyIdParams = v.object({ id });

/** GET /widget-token: a fresh spam-defence token for a form, survey or calendar's booking (cached pages ask on mount). */
export const widgetTokenQuery = v.object({ kind: v.picklist(DEFENDED_KINDS, 'must be form, survey or calendar'), id });

/** POST /form/setup-intent: a card setup for a form that takes a payment (src/schemas/form-payment.ts). */
export const formSetupIntentBody = v.object({ formId: id });
