/**
 * A form posted without JavaScript (a plain multipart form to the widget route): read it
 * back into a submission, send it to POST /form in-process, and say what the page shows —
 * the thank-you text, a redirect, or the form again with the errors beside the fields.
 */
import { FORM_TOKEN_FIELD, HONEYPOT_FIELD, IDEMPOTENCY_FIELD } from '../../lib/spam-defence';
import type { FieldError } from '../../lib/validation/fields';
import type { ApiFetch } from '../../platform/client';
import type { FormDocument } from '../../schemas/form';
import { type AfterSubmit, afterSubmit } from './after-submit';
import { readPlainForm, submissionBody } from './server';

export type PlainOutcome = { kind: 'done'; after: AfterSubmit } | { kind: 'refused'; values: Record<string, unknown>; errors: FieldError[]; alert: string };

export async function postPlainForm(
  api: ApiFetch,
  doc: FormDocument,
  data: FormData,
  options: { redirect: boolean; thankYou: string; fixErrors: string; serverError: string; query: URLSearchParams },
): Promise<PlainOutcome> {
  const { answers, files } = readPlainForm(doc.form.fields, data);
  const text = (key: string) => {
    const value = data.get(key);
    return typeof value === 'string' ? value : '';
  };
  const extras = {
    formId: doc.id,
    location_id: doc.locationId,
    [FORM_TOKEN_FIELD]: text(FORM_TOKEN_FIELD),
    [HONEYPOT_FIELD]: text(HONEYPOT_FIELD),
    ...(text(IDEMPOTENCY_FIELD) ? { [IDEMPOTENCY_FIELD]: text(IDEMPOTENCY_FIELD) } : {}),
    eventData: { url_params: options.query.toString().slice(0, 500), source: 'no-js' },
  };
  const res = await api('/form', { method: 'POST', body: submissionBody({ ...answers, ...extras }, files) });
  const body = (await res.json().catch(() => ({}))) as Record<string, unknown>;
  if (res.ok && body.status !== false) {
    const contact = (body.contact ?? {}) as Record<string, unknown>;
    return { kind: 'done', after: afterSubmit(doc.form, contact, { redirect: options.redirect, defaultThankYou: options.thankYou }) };
  }
  const errors = Array.isArray(body.errors) ? (body.errors as FieldError[]) : [];
  const msg = typeof body.msg === 'string' ? body.msg : '';
  return { kind: 'refused', values: answers, errors, alert: errors.length ? options.fixErrors : msg || options.serverError };
}
