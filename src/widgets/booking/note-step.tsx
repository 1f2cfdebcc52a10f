/** Step 3: thank you, with an optional note; Submit stays disabled while it is empty, Skip moves on. */
import { useEffect, useId, useRef, useState } from 'react';
import { callApi, refusalText } from '../../client/api';
import { bookingRoutes } from '../../schemas/calls/booking-routes';
import type { BookingMessages } from './messages';
import { bookedTitle, RequestNote } from './request-note';
import type { BookingCalendar } from './types';

export interface NoteStepProps {
  messages: BookingMessages;
  appointmentId: string;
  /** The appointment's manage token, from the booking's answer. */
  token: string;
  onDone: () => void;
  calendar: Pick<BookingCalendar, 'requestContact'>;
}

export function NoteStep({ messages: m, appointmentId, token, onDone, calendar }: NoteStepProps) {
  const id = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const [note, setNote] = useState('');
  const [sending, setSending] = useState(false);
  const [error, setError] = useState('');
  useEffect(() => heading.current?.focus(), []);

  async function submit() {
    setSending(true);
    setError('');
    const answer = await callApi(bookingRoutes.note, { params: { appointmentId }, json: { notes: note.trim(), token } });
    if (answer.kind === 'ok') return onDone();
    setError(refusalText(answer, m.unableToSchedule));
    setSending(false);
  }

  return (
    <section className="ef-booking__note" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} ref={heading} tabIndex={-1}>
        {bookedTitle(m, calendar)}
      </h2>
      <RequestNote messages={m} calendar={calendar} />
      <label htmlFor={`${id}-note`}>{m.additionalInfo}</label>
      <textarea
        id={`${id}-note`}
        rows={4}
        value={note}
        onChange={(e) => setNote(e.target.value)}
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
        maxLength={5000}
      />
      <p id={`${id}-hint`} className="ef-booking__hint">
        {m.noteHint}
      </p>
      {error && (
        <p id={`${id}-error`} className="ef-booking__error" role="alert">
          {error}
        </p>
      )}
      <div className="ef-booking__actions">
        <button type="button" className="ef-booking__secondary" onClick={onDone} disabled={sending}>
          {m.skip}
        </button>
        <button type="button" className="ef-booking__primary" onClick={submit} disabled={note.trim() === '' || sending}>
          {m.submit}
        </button>
      </div>
    </section>
  );
}
