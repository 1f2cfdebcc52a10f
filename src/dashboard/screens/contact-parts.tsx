/** The parts of a contact's page: its timeline, its attribution (first and last touch) and its files. */
import { Fragment } from 'react';
import { TOUCH_FIELDS } from '../../lib/attribution';
import { httpUrl } from '../../lib/http-url';
import { useDashboard } from '../context';
import { formatTime } from '../format';
import { isUrlField, type ShownTouch, sameTouch, touchesOf, touchLabelKey } from '../touch';

export interface ActivityItem {
  type: 'submission' | 'appointment' | 'order';
  id: string;
  createdAt: string;
  [field: string]: unknown;
}

/** An answer as text: lists joined, objects (a file, a signature) by their name or as JSON. */
function answerText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return value.map(answerText).join(', ');
  if (typeof value === 'object') {
    const named = value as { name?: unknown; filename?: unknown };
    return typeof named.filename === 'string' ? named.filename : typeof named.name === 'string' ? named.name : JSON.stringify(value);
  }
  return String(value);
}

type Heading = 'h3' | 'h4';

/** One touch as a description list: when it was taken, then each field it has under its label; URLs wrap and link only when http(s). */
function TouchBlock({ title, touch, zone, heading: Heading }: { title: string; touch: ShownTouch; zone: string; heading: Heading }) {
  const { t, lang } = useDashboard();
  const fields = TOUCH_FIELDS.filter((field) => touch[field] !== undefined && touch[field] !== null && touch[field] !== '');
  const at = typeof touch.at === 'number' ? formatTime(touch.at, zone, lang) : '';
  return (
    <div className="touch">
      <Heading>{title}</Heading>
      <dl className="touch-fields">
        {at && (
          <>
            <dt>{t('touchAt')}</dt>
            <dd>{at}</dd>
          </>
        )}
        {fields.map((field) => {
          const text = String(touch[field]);
          const url = isUrlField(field) ? httpUrl(text) : null;
          return (
            <Fragment key={field}>
              <dt>{t(touchLabelKey(field))}</dt>
              <dd>
                {url ? (
                  <a href={url.href} rel="noopener noreferrer nofollow">
                    {text}
                  </a>
                ) : (
                  text
                )}
              </dd>
            </Fragment>
          );
        })}
      </dl>
    </div>
  );
}

/** The touches to show: one "First and last touch" block when both are the same, else each one there is. */
function Touches({ first, last, zone, heading }: { first: ShownTouch | null; last: ShownTouch | null; zone: string; heading: Heading }) {
  const { t } = useDashboard();
  if (first && last && sameTouch(first, last)) return <TouchBlock title={t('firstAndLastTouch')} touch={first} zone={zone} heading={heading} />;
  return (
    <>
      {first && <TouchBlock title={t('firstTouch')} touch={first} zone={zone} heading={heading} />}
      {last && <TouchBlock title={t('lastTouch')} touch={last} zone={zone} heading={heading} />}
    </>
  );
}

/** The contact's attribution: its first and last touch, under the page's h2. */
export function Attribution({ contact, zone }: { contact: Record<string, unknown>; zone: string }) {
  const { t } = useDashboard();
  const { first, last } = touchesOf(contact);
  return (
    <section className="attribution" aria-labelledby="attribution-heading">
      <h2 id="attribution-heading">{t('attribution')}</h2>
      {first || last ? <Touches first={first} last={last} zone={zone} heading="h3" /> : <p>{t('noAttribution')}</p>}
    </section>
  );
}

/** A record's own touches, each only where it differs from the contact's (the contact's are shown once, above). */
function RecordTouches({ record, contact, zone }: { record: Record<string, unknown>; contact: Record<string, unknown>; zone: string }) {
  const own = touchesOf(record);
  const contacts = touchesOf(contact);
  const first = own.first && !sameTouch(own.first, contacts.first) ? own.first : null;
  const last = own.last && !sameTouch(own.last, contacts.last) ? own.last : null;
  if (!first && !last) return null;
  return (
    <div className="attribution">
      <Touches first={first} last={last} zone={zone} heading="h4" />
    </div>
  );
}

/** What the contact did, oldest first; under each record its touches where they differ from the contact's. */
export function Timeline({ items, zone, contact }: { items: ActivityItem[]; zone: string; contact: Record<string, unknown> }) {
  const { t, lang } = useDashboard();
  if (items.length === 0) return <p>{t('noActivity')}</p>;
  return (
    <ol className="timeline">
      {items.map((item) => (
        <li key={`${item.type}:${item.id}`}>
          <p className="when">{formatTime(item.createdAt, zone, lang)}</p>
          {item.type === 'submission' && (
            <>
              <h3>{t(`submission_${String(item.kind)}`)}</h3>
              <dl className="answers">
                {Object.entries((item.answers as Record<string, unknown>) ?? {}).map(([label, value]) => (
                  <div key={label} className="pair">
                    <dt>{label}</dt>
                    <dd>{answerText(value)}</dd>
                  </div>
                ))}
              </dl>
            </>
          )}
          {item.type === 'appointment' && (
            <>
              <h3>{t('bookingOf', { calendar: String(item.calendarName ?? '') })}</h3>
              <p>
                {formatTime(String(item.startTime), String(item.timezone ?? zone), lang)} · {t(`status_${String(item.status)}`)}
              </p>
              {typeof item.notes === 'string' && item.notes && <p className="quote">{item.notes}</p>}
            </>
          )}
          {item.type === 'order' && (
            <>
              <h3>{t('orderOf', { amount: String(item.amountFormatted ?? '') })}</h3>
              <p>{t(`status_${String(item.status)}`)}</p>
              <ul>
                {((item.items as { name: string; amountFormatted: string }[]) ?? []).map((line, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: an order's lines have no id of their own
                  <li key={i}>
                    {line.name} · {line.amountFormatted}
                  </li>
                ))}
              </ul>
            </>
          )}
          <RecordTouches record={item} contact={contact} zone={zone} />
        </li>
      ))}
    </ol>
  );
}

export interface ContactFile {
  id: string;
  field: string;
  filename: string;
  size: number;
  link: { url: string; expires_at: number } | null;
}

/** The contact's uploaded files, each a signed download link (from the privacy export); an erased file's name alone. */
export function FileList({ files }: { files: ContactFile[] }) {
  const { t } = useDashboard();
  if (files.length === 0) return <p>{t('noFiles')}</p>;
  return (
    <ul>
      {files.map((file) => (
        <li key={file.id}>
          {file.link ? (
            <a href={file.link.url} download>
              {file.filename}
            </a>
          ) : (
            file.filename
          )}{' '}
          ({file.field}, {t('bytes', { count: file.size })})
        </li>
      ))}
    </ul>
  );
}
