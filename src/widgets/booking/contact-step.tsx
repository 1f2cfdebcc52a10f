/**
 * Step 2: the contact form of the calendar (its own, or the standard one) drawn by the
 * form engine, and for a paid calendar the card field where the form's payment field is.
 * Reaching this step on a paid calendar holds the slot for ten minutes (./use-slot-hold.ts, with a warning and one extension); going back
 * releases it. Booking: validate with the shared rules, set up the card (setup intent,
 * then Stripe's confirmation), then POST /appointment with the spam-defence fields (a
 * calendar token fetched on mount, the honeypot, the step's idempotency key; an expired or
 * used token is renewed once). Back is disabled while sending.
 */
import { type CSSProperties, useEffect, useMemo, useRef, useState } from 'react';
import { callApi } from '../../client/api';
import { todayIn } from '../../lib/time/today';
import { type BookingAnswer, bookingRoutes } from '../../schemas/calls/booking-routes';
import { FormFields } from '../form/form-fields';
import { formCssVars } from '../form/form-style';
import { initialValues } from '../form/initial-values';
import { rememberedContact } from '../form/sticky-contact';
import { expandFormStrings } from '../form/strings';
import { HONEYPOT_FIELD } from '../../lib/spam-defence';
import { Honeypot } from '../form/form-parts';
import { sendSubmission } from '../form/submit';
import { useSpamDefence } from '../form/use-spam-defence';
import type { FieldEnv, FormStringsDiff } from '../form/types';
import { useFormEngine } from '../form/use-form-engine';
import { StickyContactHelp } from '../form/sticky-help';
import { visitExtras } from '../form/visit-extras';
import type { CardHandle } from './card-field';
import { CardSlot } from './card-slot';
import { HoldNotice } from './hold-notice';
import { useSlotHold } from './use-slot-hold';
import { longDate, slotTime, zoneName } from './format';
import type { BookingMessages } from './messages';
import type { BookingCalendar, BookingSettings } from './types';

export interface ContactStepProps {
  lang: string;
  messages: BookingMessages;
  formStrings: FormStringsDiff;
  settings: BookingSettings;
  calendar: BookingCalendar;
  slot: string;
  zone: string;
  /** A team calendar's member the visitor (or the link) chose; '' lets the server pick by round robin. */
  userId: string;
  /** The visitor's fingerprint cookie value. */
  fingerprint: string;
  /** Back to step 1, with a message when the slot was lost. */
  onBack: (message: string | null) => void;
  onBooked: (answer: BookingAnswer, contact: Record<string, string>) => void;
}

const SLOT_GONE = 409;

export function ContactStep(props: ContactStepProps) {
  const { messages: m, calendar, slot, zone, formStrings } = props;
  const root = useRef<HTMLFormElement>(null);
  const card = useRef<CardHandle>(null);
  const {
    hold,
    held,
    notice,
    error: holdError,
    extend,
    release,
    used,
  } = useSlotHold({
    paid: !!calendar.paid,
    calendarId: calendar.id,
    slot,
    userId: props.userId,
    messages: m,
    onLost: (message) => props.onBack(message),
  });
  const [busy, setBusy] = useState(false);
  const [serverError, setServerError] = useState('');
  const [cardError, setCardError] = useState('');
  // The step replaced the one the focus was in: its heading takes it (and is read out).
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const fields = calendar.form.fields.filter((f) => f.type !== 'submit' && f.active !== false);
  const formFields = fields.filter((f) => f.type !== 'payment');
  const today = todayIn(zone, Date.now());
  const strings = useMemo(() => expandFormStrings(formStrings), [formStrings]);
  const defence = useSpamDefence('calendar', calendar.id);
  const engine = useFormEngine(
    {
      fields: formFields,
      initialValues: initialValues(
        formFields,
        new URLSearchParams(location.search),
        calendar.stickyContact ? rememberedContact(calendar.locationId) : {},
        calendar.country,
      ),
      country: calendar.country,
      today,
      turnstile: !!props.settings.turnstileSiteKey && formFields.some((f) => f.type === 'captcha'),
    },
    root,
  );
  const env: FieldEnv = {
    lang: props.lang,
    country: calendar.country,
    today,
    labelsVisible: calendar.form.formLabelVisible !== false,
    strings,
    turnstileSiteKey: props.settings.turnstileSiteKey,
    onCaptcha: engine.setCaptchaToken,
  };

  const back = () => {
    release();
    props.onBack(null);
  };

  async function onSubmit(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (busy) return;
    setServerError('');
    setCardError('');
    if (!(await engine.validate())) return;
    setBusy(true);
    try {
      const values = engine.values as Record<string, unknown>;
      const payment = calendar.paid ? await confirmCard(values) : {};
      if (payment === null) return;
      const formData = {
        ...values,
        ...payment,
        calendar_id: calendar.id,
        formId: calendar.formId,
        selected_slot: slot,
        selected_timezone: zone,
        ...visitExtras({ locationId: calendar.locationId, fingerprint: props.fingerprint, notrack: props.settings.notrack, sticky: calendar.stickyContact }),
        ...(hold.current ? { hold_id: hold.current.id } : {}),
        ...(props.userId ? { user_id: props.userId } : {}),
      };
      const honeypot = (root.current?.elements.namedItem(HONEYPOT_FIELD) as HTMLInputElement | null)?.value ?? '';
      const send = async (renew: boolean) =>
        sendSubmission({ call: 'appointment', formData: { ...formData, ...(await defence(honeypot, renew)) }, files: engine.files });
      let outcome = await send(false);
      if (outcome.kind === 'refused' && outcome.reason?.startsWith('token_')) outcome = await send(true);
      if (outcome.kind === 'ok') {
        used();
        const contact = Object.fromEntries(Object.entries(values).filter(([, v]) => typeof v === 'string')) as Record<string, string>;
        return props.onBooked(outcome.body as unknown as BookingAnswer, contact);
      }
      if (outcome.kind === 'offline') return setServerError(m.unableToSchedule);
      if (outcome.status === SLOT_GONE && !outcome.msg.includes('card')) return props.onBack(outcome.msg || m.unableToSchedule);
      if (outcome.errors.length) engine.showErrors(outcome.errors);
      if (outcome.status === 402) setCardError(outcome.msg);
      else setServerError(outcome.msg || m.unableToSchedule);
    } finally {
      setBusy(false);
    }
  }

  /** The card setup: a setup intent for this calendar, confirmed with the card. Null when it failed (the error is shown). */
  async function confirmCard(values: Record<string, unknown>): Promise<Record<string, unknown> | null> {
    const intent = await callApi(bookingRoutes.setupIntent, { json: { locationId: calendar.locationId, calendar_id: calendar.id } });
    const secret = intent.kind === 'ok' ? intent.body.client_secret : undefined;
    if (!secret) {
      setServerError(m.paymentSetupError);
      return null;
    }
    try {
      const name = [values.first_name, values.last_name].filter((x) => typeof x === 'string' && x).join(' ');
      const email = typeof values.email === 'string' ? values.email : undefined;
      const paymentMethodId = await card.current?.confirm(secret, { ...(name ? { name } : {}), ...(email ? { email } : {}) });
      if (!paymentMethodId) throw new Error(m.cardLoadError);
      return { stripePaymentResult: { paymentMethodId, client_secret: secret } };
    } catch (err) {
      setCardError((err as Error).message || m.paymentError);
      return null;
    }
  }

  const paymentAt = fields.findIndex((f) => f.type === 'payment');
  const before = paymentAt < 0 ? formFields : fields.slice(0, paymentAt);
  const after = paymentAt < 0 ? [] : fields.slice(paymentAt + 1);
  const fieldProps = {
    values: engine.values,
    files: engine.files,
    errors: engine.errors,
    onChange: engine.setValue,
    onFiles: engine.setFiles,
    env,
    idPrefix: `ef-booking-${calendar.id}`,
  };
  const submitLabel = calendar.form.fields.find((f) => f.type === 'submit')?.label || calendar.form.button?.text || m.bookAppointment;

  return (
    <section className="ef-booking__contact" aria-labelledby="ef-booking-contact-title">
      <div className="ef-booking__summary">
        <button type="button" className="ef-booking__back" onClick={back} disabled={busy} aria-label={m.backToCalendar}>
          ←
        </button>
        <p className="ef-booking__summary-time" data-slot={slot}>
          {slotTime(slot, props.settings.use24h, props.lang)} ({zoneName(zone)})
        </p>
        <p>{calendar.durationLabel}</p>
        <p>{longDate(slot.slice(0, 10), props.lang)}</p>
        {calendar.paid && <p>{calendar.paid.amountLabel}</p>}
      </div>
      <h2 id="ef-booking-contact-title" ref={heading} tabIndex={-1}>
        {m.enterInformation}
      </h2>
      {calendar.paid && held && <HoldNotice notice={notice} error={holdError} messages={m} onExtend={extend} />}
      {serverError && (
        <p className="ef-booking__error" role="alert">
          {serverError}
        </p>
      )}
      {/* The calendar form's own width, style and button (requirements WIDGET-ROWS), not the widget's accent. */}
      <form ref={root} className="ef-form ef-booking__form" style={formCssVars(calendar.form) as CSSProperties} onSubmit={onSubmit} noValidate>
        <StickyContactHelp
          sticky={calendar.stickyContact}
          locationId={calendar.locationId}
          fields={formFields}
          query=""
          country={calendar.country}
          values={engine.values}
          setValue={engine.setValue}
          strings={strings.ui}
        />
        <FormFields fields={before.filter((f) => f.type !== 'payment')} {...fieldProps} />
        {calendar.paid && <CardSlot ref={card} publishableKey={calendar.paid.publishableKey} messages={m} error={cardError} />}
        <FormFields fields={after} {...fieldProps} />
        <Honeypot label={strings.ui.honeypot} />
        <p className="ef-booking__status" role="status">
          {busy ? m.scheduling : ''}
        </p>
        <button type="submit" className="ef-submit" disabled={busy || !held}>
          {submitLabel}
        </button>
      </form>
    </section>
  );
}
