/**
 * The props of the form island, built on the server from the form document: the widget
 * page and the funnel page's form element both use this (only what the island needs).
 */
import type { Translator } from '../../lib/i18n';
import { dateInOrUtc } from '../../lib/time/today';
import type { FieldError } from '../../lib/validation/fields';
import type { FormDocument } from '../../schemas/form';
import type { FormWidgetProps } from './form-widget';
import type { FormLocation } from './server';
import { formStrings } from './strings';

export interface FormPropsInput {
  doc: FormDocument;
  location: FormLocation;
  translator: Translator;
  now: number;
  token: string;
  plainToken?: string;
  /** Both Turnstile keys set: the site key; else ''. */
  turnstileSiteKey: string;
  query: URLSearchParams;
  action: string;
  idempotencyKey?: string;
  element?: FormWidgetProps['element'];
  submitted?: { values: Record<string, unknown>; errors: FieldError[]; alert: string };
}

/** Site key of Turnstile when both of its keys are configured. */
export function turnstileSiteKey(env: { TURNSTILE_SITE_KEY?: string | undefined; TURNSTILE_SECRET_KEY?: string | undefined }): string {
  return env.TURNSTILE_SITE_KEY && env.TURNSTILE_SECRET_KEY ? env.TURNSTILE_SITE_KEY : '';
}

export function formWidgetProps(input: FormPropsInput): FormWidgetProps {
  const { doc, location, query } = input;
  const today = dateInOrUtc(location.timezone, input.now);
  return {
    formId: doc.id,
    locationId: doc.locationId,
    name: doc.name,
    form: doc.form,
    strings: formStrings(input.translator.t),
    lang: input.translator.lang,
    country: location.country,
    today,
    token: input.token,
    ...(input.plainToken ? { plainToken: input.plainToken } : {}),
    turnstileSiteKey: input.turnstileSiteKey,
    notrack: query.has('notrack') && !['false', '0'].includes((query.get('notrack') ?? '').toLowerCase()),
    redirect: query.get('redirect') !== 'false',
    query: query.toString(),
    action: input.action,
    ...(input.idempotencyKey ? { idempotencyKey: input.idempotencyKey } : {}),
    ...(input.element ? { element: input.element } : {}),
    ...(input.submitted ? { submitted: input.submitted } : {}),
  };
}
