/**
 * The widget route's side of a form: loading it through the platform API (in-process, or
 * the upstream at API_ORIGIN), getting a spam-defence token, and the no-JS path — a plain
 * multipart post read back into the `formData` JSON and file parts of POST /form.
 */
import * as v from 'valibot';
import type { ApiFetch } from '../../platform/client';
import { callPath } from '../../schemas/calls/define-call';
import { formsRoutes } from '../../schemas/calls/forms-routes';
import { type FormDocument, formDocument } from '../../schemas/form';

export interface FormLocation {
  country: string;
  timezone: string;
  language: string;
  /** The location's icon for the widget page, '' for the default (src/widgets/favicon.ts). */
  favicon: string;
}

/** A form's card payment (GET /form's `paymentView`): amount in minor units, currency, publishable key ('' when cards are not configured). */
export interface FormPaymentView {
  amount: number;
  currency: string;
  publishable_key: string;
}

const paymentViewOf = v.nullable(
  v.object({ amount: v.pipe(v.number(), v.integer(), v.minValue(1)), currency: v.pipe(v.string(), v.regex(/^[A-Za-z]{3}$/)), publishable_key: v.string() }),
);

export type LoadedForm = { ok: true; doc: FormDocument; location: FormLocation; payment: FormPaymentView | null } | { ok: false; status: number; msg: string };

const locationOf = v.object({
  country: v.optional(v.string(), 'US'),
  timezone: v.optional(v.string(), 'UTC'),
  language: v.optional(v.string(), 'en'),
  favicon: v.optional(v.string(), ''),
});

async function msgOf(res: Response): Promise<string> {
  const body = (await res.json().catch(() => ({}))) as { msg?: unknown };
  return typeof body.msg === 'string' ? body.msg : res.statusText;
}

export async function loadForm(api: ApiFetch, id: string): Promise<LoadedForm> {
  const res = await api(callPath(formsRoutes.getForm, { form_id: id }));
  if (!res.ok) return { ok: false, status: res.status, msg: await msgOf(res) };
  const body = (await res.json()) as Record<string, unknown>;
  const doc = v.safeParse(formDocument, { ...body, id: body.id ?? id });
  if (!doc.success) return { ok: false, status: 502, msg: 'Unable to read form' };
  const location = v.safeParse(locationOf, body.location ?? {});
  const payment = v.safeParse(paymentViewOf, body.paymentView ?? null);
  return {
    ok: true,
    doc: doc.output,
    location: location.success ? location.output : { country: 'US', timezone: 'UTC', language: 'en', favicon: '' },
    payment: payment.success ? payment.output : null,
  };
}

export async function formToken(api: ApiFetch, kind: 'form' | 'survey', id: string): Promise<string> {
  const res = await api(callPath(formsRoutes.widgetToken, undefined, { kind, id })).catch(() => null);
  const body = res?.ok ? ((await res.json()) as { token?: unknown }) : {};
  return typeof body.token === 'string' ? body.token : '';
}

/** The multipart body of POST /form from answers, extras and files. */
export function submissionBody(formData: Record<string, unknown>, files: Map<string, File[]>): FormData {
  const body = new FormData();
  body.set('formData', JSON.stringify(formData));
  for (const [key, list] of files) for (const file of list) body.append(key, file, file.name);
  return body;
}
