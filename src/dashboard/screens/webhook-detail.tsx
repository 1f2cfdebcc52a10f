/**
 * One webhook endpoint: its secrets (hidden until revealed; rotating adds a new secret beside
 * the old ones, so receivers verify either while they switch, and dropping keeps the newest),
 * a test event (POST …/test), and the delivery log (GET …/deliveries) with a replay of each
 * delivery (POST /admin/v1/webhook-deliveries/{id}/replay).
 */
import { useState } from 'react';
import { useDashboard } from '../context';
import { formatTime } from '../format';
import { errorText, LoadState, Notice, TableRegion, useLoad } from '../ui';
import type { WebhookDoc } from './webhook-form';

interface Delivery {
  id: string;
  event_id: string;
  event_type: string;
  attempt: number;
  status: number | null;
  duration_ms: number | null;
  error: string | null;
  created_at: number;
}

/** A new signing secret: `whsec_` and the base64 of 32 random bytes. */
function newSecret(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return `whsec_${btoa(String.fromCharCode(...bytes))}`;
}

const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

export function WebhookDetail({ id }: { id: string }) {
  const { t, api, lang } = useDashboard();
  const path = `/webhooks/${encodeURIComponent(id)}`;
  const [notice, setNotice] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null);
  const [secrets, setSecrets] = useState<WebhookDoc['secrets'] | null>(null);
  const [deliveries, reloadDeliveries] = useLoad(() => api.get<{ items: Delivery[] }>(`${path}/deliveries`), [id]);

  const run = async (work: () => Promise<string>) => {
    try {
      setNotice({ kind: 'ok', text: await work() });
    } catch (error) {
      setNotice({ kind: 'error', text: errorText(error) });
    }
  };

  return (
    <section className="card" aria-labelledby="webhook-detail">
      <h2 id="webhook-detail">{t('webhookDetail')}</h2>
      <Notice notice={notice} />
      <h3>{t('secrets')}</h3>
      {secrets ? (
        <ul className="secrets">
          {secrets.map((s) => (
            <li key={s.secret}>
              <code>{s.secret}</code> · {t('secretCreated', { when: formatTime(s.createdAt, browserZone(), lang) })}
            </li>
          ))}
        </ul>
      ) : (
        <p>{t('secretsHidden')}</p>
      )}
      <div className="actions">
        <button
          type="button"
          onClick={() =>
            run(async () => {
              setSecrets((await api.get<WebhookDoc>(path)).secrets ?? []);
              return t('secretsRevealed');
            })
          }
        >
          {t('revealSecrets')}
        </button>
        <button
          type="button"
          onClick={() =>
            run(async () => {
              const doc = await api.get<WebhookDoc>(path);
              const kept = (doc.secrets ?? []).slice(-4);
              await api.send('PUT', path, { ...doc, secrets: [...kept, newSecret()] });
              if (secrets) setSecrets((await api.get<WebhookDoc>(path)).secrets ?? []);
              return t('secretRotated');
            })
          }
        >
          {t('rotateSecret')}
        </button>
        <button
          type="button"
          onClick={() =>
            run(async () => {
              const doc = await api.get<WebhookDoc>(path);
              const newest = [...(doc.secrets ?? [])].sort((a, b) => b.createdAt - a.createdAt)[0];
              if (!newest) return t('secretsDropped');
              await api.send('PUT', path, { ...doc, secrets: [newest] });
              if (secrets) setSecrets([newest]);
              return t('secretsDropped');
            })
          }
        >
          {t('dropOldSecrets')}
        </button>
        <button
          type="button"
          onClick={() =>
            run(async () => {
              const result = await api.send<{ delivered: boolean; status: number | null }>('POST', `${path}/test`);
              reloadDeliveries();
              return result.delivered ? t('testDelivered', { status: result.status ?? '' }) : t('testFailed', { status: result.status ?? '–' });
            })
          }
        >
          {t('sendTest')}
        </button>
      </div>
      <h3>{t('deliveries')}</h3>
      <LoadState loaded={deliveries}>
        {({ items }) => (
          <TableRegion label={t('deliveries')}>
            <table>
              <caption>{t('deliveriesCaption')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('when')}</th>
                  <th scope="col">{t('event')}</th>
                  <th scope="col">{t('attempt')}</th>
                  <th scope="col">{t('responseStatus')}</th>
                  <th scope="col">{t('duration')}</th>
                  <th scope="col">{t('error')}</th>
                  <th scope="col">{t('actions')}</th>
                </tr>
              </thead>
              <tbody>
                {items.length === 0 && (
                  <tr>
                    <td colSpan={7}>{t('noDeliveries')}</td>
                  </tr>
                )}
                {items.map((d) => (
                  <tr key={d.id}>
                    <th scope="row">{formatTime(d.created_at, browserZone(), lang)}</th>
                    <td>{d.event_type}</td>
                    <td>{d.attempt}</td>
                    <td>{d.status ?? '–'}</td>
                    <td>{d.duration_ms === null ? '–' : t('milliseconds', { count: d.duration_ms })}</td>
                    <td>{d.error ?? ''}</td>
                    <td>
                      <button
                        type="button"
                        onClick={() =>
                          run(async () => {
                            await api.send('POST', `/webhook-deliveries/${encodeURIComponent(d.id)}/replay`);
                            reloadDeliveries();
                            return t('replayed', { event: d.event_type });
                          })
                        }
                      >
                        {t('replayOf', { event: d.event_type, attempt: d.attempt })}
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableRegion>
        )}
      </LoadState>
    </section>
  );
}
