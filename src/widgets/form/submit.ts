/**
 * Sending a submission (docs/widget-api.md): multipart with a `formData` part (the JSON of
 * answers and extras) and one file part per file, named by the field's key. Every
 * submission carries an idempotency key and the spam-defence fields; a network failure
 * answers `offline` (the caller keeps the submission, see ./outbox.ts), a refusal answers
 * the server's status, msg and field errors.
 */
import { randomUuid } from '../../lib/ids';
import type { FieldError } from '../../lib/validation/fields';
import { FORM_TOKEN_FIELD, HONEYPOT_FIELD, IDEMPOTENCY_FIELD, MIN_FILL_MS, type SpamReason } from '../../lib/spam-defence';

export type SubmitEndpoint = '/api/form' | '/api/survey' | '/api/appointment';

export interface Submission {
  endpoint: SubmitEndpoint;
  /** The answers by field key, and the extras (formId, location_id, sessionId, funneEventData, …). */
  formData: Record<string, unknown>;
  /** Files by field key (a signature is a PNG file under its field's key). */
  files: Readonly<Record<string, readonly File[]>>;
}

export type SubmitOutcome =
  | { kind: 'ok'; body: Record<string, unknown> }
  | { kind: 'rejected'; status: number; msg: string; errors: FieldError[]; reason?: SpamReason }
  | { kind: 'offline' };

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
  let res: Response;
  try {
    res = await fetcher(submission.endpoint, { method: 'POST', body: submissionBody(submission), credentials: 'same-origin' });
  } catch {
    return { kind: 'offline' };
  }
  const body = (await res.json().catch(() => ({}))) as Record<string, unknown>;
  if (res.ok && body.status !== false) return { kind: 'ok', body };
  // A gateway or worker that is unreachable answers 502-504: keep the submission and retry.
  if (res.status >= 502 && res.status <= 504) return { kind: 'offline' };
  const errors = Array.isArray(body.errors) ? (body.errors as FieldError[]) : [];
  const msg = typeof body.msg === 'string' ? body.msg : '';
  return { kind: 'rejected', status: res.status, msg, errors, ...(typeof body.reason === 'string' ? { reason: body.reason as SpamReason } : {}) };
}

/** Milliseconds still to wait so a quick visitor is not mistaken for a bot. */
export function fillDelay(shownAt: number, now: number): number {
  return Math.max(0, shownAt + MIN_FILL_MS + 250 - now);
}

/** A fresh form token for a form or survey (funnel pages are cached HTML, so islands ask on mount). */
export async function fetchFormToken(kind: 'form' | 'survey', id: string, fetcher: typeof fetch = fetch): Promise<string> {
  try {
    const res = await fetcher(`/api/widget-token?kind=${kind}&id=${encodeURIComponent(id)}`, { credentials: 'same-origin' });
    const body = (await res.json()) as { token?: unknown };
    return typeof body.token === 'string' ? body.token : '';
  } catch {
    return '';
  }
}
