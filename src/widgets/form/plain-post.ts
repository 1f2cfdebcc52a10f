/**
 * A form posted without JavaScript (a plain multipart form to the widget route): read it
 * back into a submission, send it to POST /form in-process, and say what the page shows —
 * the thank-you text, a redirect, or the form again with the errors beside the fields. A
 * post the spam defence refuses (too fast included) is answered at once with its status:
 * nothing here waits on a sender's behalf.
 */
import { FORM_TOKEN_FIELD, HONEYPOT_FIELD, IDEMPOTENCY_FIELD } from '../../lib/spam-defence';
import type { FieldError } from '../../lib/validation/fields';
import type { ApiFetch } from '../../platform/client';
import { callPath } from '../../schemas/calls/define-call';
import { formsRoutes } from '../../schemas/calls/forms-routes';
import type { FormDocument } from '../../schemas/form';
import { type AfterSubmit, afterSubmit } from './after-submit';
import { readPlainForm } from './plain-form';
import { submissionBody } from './server';

/** What the page shows; a refusal with the status the page answers (422 field errors, 403/429 spam defence, else 400). */
export type PlainOutcome =
  | { kind: 'done'; after: AfterSubmit }
  | { kind: 'refused'; status: number; values: Record<string, unknown>; errors: FieldError[]; alert: string };

export async function postPlainForm(
  api: ApiFetch,
  doc: FormDocument,
  data: FormData,
  options: { redirect: boolean; thankYou: string; fixErrors: string; serverError: string; sendAgain: string; query: URLSearchParams; now: () => number },
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
    ...funnelOf(options.query),
  };
  const res = await api(callPath(formsRoutes.submitForm), { method: 'POST', body: submissionBody({ ...answers, ...extras }, files) });
  const body = (await res.json().catch(() => ({}))) as Record<string, unknown>;
  if (res.ok && body.status !== false) {
    const contact = (body.contact ?? {}) as Record<string, unknown>;
    const next = nextStep(options.query);
    if (next) return { kind: 'done', after: { kind: 'redirect', url: next } };
    return {
      kind: 'done',
      after: afterSubmit(doc.form, contact, { redirect: options.redirect, defaultThankYou: options.thankYou, now: new Date(options.now()) }),
    };
  }
  const errors = Array.isArray(body.errors) ? (body.errors as FieldError[]) : [];
  const msg = typeof body.msg === 'string' ? body.msg : '';
  const status = errors.length ? 422 : res.status === 403 || res.status === 429 ? res.status : 400;
  // The form comes back with a fresh token: a person who was quick, or whose token another
  // visitor of a cached page used, only has to send it again.
  const again = body.reason === 'too_fast' || String(body.reason ?? '').startsWith('token_');
  const alert = errors.length ? options.fixErrors : again ? options.sendAgain : msg || options.serverError;
  return { kind: 'refused', status, values: answers, errors, alert };
}

/** The funnel step a form element posted from (its opt-in event), named in the action's query. */
function funnelOf(query: URLSearchParams): { funneEventData?: Record<string, string> } {
  const [funnel, page, step] = [query.get('funnel_id'), query.get('page_id'), query.get('funnel_step_id')];
  if (!funnel || !page || !step) return {};
  return {
    funneEventData: {
      event_type: 'optin',
      funnel_id: funnel,
      page_id: page,
      funnel_step_id: step,
      domain_name: query.get('domain') ?? '',
      page_url: query.get('page_url') ?? '',
    },
  };
}

/** The next step a form element moves on to: a path on this site only, never another origin. */
export function nextStep(query: URLSearchParams): string | null {
  const next = query.get('next') ?? '';
  return /^\/(?![/\\])/.test(next) && !/[\s\\]/.test(next) ? next : null;
}
