/**
 * The props of the form island, built on the server from the form document: the widget
 * page and the funnel page's form element both use this (only what the island needs).
 */
import { contentLanguage, type Language, type Translator } from '../../lib/i18n';
import { todayIn } from '../../lib/time/today';
import type { FieldError } from '../../lib/validation/fields';
import { formatMoney } from '../../lib/currency';
import type { FormDocument } from '../../schemas/form';
import type { FormWidgetProps } from './form-widget';
import type { FormLocation, FormPaymentView } from './server';
import { formStrings } from './strings';

export interface FormPropsInput {
  doc: FormDocument;
  location: FormLocation;
  /** The form's card payment as GET /form answered it (`paymentView`), or null. */
  payment?: FormPaymentView | null;
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

/**
 * What a widget rendered into a published page (the form and survey elements) takes from the
 * page's render: its language and clock, and no per-view token or query, since the page's
 * edge copy is shared by every visitor (the island fetches its token on mount).
 */
export function inPageWidgetInput(
  page: { lang: string; t: Translator['t']; now: number },
  env: Parameters<typeof turnstileSiteKey>[0],
): Pick<FormPropsInput, 'translator' | 'now' | 'token' | 'turnstileSiteKey' | 'query'> {
  return {
    translator: { lang: page.lang as Language, t: page.t },
    now: page.now,
    token: '',
    turnstileSiteKey: turnstileSiteKey(env),
    query: new URLSearchParams(),
  };
}

export function formWidgetProps(input: FormPropsInput): FormWidgetProps {
  const { doc, location, query } = input;
  const today = todayIn(location.timezone, input.now);
  return {
    formId: doc.id,
    locationId: doc.locationId,
    name: doc.name,
    form: doc.form,
    strings: formStrings(input.translator.t),
    lang: input.translator.lang,
    contentLang: contentLanguage(location.language),
    country: location.country,
    today,
    token: input.token,
    ...(input.plainToken ? { plainToken: input.plainToken } : {}),
    turnstileSiteKey: input.turnstileSiteKey,
    payment: input.payment
      ? { amountLabel: formatMoney(input.payment.amount, input.payment.currency, input.translator.lang), publishableKey: input.payment.publishable_key }
      : null,
    notrack: query.has('notrack') && !['false', '0'].includes((query.get('notrack') ?? '').toLowerCase()),
    redirect: query.get('redirect') !== 'false',
    query: query.toString(),
    action: input.action,
    ...(input.idempotencyKey ? { idempotencyKey: input.idempotencyKey } : {}),
    ...(input.element ? { element: input.element } : {}),
    ...(input.submitted ? { submitted: input.submitted } : {}),
  };
}
