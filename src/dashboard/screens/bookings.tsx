/**
 * Bookings: a calendar's appointments, upcoming or past (GET /admin/v1/calendars/{id}/appointments),
 * in the location's zone; the seller cancels one with a reason (POST /admin/v1/appointments/{id}/cancel)
 * or opens its reschedule link.
 */
import { useId, useState } from 'react';
import { query } from '../api';
import { useDashboard } from '../context';
import { formatTime } from '../format';
import type { Page, Person } from '../types';
import { ConfirmButton, errorText, Notice, Select, useLoad, type NoticeText } from '../ui';
import { PagedTable, useCursors } from '../tables';
import type { ScreenProps } from './index';

interface AppointmentItem {
  id: string;
  calendarId: string;
  locationId: string;
  contactId: string | null;
  contact: Person;
  status: string;
  startTime: string;
  notes: string;
  rescheduleUrl: string | null;
}

function CancelAppointment({ item, onDone }: { item: AppointmentItem; onDone: (text: string, failed?: boolean) => void }) {
  const { t, api } = useDashboard();
  const [reason, setReason] = useState('');
  const reasonId = useId();
  return (
    <ConfirmButton
      danger
      label={t('cancelBooking')}
      title={t('cancelBookingTitle', { name: item.contact.name || item.contact.email || item.id })}
      confirmLabel={t('cancelBookingConfirm')}
      onConfirm={async () => {
        try {
          await api.send('POST', `/appointments/${encodeURIComponent(item.id)}/cancel`, { reason });
          onDone(t('bookingCancelled'));
        } catch (error) {
          onDone(errorText(error), true);
        }
      }}
    >
      <div className="field">
        <label htmlFor={reasonId}>{t('cancelReason')}</label>
        <textarea id={reasonId} value={reason} required onChange={(event) => setReason(event.target.value)} />
      </div>
    </ConfirmButton>
  );
}

export default function Bookings(_: ScreenProps) {
  const { t, api, catalog, lang, zoneOf } = useDashboard();
  const calendars = catalog?.calendars ?? [];
  const [chosen, setChosen] = useState('');
  const calendarId = chosen || calendars[0]?.id || '';
  const [when, setWhen] = useState<'upcoming' | 'past'>('upcoming');
  const pages = useCursors();
  const { cursor } = pages;
  const [notice, setNotice] = useState<NoticeText | null>(null);
  const [loaded, reload] = useLoad(
    () =>
      calendarId
        ? api.get<Page<AppointmentItem>>(`/calendars/${encodeURIComponent(calendarId)}/appointments${query({ when, cursor, limit: 50 })}`)
        : Promise.resolve({ items: [], next_cursor: null }),
    [calendarId, when, cursor],
  );
  const calendar = calendars.find((c) => c.id === calendarId);
  const zone = zoneOf(calendar?.locationId);

  return (
    <>
      <h1>{t('title_bookings')}</h1>
      {catalog && calendars.length === 0 && <p>{t('noCalendars')}</p>}
      <div className="filters">
        <Select
          id="bookings-calendar"
          label={t('calendar')}
          value={calendarId}
          options={calendars.map((c) => [c.id, c.name] as const)}
          onChange={(value) => {
            setChosen(value);
            pages.first();
          }}
        />
        <fieldset className="segmented">
          <legend>{t('show')}</legend>
          {(['upcoming', 'past'] as const).map((value) => (
            <label key={value}>
              <input
                type="radio"
                name="when"
                value={value}
                checked={when === value}
                onChange={() => {
                  setWhen(value);
                  pages.first();
                }}
              />
              {t(value)}
            </label>
          ))}
        </fieldset>
      </div>
      <Notice notice={notice} />
      <PagedTable
        loaded={loaded}
        cursors={pages}
        label={t('title_bookings')}
        caption={t(when === 'upcoming' ? 'upcomingCaption' : 'pastCaption', { calendar: calendar?.name ?? '' })}
        columns={[t('when'), t('contact'), t('status'), t('notes'), t('actions')]}
        empty={t('noBookings')}
        row={(item) => (
          <tr key={item.id}>
            <th scope="row">{formatTime(item.startTime, zone, lang)}</th>
            <td>{item.contactId ? <a href={`/admin/leads/${encodeURIComponent(item.contactId)}`}>{item.contact.name || item.contact.email}</a> : '–'}</td>
            <td>{t(`status_${item.status}`)}</td>
            <td>{item.notes}</td>
            <td className="actions">
              {item.rescheduleUrl && (
                <a href={item.rescheduleUrl} target="_blank" rel="noopener noreferrer">
                  {t('reschedule')}
                </a>
              )}
              {item.status !== 'cancelled' && (
                <CancelAppointment
                  item={item}
                  onDone={(text, failed) => {
                    setNotice({ kind: failed ? 'error' : 'ok', text });
                    if (!failed) reload();
                  }}
                />
              )}
            </td>
          </tr>
        )}
      />
    </>
  );
}
