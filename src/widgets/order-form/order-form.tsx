/**
 * The order form island (requirements ROUTES, PAGE-STATES): two steps (contact opt-in, then product choice
 * and card payment, with a back link) or one step (all on one screen). The contact fields
 * are the form engine's, validated by its shared rules on every change and on submit;
 * nothing is sent while errors exist. Stripe.js loads only once the card step is shown.
 */
import { useLayoutEffect, useMemo, useRef, useState } from 'react';
import { readFunnelContext } from '../../client/context';
import { fillTemplate } from '../../lib/template';
import { trackPixelEvent } from '../../client/pixel';
import { FormFields } from '../form/form-fields';
import { initialValues } from '../form/initial-values';
import { rememberContact, rememberedContact } from '../form/sticky-contact';
import { StickyContactHelp } from '../form/sticky-help';
import { stickyClaim } from '../form/visit-extras';
import { expandFormStrings } from '../form/strings';
import { typedBeforeHydration } from '../form/typed-values';
import type { FieldEnv } from '../form/types';
import { useFormEngine } from '../form/use-form-engine';
import { eventData, funnelEventData, visitorFingerprint } from '../form/widget-tracking';
import { CardStep } from './card-step';
import { consentField, contactFields, isTicked } from './contact-fields';
import type { OptinAnswer } from '../../schemas/calls/funnel-routes';
import { optIn } from './opt-in';
import { ProductStep } from './product-step';
import type { OrderFormProps } from './types';
import { useCard } from './use-card';
import { useCheckout, type Visit } from './use-checkout';
import { useProducts } from './use-products';

type VisitBase = Omit<Visit, 'sessionId' | 'sessionFingerprint'> & { funnelName: string };

export default function OrderForm(form: OrderFormProps) {
  const { id, strings, step1, step2 } = form;
  const formStrings = useMemo(() => expandFormStrings(form.formStrings), [form.formStrings]);
  const twoStep = form.layout === 'two-step';
  const [step, setStep] = useState<1 | 2>(1);
  const [visit, setVisit] = useState<VisitBase | null>(null);
  const [optin, setOptin] = useState<OptinAnswer | null>(null);
  const [sending, setSending] = useState(false);
  const [postalCode, setPostalCode] = useState('');
  const root = useRef<HTMLFormElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const cardMount = useRef<HTMLDivElement>(null);
  const fields = useMemo(() => contactFields(step1, strings.fields), [step1, strings.fields]);
  // What the server renders too: the fields' own defaults (the location's country), nothing of the visitor's yet.
  const defaults = useMemo(() => initialValues(fields, new URLSearchParams(), {}, form.country), [fields, form.country]);
  const engine = useFormEngine({ fields, initialValues: defaults, mode: 'funnel', country: form.country, today: '', turnstile: false }, root);
  // The payment step's terms box (issue 27): its own engine, checked before paying.
  const termsFields = useMemo(
    () => (step2.termsText ? [consentField('terms', strings.fields.terms, step2.termsText, true)] : []),
    [step2.termsText, strings.fields.terms],
  );
  const terms = useFormEngine({ fields: termsFields, initialValues: {}, mode: 'funnel', country: form.country, today: '', turnstile: false }, root);
  const env: FieldEnv = {
    lang: form.lang,
    uiLang: form.uiLang,
    country: form.country,
    today: '',
    labelsVisible: true,
    strings: formStrings,
    turnstileSiteKey: '',
  };

  // A layout effect, so values typed before hydration (client:interact) are in place before a
  // click that hydrated the island is handled.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once at hydration; the fields and settings never change afterwards.
  useLayoutEffect(() => {
    const context = readFunnelContext(document);
    // Sticky contact: what this visitor gave before, only from this same location.
    const known = form.stickyContact ? rememberedContact(context.locationId) : {};
    // What the visitor typed before the island hydrated (client:interact) wins over prefill.
    engine.reset({ ...initialValues(fields, new URLSearchParams(location.search), known, form.country), ...typedBeforeHydration(root.current, fields) });
    setVisit({
      funnelId: context.funnelId,
      stepId: context.stepId,
      pageId: context.pageId,
      locationId: context.locationId,
      nextStepUrl: context.nextStepUrl,
      fingerprint: visitorFingerprint(context.notrack),
      eventData: eventData(),
      funnelName: form.funnelName,
    });
  }, []);

  const cardStepShown = visit !== null && (!twoStep || step === 2);
  const card = useCard(form.publishableKey, cardStepShown, cardMount);
  const products = useProducts(visit?.funnelId ?? '', visit?.stepId ?? '', form.bumps, strings.productsFailed, form.products);
  const checkout = useCheckout(() => ({ ...(visit as VisitBase), sessionId: optin?.sessionId, sessionFingerprint: optin?.sessionFingerprint }), strings, {
    action: form.saleAction,
    target: form.saleTarget,
  });

  async function submitContact(): Promise<boolean> {
    if (!visit || !(await engine.validate())) return false;
    if (optin) return true;
    setSending(true);
    const answer = await optIn({
      values: engine.values,
      locationId: visit.locationId,
      funnelId: visit.funnelId,
      pageId: visit.pageId,
      funnelName: visit.funnelName,
      fingerprint: visit.fingerprint,
      stickyContact: form.stickyContact,
      forceCreate: form.forceContactCreate,
      validateEmail: form.validateEmail,
      eventData: visit.eventData,
      funneEventData: funnelEventData(),
      ...(step1.consentText ? { consent: { element_id: id, checked: isTicked(engine.values.consent) } } : {}),
      claim: stickyClaim(visit.locationId, form.stickyContact),
    });
    setSending(false);
    if (!answer) return false;
    setOptin(answer);
    if (form.stickyContact) rememberContact(visit.locationId, { ...engine.values, id: answer.contact?.id, sticky_token: answer.contact?.sticky_token });
    trackPixelEvent(window, 'SubmitApplication');
    return true;
  }

  async function onSubmit(event: React.FormEvent) {
    event.preventDefault();
    if (twoStep && step === 1) {
      if (await submitContact()) {
        setStep(2);
        requestAnimationFrame(() => heading.current?.focus());
      }
      return;
    }
    if (!twoStep && !(await submitContact())) return;
    if (termsFields.length > 0 && !(await terms.validate())) return;
    const text = (key: string) => (typeof engine.values[key] === 'string' ? (engine.values[key] as string) : '');
    await checkout.pay({
      ...(termsFields.length > 0 ? { terms: { element_id: id, checked: isTicked(terms.values.terms) } } : {}),
      products: products.chosenProducts,
      billing: { name: text('full_name'), email: text('email').toLowerCase(), phone: text('phone'), postalCode },
      confirm: card.confirm,
    });
  }

  const stepLabel = (n: number) => fillTemplate(strings.stepOf, { step: n, total: 2 });
  // Seller texts (trusted seller HTML; merge fields filled and escaped on the server by ctx.text).
  const sellerHtml = (html: string) => ({ __html: html });
  const contactStep = (
    <div className="ef-order__step" data-order-step="contact">
      {twoStep && <p className="ef-order__progress">{stepLabel(1)}</p>}
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: seller HTML, see sellerHtml */}
      {step1.headline && <h2 className="ef-order__headline" dangerouslySetInnerHTML={sellerHtml(step1.headline)} />}
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: seller HTML, see sellerHtml */}
      {step1.subHeadline && <p className="ef-order__subheadline" dangerouslySetInnerHTML={sellerHtml(step1.subHeadline)} />}
      {/* The note and "Not you? Clear them" of the form and survey widgets, once the page's location is known. */}
      {visit && (
        <StickyContactHelp
          sticky={form.stickyContact}
          locationId={visit.locationId}
          fields={fields}
          query=""
          country={form.country}
          values={engine.values}
          setValue={engine.setValue}
          strings={formStrings.ui}
        />
      )}
      <FormFields
        fields={fields}
        values={engine.values}
        files={engine.files}
        errors={engine.errors}
        onChange={engine.setValue}
        onFiles={engine.setFiles}
        env={env}
        idPrefix={id}
      />
      {twoStep && (
        <button type="submit" className="ef-submit" disabled={sending || !visit} aria-disabled={sending || undefined} data-busy={sending || undefined}>
          {sending && <span className="ef-submit__spinner" aria-hidden="true" />}
          <span>{step1.buttonText || strings.defaults.step1Button}</span>
        </button>
      )}
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: seller HTML, see sellerHtml */}
      {step1.footerText && <p className="ef-order__footer" dangerouslySetInnerHTML={sellerHtml(step1.footerText)} />}
    </div>
  );
  const paymentStep = (
    <div className="ef-order__step" data-order-step="payment">
      {twoStep && <p className="ef-order__progress">{stepLabel(2)}</p>}
      {twoStep && (
        <h2 className="ef-order__headline" ref={heading} tabIndex={-1}>
          {step2.headline}
        </h2>
      )}
      <ProductStep form={form} products={products.state} chosen={products.chosen} chosenProducts={products.chosenProducts} onToggle={products.toggle} />
      {termsFields.length > 0 && (
        <FormFields
          fields={termsFields}
          values={terms.values}
          files={terms.files}
          errors={terms.errors}
          onChange={terms.setValue}
          onFiles={terms.setFiles}
          env={env}
          idPrefix={`${id}-terms`}
        />
      )}
      <CardStep
        form={form}
        cardMount={cardMount}
        cardStatus={card.status}
        cardError={card.cardError}
        onCardClick={card.focus}
        payState={checkout.state}
        error={checkout.error}
        postalCode={postalCode}
        onPostalCode={setPostalCode}
        buttonText={step2.buttonText || (twoStep ? '' : step1.buttonText) || strings.defaults.step2Button}
        contactKept={optin !== null}
        saveContact={!twoStep && optin === null}
        saving={sending}
      />
      {twoStep && (
        <button
          type="button"
          className="ef-order__back"
          onClick={() => setStep(1)}
          disabled={checkout.state.kind !== 'idle' && checkout.state.kind !== 'unavailable'}
        >
          {step2.linkText || strings.defaults.back}
        </button>
      )}
    </div>
  );
  return (
    <form
      ref={root}
      className="ef-form ef-order"
      noValidate
      onSubmit={onSubmit}
      data-order-layout={form.layout}
      data-order-state={checkout.state.kind}
      data-hydrated={visit ? 'true' : undefined}
    >
      {(!twoStep || step === 1) && contactStep}
      {(!twoStep || step === 2) && paymentStep}
    </form>
  );
}
