/**
 * The form island: the form widget page and the form element of funnel pages render it.
 * It draws the fields with the engine, validates with the shared rules, sends with the
 * submit helper (never losing a submission), then redirects, moves to the funnel's next
 * step or shows the thank-you message. Server-rendered as a plain multipart form that
 * posts to the widget route, so it also works without JavaScript.
 */
import { Branding } from './branding';
import { type CSSProperties, useCallback, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { partLanguage } from '../../lib/i18n/languages';
import { carryQuery } from '../../lib/links';
import { FORM_TOKEN_FIELD, HONEYPOT_FIELD, IDEMPOTENCY_FIELD } from '../../lib/spam-defence';
import type { FieldError } from '../../lib/validation/fields';
import type { FormBody } from '../../schemas/form';
import { type AfterSubmit, afterSubmit } from './after-submit';
import { type FormPaymentProps, useFormCard } from './form-card';
import { FormFields } from './form-fields';
import { Honeypot, SubmitButton } from './form-parts';
import { formCssVars, isInlineLayout } from './form-style';
import { initialValues } from './initial-values';
import { rememberContact, rememberedContact } from './sticky-contact';
import { expandFormStrings } from './strings';
import { uniqueEmailErrors } from './unique-email';
import { typedBeforeHydration } from './typed-values';
import type { FieldEnv, FormStringsDiff } from './types';
import { redirectTop } from '../embed/protocol';
import { useFormEngine } from './use-form-engine';
import { useSubmission } from './use-submission';
import { StickyContactHelp } from './sticky-help';
import { keepVisit, visitExtras } from './visit-extras';
import { trackSubmission, visitorFingerprint } from './widget-tracking';
import { FocusedEnd } from '../end-screen';

export interface FormWidgetProps {
  formId: string;
  locationId: string;
  name: string;
  form: FormBody;
  strings: FormStringsDiff;
  /** The interface's language (`?lang`, then the location's). */
  lang: string;
  /** The seller's content language (the location's): interface strings in another language carry their own `lang` (requirements ELEMENTS-5). */
  contentLang?: string;
  country: string;
  today: string;
  /** The signed form token the page embedded ('' on cached funnel pages: fetched on mount). */
  token: string;
  /** The token the form posts without JavaScript, when it differs from `token` (cached pages embed one for that alone). */
  plainToken?: string;
  turnstileSiteKey: string;
  /** The form takes a card (a payment field and an amount in its settings); null when it takes none. */
  payment?: FormPaymentProps | null;
  notrack: boolean;
  /** false under `redirect=false`. */
  redirect: boolean;
  /** The query string prefill reads (the widget page's; a funnel page's island reads its own). */
  query: string;
  /** Where the no-JS form posts: the widget route. */
  action: string;
  /** The idempotency key of a no-JS post (only on pages that are never cached: one per render). */
  idempotencyKey?: string;
  /** Inside a funnel page: the element's action and the next step's URL. */
  element?: { action: string; nextStepUrl: string };
  /** A no-JS post the server refused: the values to show again, their errors and the alert. */
  submitted?: { values: Record<string, unknown>; errors: FieldError[]; alert: string };
}

export default function FormWidget(props: FormWidgetProps) {
  const { form, formId, locationId } = props;
  const strings = useMemo(() => expandFormStrings(props.strings), [props.strings]);
  const root = useRef<HTMLFormElement>(null);
  const [done, setDone] = useState<AfterSubmit | null>(null);
  const [alert, setAlert] = useState(props.submitted?.alert ?? '');
  const initial = props.submitted?.values ?? initialValues(form.fields, new URLSearchParams(props.query), {}, props.country);
  const card = useFormCard(formId, props.payment, strings.ui);
  const engine = useFormEngine(
    {
      fields: form.fields,
      initialValues: initial,
      initialErrors: props.submitted?.errors,
      country: props.country,
      today: props.today,
      turnstile: !!props.turnstileSiteKey && form.fields.some((f) => f.type === 'captcha'),
    },
    root,
  );
  const uiLang = partLanguage(props.lang, props.contentLang ?? props.lang);
  const env: FieldEnv = {
    lang: props.lang,
    uiLang,
    country: props.country,
    today: props.today,
    labelsVisible: form.formLabelVisible,
    strings,
    turnstileSiteKey: props.turnstileSiteKey,
    onCaptcha: engine.setCaptchaToken,
    payment: card.env,
  };
  const fingerprint = useRef('');

  // A layout effect: when a click made before hydration hydrates the island at once
  // (client:interact), the values typed before it are in place before that click is handled.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once when the island mounts.
  useLayoutEffect(() => {
    // The view is recorded by the page (src/widgets/form/view-script.ts) or, inside a funnel page, by the page's runtime.
    fingerprint.current = visitorFingerprint(props.notrack);
    // Prefill that only the browser knows: the funnel page's own query and the remembered
    // contact; then whatever the visitor typed before the island hydrated, which wins.
    const known = form.stickyContact ? rememberedContact(locationId) : {};
    const prefill = props.submitted ? {} : initialValues(form.fields, new URLSearchParams(props.query || location.search), known, props.country);
    const start = { ...prefill, ...typedBeforeHydration(root.current, form.fields) };
    for (const [key, value] of Object.entries(start)) if (value !== initial[key]) engine.setValue(key, value);
  }, []);

  const onAccepted = useCallback(
    (body: Record<string, unknown>) => {
      const contact = (body.contact ?? {}) as Record<string, unknown>;
      if (form.stickyContact) rememberContact(locationId, contact);
      keepVisit({ locationId, notrack: props.notrack }, body);
      if (!props.notrack) trackSubmission(form.formSubmissionEvent);
      const next = props.element?.action === 'go-to-next-funnel-step' && props.element.nextStepUrl;
      const outcome: AfterSubmit = next
        ? { kind: 'redirect', url: carryQuery(props.element?.nextStepUrl ?? '', location.search) }
        : afterSubmit(form, contact, { redirect: props.redirect, defaultThankYou: strings.ui.thankYou, now: new Date() });
      setDone(outcome);
      if (outcome.kind === 'redirect') redirectTop(outcome.url);
    },
    [form, locationId, props.notrack, props.element, props.redirect, strings.ui.thankYou],
  );
  const { state, submit } = useSubmission({
    kind: 'form',
    id: formId,
    token: props.token,
    onAccepted,
    onRejected: (outcome) => {
      if (outcome.errors.length) engine.showErrors(outcome.errors);
      if (outcome.status === 402) card.showError(outcome.msg);
      setAlert(outcome.errors.length ? strings.ui.fixErrors : outcome.msg || strings.ui.serverError);
    },
  });

  const onSubmit = async (e: React.FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (state.kind === 'sending' || state.kind === 'pending') return;
    setAlert('');
    if (!(await engine.validate())) return setAlert(strings.ui.fixErrors);
    const taken = await uniqueEmailErrors(form.fields, engine.values, locationId, String(rememberedContact(locationId).email ?? ''));
    if (taken.length > 0) {
      engine.showErrors(taken);
      return setAlert(strings.ui.fixErrors);
    }
    const honeypot = (root.current?.elements.namedItem(HONEYPOT_FIELD) as HTMLInputElement | null)?.value ?? '';
    const paid = await card.confirm(engine.values);
    if (paid.kind === 'failed') return setAlert(paid.message);
    const extras = { formId, ...visitExtras({ locationId, fingerprint: fingerprint.current, notrack: props.notrack, sticky: form.stickyContact }) };
    await submit({ ...engine.values, ...extras, ...(paid.kind === 'card' ? paid.extras : {}) }, engine.files, honeypot);
  };

  if (done?.kind === 'thank-you') {
    // On its own page the form's heading field is the page's h1: it stays for screen readers when the fields go.
    const heading = props.element ? undefined : form.fields.find((f) => f.type === 'h1' && f.label);
    return (
      <FocusedEnd className="ef-form ef-form--done" style={formCssVars(form) as CSSProperties} data={{ 'data-form-state': 'done' }}>
        {heading && <h1 className="ef-sr-only">{heading.label}</h1>}
        <p className="ef-thank-you">{done.text}</p>
      </FocusedEnd>
    );
  }
  const busy = state.kind === 'sending' || done?.kind === 'redirect';
  return (
    <form
      ref={root}
      className={`ef-form${isInlineLayout(form.layout) ? ' ef-form--inline' : ''}`}
      style={formCssVars(form) as CSSProperties}
      method="post"
      action={props.action}
      encType="multipart/form-data"
      noValidate
      onSubmit={onSubmit}
      data-form-id={formId}
      data-form-state={state.kind}
      aria-busy={busy || undefined}
    >
      {form.customStyle && <style>{form.customStyle}</style>}
      <StickyContactHelp
        sticky={form.stickyContact}
        locationId={locationId}
        fields={form.fields}
        query={props.query}
        country={props.country}
        values={engine.values}
        setValue={engine.setValue}
        strings={strings.ui}
      />
      <FormFields
        fields={form.fields}
        values={engine.values}
        files={engine.files}
        errors={engine.errors}
        onChange={engine.setValue}
        onFiles={engine.setFiles}
        env={env}
        idPrefix={`ef-${formId}`}
      />
      <Honeypot label={strings.ui.honeypot} />
      <input type="hidden" name={FORM_TOKEN_FIELD} value={props.plainToken ?? props.token} />
      {props.idempotencyKey && <input type="hidden" name={IDEMPOTENCY_FIELD} value={props.idempotencyKey} />}
      {alert && (
        <p className="ef-alert" role="alert" lang={uiLang}>
          {alert}
        </p>
      )}
      {state.kind === 'pending' && (
        <p className="ef-pending" role="status" data-testid="form-pending">
          {strings.ui.pending}
        </p>
      )}
      <SubmitButton form={form} busy={busy || state.kind === 'pending'} strings={strings} />
      <Branding on={form.style.ac_branding} company={form.company} label={strings.ui.poweredBy} />
    </form>
  );
}
