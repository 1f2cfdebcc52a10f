/**
 * Cancelling an appointment (requirements WIDGET-ROUTES, WIDGET-STATES): a required reason, then 'Your meeting has
 * been cancelled.'. The popup variant is titled Cancel Booking, shows the start and end
 * time, and ends on a Thank You step. A failed call stops the busy state and says why.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { postCloseWindow } from '../embed/protocol';
import { callApi, refusalText } from '../../client/api';
import { fillTemplate } from '../../lib/template';
import { bookingRoutes } from '../../schemas/calls/booking-routes';
import { longDate, slotTime, zoneName } from './format';
import type { BookingMessages } from './messages';
import { partLanguage } from '../../lib/i18n/languages';
import { PopupHeader } from './popup-header';
import { FocusedEnd } from '../end-screen';

export interface CancelWidgetProps {
  messages: BookingMessages;
  lang: string;
  /** The seller's language, the page's `<html lang>` (requirements ELEMENTS-5). */
  contentLang?: string;
  use24h: boolean;
  popup: boolean;
  appointment: { id: string; token: string; startTime: string; endTime: string; zone: string; cancelled: boolean; calendarName: string };
}

type Stage = 'reason' | 'cancelled' | 'thanks';

export default function CancelWidget({ messages: m, lang, contentLang, use24h, popup, appointment }: CancelWidgetProps) {
  const id = useId();
  const [stage, setStage] = useState<Stage>(appointment.cancelled ? 'cancelled' : 'reason');
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const field = useRef<HTMLTextAreaElement>(null);
  // A reason typed before the island hydrated is kept.
  useEffect(() => {
    if (field.current?.value) setReason(field.current.value);
  }, []);
  // The page's own heading, unless the popup's header already is the page's h1.
  const Heading = popup ? 'h2' : 'h1';
  const when = `${longDate(appointment.startTime.slice(0, 10), lang)}, ${fillTemplate(m.appointmentTime, { start: slotTime(appointment.startTime, use24h, lang), end: slotTime(appointment.endTime, use24h, lang) })} (${zoneName(appointment.zone)})`;

  async function cancel() {
    setBusy(true);
    setError('');
    const answer = await callApi(bookingRoutes.cancel, { params: { id: appointment.id }, json: { reason: reason.trim(), token: appointment.token } });
    setBusy(false);
    if (answer.kind === 'ok') setStage('cancelled');
    else setError(refusalText(answer, m.unableToFindCalendar));
  }

  return (
    <div className="ef-booking ef-booking--cancel" data-stage={stage} lang={partLanguage(lang, contentLang ?? lang)}>
      {popup && <PopupHeader title={stage === 'thanks' ? m.popupThankYou : m.cancelTitle} messages={m} onClose={() => postCloseWindow()} />}
      {stage === 'reason' && (
        <section className="ef-booking__note" aria-labelledby={`${id}-title`}>
          <Heading id={`${id}-title`} className="ef-booking__title">
            {m.cancelTitle}
          </Heading>
          <p>
            <strong>{appointment.calendarName}</strong>
            <br />
            <span data-testid="cancel-when">{when}</span>
          </p>
          <label htmlFor={`${id}-reason`}>
            {m.cancelReason} <span aria-hidden="true">*</span>
          </label>
          <textarea
            ref={field}
            id={`${id}-reason`}
            rows={4}
            required
            aria-required="true"
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
            maxLength={2000}
          />
          <p id={`${id}-hint`} className="ef-booking__hint">
            {m.cancelReasonHint}
          </p>
          {error && (
            <p id={`${id}-error`} className="ef-booking__error" role="alert">
              {error}
            </p>
          )}
          <p className="ef-booking__status" role="status">
            {busy ? m.cancelling : ''}
          </p>
          <div className="ef-booking__actions">
            <button type="button" className="ef-booking__primary" disabled={reason.trim() === '' || busy} onClick={cancel}>
              {m.cancelButton}
            </button>
          </div>
        </section>
      )}
      {stage !== 'reason' && (
        <FocusedEnd key={stage} className="ef-booking__done" data={{ 'data-testid': 'cancel-end' }}>
          <Heading className="ef-booking__title">{stage === 'thanks' ? m.thankYou : m.cancelled}</Heading>
          {stage === 'cancelled' && popup && (
            <button type="button" className="ef-booking__primary" onClick={() => setStage('thanks')}>
              {m.cancelNext}
            </button>
          )}
        </FocusedEnd>
      )}
    </div>
  );
}
