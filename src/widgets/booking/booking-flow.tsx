/**
 * The booking flow, once the visitor's zone is known. Its state is an explicit step: pick
 * a date and time, enter the contact details (and card), add a note, confirmed. With an
 * event to reschedule, step 1 leads straight to the confirmation.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { callApi, refusalText } from '../../client/api';
import { appointmentLinks } from '../../lib/appointment-links';
import { redirectTarget } from '../../lib/links';
import { fillMergeUrl } from '../../lib/merge-fields';
import { firstOfMonth } from '../../lib/time/calendar-month';
import { todayIn } from '../../lib/time/today';
import { partLanguage } from '../../lib/i18n/languages';
import { guessTimeZone } from '../../lib/time/zones';
import { type BookedAppointment, type BookingAnswer, bookingRoutes } from '../../schemas/calls/booking-routes';
import { postBookingComplete, postCloseWindow, redirectTop } from '../embed/protocol';
import { rememberAppointment, rememberContact } from '../form/sticky-contact';
import { keepVisit } from '../form/visit-extras';
import { trackWidgetView, visitorFingerprint } from '../form/widget-tracking';
import { LazyPartView, LoadFailed, lazyPart } from '../lazy-part';
import { Confirmation } from './confirmation';
import type { ContactStepProps } from './contact-step';
import { DateStep, type Picker } from './date-step';
import { NoteStep } from './note-step';
import { FAILED_CLASSES } from './part-failed';
import { PopupHeader } from './popup-header';
import type { BookingWidgetProps } from './types';
import { reportBookingError } from './report-booking-error';
import { useSlots } from './use-slots';

/**
 * The contact step and the form engine it draws with are their own chunk: a page with a
 * booking calendar loads them when the visitor reaches for the widget (pointer, touch or
 * focus in it), not with the calendar.
 */
const contactStep = lazyPart(
  () => import('./contact-step'),
  (module) => module.ContactStep,
);

const REACHING = ['pointerover', 'touchstart', 'focusin'] as const;

type Step =
  | { name: 'date' }
  | { name: 'contact'; slot: string }
  | { name: 'note'; appointment: BookedAppointment; token: string }
  | { name: 'done'; appointment: BookedAppointment; token: string; rescheduled: boolean };

/** The zone the widget must show, whatever the browser's: the calendar fixes it, or the event being rescheduled has one; else null. */
export function givenZone(props: Pick<BookingWidgetProps, 'settings' | 'event'>): string | null {
  return props.settings.fixedZone ?? props.event?.selectedTimezone ?? null;
}

/** The widget's own `lang`: the interface's, when the page around it is in another (requirements ELEMENTS-5). */
export function widgetLanguage(props: { lang: string; contentLang?: string | undefined }): string | undefined {
  return partLanguage(props.lang, props.contentLang ?? props.lang);
}

const newPicker = (today: string): Picker => ({ month: firstOfMonth(today), focused: today, date: null, slot: null, autoPick: true });

export function BookingFlow(props: BookingWidgetProps & { initialZone: string }) {
  const { messages: m, settings, calendars, event, prerendered } = props;
  // A prerendered flow starts at the render's clock, so it hydrates as rendered.
  const [now, setNow] = useState(() => prerendered?.now ?? Date.now());
  const [zone, setZone] = useState(props.initialZone);
  const [calendarId, setCalendarId] = useState(event?.calendarId ?? calendars[0]?.id ?? '');
  const calendar = calendars.find((c) => c.id === calendarId) ?? calendars[0];
  const today = useMemo(() => todayIn(zone, now), [zone, now]);
  const [picker, setPicker] = useState(() => newPicker(today));
  const [slotsVersion, setSlotsVersion] = useState(0);
  // A flow woken from a page's render is not awake until its first effect moves it to the visitor's clock and zone (below).
  const [awake, setAwake] = useState(!prerendered);
  // A team calendar's member: the link's (user_id), else the visitor's choice; '' is anyone free.
  const [member, setMember] = useState(settings.userId ?? '');
  const slots = useSlots(calendar?.id ?? '', picker.month, zone, slotsVersion, prerendered, awake, calendar?.team ? member : '');
  const [step, setStep] = useState<Step>({ name: 'date' });
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  /** The visitor came back to the dates from another step (their heading then takes the focus). */
  const [returned, setReturned] = useState(false);

  const changeZone = (next: string) => {
    setZone(next);
    setPicker((current) => ({ ...current, date: null, slot: null, autoPick: true }));
  };

  // Woken from the page's render: the clock moves on to now, and the zone to the browser's
  // guess when the edge placed the visitor elsewhere ("the default timezone is the guessed one").
  // Until then no day is picked for the visitor: with nothing chosen and the month the render's,
  // the picker starts again at today in that zone (the render's month can be another one: the
  // edge's zone is past midnight or not yet, or the page's copy is from an earlier day). A day
  // or month the visitor already chose (the tap that woke the island can be handled first)
  // stays, with its times in the new zone.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once when the island mounts.
  useEffect(() => {
    if (!prerendered) return;
    const woke = Date.now();
    const next = givenZone(props) ?? guessTimeZone();
    setNow(woke);
    setZone(next);
    const untouched = (current: Picker) => current.autoPick && current.month === picker.month;
    setPicker((current) => (untouched(current) ? newPicker(todayIn(next, woke)) : next === zone ? current : { ...current, slot: null }));
    setAwake(true);
  }, []);

  const fingerprint = useRef('');
  // biome-ignore lint/correctness/useExhaustiveDependencies: the visit is recorded once, for the calendar shown first.
  useEffect(() => {
    fingerprint.current = visitorFingerprint(settings.notrack);
    const first = calendars[0];
    if (!settings.notrack && first)
      trackWidgetView(
        { kind: 'calendar', id: first.id, name: first.name, locationId: first.locationId, pixelId: first.pixelId, pageViewEvent: '' },
        fingerprint.current,
      );
  }, []);

  // A visitor reaching for the widget (pointer, touch, focus) is about to pick a time, and the
  // contact step comes next: its chunk starts loading then. Rescheduling never shows it.
  const root = useRef<HTMLDivElement>(null);
  const onDates = step.name === 'date';
  useEffect(() => {
    const element = root.current;
    if (!element || !onDates || event) return;
    const want = () => contactStep.preload();
    for (const kind of REACHING) element.addEventListener(kind, want, { passive: true });
    return () => {
      for (const kind of REACHING) element.removeEventListener(kind, want);
    };
  }, [onDates, event]);

  if (!calendar) return <p className="ef-booking__error">{m.cannotFindCalendar}</p>;

  const backToDates = (message: string | null) => {
    setReturned(true);
    setError(message);
    setStep({ name: 'date' });
    if (message) setSlotsVersion((v) => v + 1);
  };

  const onSlot = async (slot: string) => {
    setError(null);
    if (!event) return setStep({ name: 'contact', slot });
    setBusy(m.rescheduling);
    const answer = await callApi(bookingRoutes.reschedule, {
      json: { event_id: event.id, selected_slot: slot, timezone: zone, calendar_id: calendar.id, token: event.token },
    });
    setBusy(null);
    if (answer.kind === 'ok') setStep({ name: 'done', appointment: answer.body.appointment, token: event.token, rescheduled: true });
    else backToDates(refusalText(answer, m.unableToSchedule));
  };

  const onBooked = (answer: BookingAnswer, contact: Record<string, string>) => {
    const next: Step = { name: 'note', appointment: answer.appointment, token: answer.manage_token };
    try {
      afterBooked(answer, contact, next);
    } catch (error) {
      // The booking stands; what failed is the widget's own work after it: reported, and the visitor goes on (requirements WIDGET-ROWS).
      reportBookingError(answer, contact, error);
      setStep(next);
    }
  };

  const afterBooked = (answer: BookingAnswer, contact: Record<string, string>, next: Step) => {
    if (calendar.stickyContact) rememberContact(calendar.locationId, { ...contact, id: answer.contactId, sticky_token: answer.contactToken });
    keepVisit({ locationId: calendar.locationId, notrack: settings.notrack }, answer as unknown as Record<string, unknown>);
    const links = appointmentLinks(props.origin, calendar.id, answer.id, answer.manage_token);
    rememberAppointment(calendar.locationId, {
      id: answer.id,
      start_time: answer.appointment.start_time,
      end_time: answer.appointment.end_time,
      timezone: answer.appointment.selected_timezone,
      add_to_calendar: links.google,
      ical_link: links.ics,
    });
    postBookingComplete(answer.fingerprint, calendar.id);
    if (!settings.redirect) return setStep(next);
    const url = answer.calendarThankYouUrl
      ? redirectTarget(
          fillMergeUrl(answer.calendarThankYouUrl, {
            now: new Date(),
            contact: { ...contact, appointment_id: answer.id, start_time: answer.appointment.start_time },
          }),
        )
      : null;
    if (url) return redirectTop(url);
    if (settings.inline) document.dispatchEvent(new CustomEvent('booking:submit', { detail: { appointmentId: answer.id, calendarId: calendar.id } }));
    setStep(next);
  };

  const popupTitle = { date: event ? m.popupReschedule : m.popupRequestForm, contact: m.popupRequestForm, note: m.popupRequested, done: m.popupThankYou }[
    step.name
  ];

  return (
    <div
      className="ef-booking"
      lang={widgetLanguage(props)}
      data-step={step.name}
      // The calendar's event colour (one of the palette of 11) edges the widget; the accent is the seller's ?color.
      style={{ '--ef-event': calendar.eventColor, ...(settings.color ? { '--ef-accent': settings.color } : {}) } as React.CSSProperties}
      data-event-color={calendar.eventColor}
      ref={root}
    >
      {settings.popup && <PopupHeader title={popupTitle} messages={m} onClose={() => postCloseWindow()} />}
      {step.name === 'date' && (
        <DateStep
          lang={props.lang}
          messages={m}
          settings={settings}
          calendars={calendars}
          calendar={calendar}
          zone={zone}
          today={today}
          now={now}
          picker={picker}
          awake={awake}
          slots={slots}
          busy={busy}
          error={error}
          onPicker={setPicker}
          onZone={changeZone}
          onCalendar={(id) => {
            setCalendarId(id);
            setMember(settings.userId ?? '');
            setPicker(newPicker(today));
          }}
          member={member}
          offerMembers={!!calendar.team?.choice && !settings.userId && !event}
          onMember={(id) => {
            setMember(id);
            setPicker((current) => ({ ...current, date: null, slot: null, autoPick: true }));
          }}
          onConfirm={onSlot}
          takeFocus={returned}
        />
      )}
      {step.name === 'contact' && (
        <LazyPartView
          part={contactStep}
          props={
            {
              lang: props.lang,
              messages: m,
              formStrings: props.formStrings,
              settings,
              calendar,
              slot: step.slot,
              zone,
              userId: calendar.team ? member : '',
              fingerprint: fingerprint.current,
              onBack: backToDates,
              onBooked,
            } satisfies ContactStepProps
          }
          loading={
            <p className="ef-booking__status" role="status">
              {m.contactLoading}
            </p>
          }
          failed={(retry) => (
            <LoadFailed
              message={m.contactLoadError}
              retryLabel={m.tryAgain}
              retry={retry}
              classes={{ ...FAILED_CLASSES, button: 'ef-booking__primary' }}
              focusRetry
            >
              <button type="button" className="ef-booking__link" onClick={() => backToDates(null)}>
                {m.backToCalendar}
              </button>
            </LoadFailed>
          )}
        />
      )}
      {step.name === 'note' && (
        <NoteStep
          messages={m}
          appointmentId={step.appointment.id}
          token={step.token}
          calendar={calendar}
          onDone={() => setStep({ name: 'done', appointment: step.appointment, token: step.token, rescheduled: false })}
        />
      )}
      {step.name === 'done' && (
        <Confirmation
          messages={m}
          lang={props.lang}
          use24h={settings.use24h}
          origin={props.origin}
          calendar={calendar}
          appointment={step.appointment}
          token={step.token}
          rescheduled={step.rescheduled}
        />
      )}
    </div>
  );
}
