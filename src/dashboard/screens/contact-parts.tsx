/** The parts of a contact's page: its timeline, its attribution (first and last touch) and its files. */
import { useDashboard } from '../context';
import { formatTime } from '../format';

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

const TOUCH_KEYS = [
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'utm_term',
  'utm_content',
  'gclid',
  'gbraid',
  'wbraid',
  'fbclid',
  'ttclid',
  'msclkid',
  'referrer',
  'landing',
];

/** A touch as the records carry it: an object or its JSON text (migration 0017). */
function touchOf(value: unknown): Record<string, unknown> | null {
  if (typeof value === 'string') {
    try {
      return touchOf(JSON.parse(value));
    } catch {
      return null;
    }
  }
  return value && typeof value === 'object' ? (value as Record<string, unknown>) : null;
}

/** The first and last touch of a record (contact, submission, booking or order), when it has them. */
export function Attribution({ record, level = 2 }: { record: Record<string, unknown>; level?: 2 | 3 }) {
  const { t } = useDashboard();
  const touches = [
    ['firstTouch', touchOf(record.firstTouch ?? record.first_touch)],
    ['lastTouch', touchOf(record.lastTouch ?? record.last_touch)],
  ] as const;
  if (!touches.some(([, touch]) => touch)) return level === 2 ? <p>{t('noAttribution')}</p> : null;
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <section className="attribution">
      <Heading>{t('attribution')}</Heading>
      {touches.map(([name, touch]) =>
        touch ? (
          <div key={name}>
            <p className="touch-title">{t(name)}</p>
            <dl>
              {TOUCH_KEYS.filter((key) => touch[key] !== undefined && touch[key] !== null && touch[key] !== '').map((key) => (
                <div key={key} className="pair">
                  <dt>{key}</dt>
                  <dd>{String(touch[key])}</dd>
                </div>
              ))}
            </dl>
          </div>
        ) : null,
      )}
    </section>
  );
}

export function Timeline({ items, zone }: { items: ActivityItem[]; zone: string }) {
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
          <Attribution record={item} level={3} />
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
