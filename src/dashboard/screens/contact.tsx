/**
 * A contact's page: its details and attribution, a timeline of its submissions (with their
 * answers), bookings and orders, its consent records, its files (each a signed link from the
 * privacy export) and erasing it after a confirmation that names what goes. Reads
 * GET /admin/v1/contacts/{id} and /export; erases with DELETE /admin/v1/contacts/{id}.
 */
import { useState } from 'react';
import { useDashboard } from '../context';
import { formatTime } from '../format';
import { ConfirmButton, errorText, LoadState, Notice, useLoad, type NoticeText } from '../ui';
import { type ActivityItem, Attribution, type ContactFile, FileList, Timeline } from './contact-parts';
import type { ScreenProps } from './index';

interface ContactRecord {
  contact: Record<string, unknown> & { id: string; name: string; email: string; phone: string; locationId: string; createdAt: string };
  activity: ActivityItem[];
  consents: { id: string; text: string; checks: { field: string; label: string; checked: boolean }[]; created_at: number | string; page_url?: string | null }[];
}

interface ContactExport {
  erased: boolean;
  files: ContactFile[];
}

export default function Contact({ id }: ScreenProps) {
  const { t, api, lang, zoneOf } = useDashboard();
  const [notice, setNotice] = useState<NoticeText | null>(null);
  const path = `/contacts/${encodeURIComponent(id)}`;
  const [loaded, reload] = useLoad(() => Promise.all([api.get<ContactRecord>(path), api.get<ContactExport>(`${path}/export`)]), [id]);

  return (
    <>
      <p>
        <a href="/admin/leads">{t('backToLeads')}</a>
      </p>
      <LoadState loaded={loaded}>
        {([record, exported]) => {
          const { contact } = record;
          const zone = zoneOf(contact.locationId);
          const counts = {
            submissions: record.activity.filter((a) => a.type === 'submission').length,
            appointments: record.activity.filter((a) => a.type === 'appointment').length,
            orders: record.activity.filter((a) => a.type === 'order').length,
            files: exported.files.length,
            consents: record.consents.length,
          };
          return (
            <>
              <h1>{contact.name || contact.email || contact.phone || contact.id}</h1>
              {exported.erased && <p className="badge">{t('erasedBadge')}</p>}
              <dl className="details">
                <dt>{t('email')}</dt>
                <dd>{contact.email}</dd>
                <dt>{t('phone')}</dt>
                <dd>{contact.phone}</dd>
                <dt>{t('source')}</dt>
                <dd>{String(contact.source ?? '')}</dd>
                <dt>{t('created')}</dt>
                <dd>{formatTime(contact.createdAt, zone, lang)}</dd>
              </dl>
              <Attribution contact={contact} zone={zone} />
              <h2>{t('timeline')}</h2>
              <Timeline items={record.activity} zone={zone} contact={contact} />
              <h2>{t('files')}</h2>
              <FileList files={exported.files} />
              <h2>{t('consents')}</h2>
              {record.consents.length === 0 ? (
                <p>{t('noConsents')}</p>
              ) : (
                <ul className="consents">
                  {record.consents.map((consent) => (
                    <li key={consent.id}>
                      <p>{formatTime(typeof consent.created_at === 'number' ? consent.created_at : String(consent.created_at), zone, lang)}</p>
                      <p className="quote">{consent.text}</p>
                      <ul>
                        {consent.checks.map((check) => (
                          <li key={check.field}>
                            {check.label}: {check.checked ? t('checked') : t('notChecked')}
                          </li>
                        ))}
                      </ul>
                    </li>
                  ))}
                </ul>
              )}
              <h2>{t('privacy')}</h2>
              <Notice notice={notice} />
              <ConfirmButton
                danger
                label={t('eraseContact')}
                title={t('eraseTitle', { name: contact.name || contact.email || contact.id })}
                confirmLabel={t('eraseConfirm')}
                onConfirm={async () => {
                  try {
                    const result = await api.send<{ files_deleted: number }>('DELETE', path);
                    setNotice({ kind: 'ok', text: t('erased', { files: result.files_deleted }) });
                    reload();
                  } catch (error) {
                    setNotice({ kind: 'error', text: errorText(error) });
                  }
                }}
              >
                <p>{t('eraseWhat', { name: contact.name || contact.id, email: contact.email || '–', phone: contact.phone || '–' })}</p>
                <ul>
                  <li>{t('eraseSubmissions', { count: counts.submissions })}</li>
                  <li>{t('eraseAppointments', { count: counts.appointments })}</li>
                  <li>{t('eraseOrders', { count: counts.orders })}</li>
                  <li>{t('eraseFiles', { count: counts.files })}</li>
                  <li>{t('eraseConsents', { count: counts.consents })}</li>
                </ul>
                <p>{t('eraseKept')}</p>
              </ConfirmButton>
            </>
          );
        }}
      </LoadState>
    </>
  );
}
