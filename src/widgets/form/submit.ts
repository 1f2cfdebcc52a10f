/**
 * Sending a submission (docs/widget-api.md): multipart with a `formData` part (the JSON of
 * answers and extras) and one file part per file, named by the field's key. Every
 * submission carries an idempotency key and the spam-defence fields. It answers as every
 * call does (src/client/api.ts); `offline` also for a gateway that could not reach the API
 * (the caller keeps the submission, see ./outbox.ts), `refused` with the server's status,
 * msg, field errors and spam-defence reason.
 */
import { type CallAnswer, callApi, refusalOf } from '../../client/api';
import { randomUuid } from '../../lib/ids';
import { type DefendedKind, FORM_TOKEN_FIELD, HONEYPOT_FIELD, IDEMPOTENCY_FIELD, MIN_FILL_MS } from '../../lib/spam-defence';
import { bookingRoutes } from '../../schemas/calls/booking-routes';
import { apiPath } from '../../schemas/calls/define-call';
import { formsRoutes } from '../../schemas/calls/forms-routes';
import { surveysRoutes } from '../../schemas/calls/surveys-routes';

/** The calls that take a submission. */
const SUBMIT_CALLS = { form: formsRoutes.submitForm, survey: surveysRoutes.submitSurvey, appointment: bookingRoutes.book };

export type SubmitCall = keyof typeof SUBMIT_CALLS;

/** The path a submission goes to, which the outbox keeps it under. */
export const submitPath = (call: SubmitCall): string => apiPath(SUBMIT_CALLS[call]);

/** The call of a kept submission's path; undefined for a path that takes none. */
export const submitCallAt = (path: string): SubmitCall | undefined => (Object.keys(SUBMIT_CALLS) as SubmitCall[]).find((call) => submitPath(call) === path);

export interface Submission {
  call: SubmitCall;
  /** The answers by field key, and the extras (formId, location_id, sessionId, funneEventData, …). */
  formData: Record<string, unknown>;
  /** Files by field key (a signature is a PNG file under its field's key). */
  files: Readonly<Record<string, readonly File[]>>;
}

export type SubmitOutcome = CallAnswer<Record<string, unknown>>;

/** A new idempotency key. */
export function newIdempotencyKey(): string {
  return randomUuid();
}

/** The spam-defence and idempotency fields a submission carries in its formData. */
export function defenceFields(token: string, honeypot: string, idempotencyKey: string): Record<string, string> {
  return { [FORM_TOKEN_FIELD]: token, [HONEYPOT_FIELD]: honeypot, [IDEMPOTENCY_FIELD]: idempotencyKey };
}

/** The multipart body of a submission. */
export function submissionBody(submission: Submission): FormData {
  const body = new FormData();
  body.set('formData', JSON.stringify(submission.formData));
  for (const [key, list] of Object.entries(submission.files)) for (const file of list) body.append(key, file, file.name);
  return body;
}

/** Posts a submission; `fetcher` is the network boundary. */
export async function sendSubmission(submission: Submission, fetcher: typeof fetch = fetch): Promise<SubmitOutcome> {
  const answer = await callApi(SUBMIT_CALLS[submission.call], { form: submissionBody(submission), fetcher });
  if (answer.kind === 'ok') {
    const body = (answer.body ?? {}) as Record<string, unknown>;
    // The seed's answer may refuse with a 200 and `status: false`.
    return body.status === false ? refusalOf(200, body) : { kind: 'ok', body };
  }
  // A gateway or worker that is unreachable answers 502-504: keep the submission and retry.
  if (answer.kind === 'refused' && answer.status >= 502 && answer.status <= 504) return { kind: 'offline', error: answer };
  return answer;
}

/** Milliseconds still to wait so a quick visitor is not mistaken for a bot. */
export function fillDelay(shownAt: number, now: number): number {
  return Math.max(0, shownAt + MIN_FILL_MS + 250 - now);
}

/** A fresh form token for a form, survey or calendar (funnel pages are cached HTML, so islands ask on mount). */
export async function fetchFormToken(kind: DefendedKind, id: string, fetcher: typeof fetch = fetch): Promise<string> {
  const answer = await callApi(formsRoutes.widgetToken, { query: { kind, id }, fetcher });
  return answer.kind === 'ok' && typeof answer.body.token === 'string' ? answer.body.token : '';
}
