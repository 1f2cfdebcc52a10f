/**
 * One webhook endpoint: its secrets (hidden until revealed; rotating adds a new secret beside
 * the old ones, so receivers verify either while they switch, and dropping keeps the newest),
 * a test event (POST …/test), and the delivery log (GET …/deliveries) with a replay of each
 * delivery (POST /admin/v1/webhook-deliveries/{id}/replay).
 */
import { useState } from 'react';
import { useDashboard } from '../context';
import { formatTime } from '../format';
import { ActionButton, LoadState, Notice, useLoad, type NoticeText } from '../ui';
import { DataTable } from '../tables';
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
  const [notice, setNotice] = useState<NoticeText | null>(null);
  const [secrets, setSecrets] = useState<WebhookDoc['secrets'] | null>(null);
  const [deliveries, reloadDeliveries] = useLoad(() => api.get<{ items: Delivery[] }>(`${path}/deliveries`), [id]);

  /** Stores the endpoint with its secrets changed by `change` (a new one is a string the server dates), and shows them again if they are shown. */
  const changeSecrets = async (change: (current: NonNullable<WebhookDoc['secrets']>) => (NonNullable<WebhookDoc['secrets']>[number] | string)[]) => {
    const doc = await api.get<WebhookDoc>(path);
    await api.send('PUT', path, { ...doc, secrets: change(doc.secrets ?? []) });
    if (secrets) setSecrets((await api.get<WebhookDoc>(path)).secrets ?? []);
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
        <ActionButton
          label={t('revealSecrets')}
          onNotice={setNotice}
          run={async () => {
            setSecrets((await api.get<WebhookDoc>(path)).secrets ?? []);
            return t('secretsRevealed');
          }}
        />
        <ActionButton
          label={t('rotateSecret')}
          onNotice={setNotice}
          run={async () => {
            await changeSecrets((current) => [...current.slice(-4), newSecret()]);
            return t('secretRotated');
          }}
        />
        <ActionButton
          label={t('dropOldSecrets')}
          onNotice={setNotice}
          run={async () => {
            await changeSecrets((current) => current.toSorted((a, b) => b.createdAt - a.createdAt).slice(0, 1));
            return t('secretsDropped');
          }}
        />
        <ActionButton
          label={t('sendTest')}
          onNotice={setNotice}
          run={async () => {
            const result = await api.send<{ delivered: boolean; status: number | null }>('POST', `${path}/test`);
            reloadDeliveries();
            return result.delivered ? t('testDelivered', { status: result.status ?? '' }) : t('testFailed', { status: result.status ?? '–' });
          }}
        />
      </div>
      <h3>{t('deliveries')}</h3>
      <LoadState loaded={deliveries}>
        {({ items }) => (
          <DataTable
            label={t('deliveries')}
            caption={t('deliveriesCaption')}
            columns={[t('when'), t('event'), t('attempt'), t('responseStatus'), t('duration'), t('error'), t('actions')]}
            empty={t('noDeliveries')}
            items={items}
            row={(d) => (
              <tr key={d.id}>
                <th scope="row">{formatTime(d.created_at, browserZone(), lang)}</th>
                <td>{d.event_type}</td>
                <td>{d.attempt}</td>
                <td>{d.status ?? '–'}</td>
                <td>{d.duration_ms === null ? '–' : t('milliseconds', { count: d.duration_ms })}</td>
                <td>{d.error ?? ''}</td>
                <td>
                  <ActionButton
                    label={t('replayOf', { event: d.event_type, attempt: d.attempt })}
                    onNotice={setNotice}
                    run={async () => {
                      await api.send('POST', `/webhook-deliveries/${encodeURIComponent(d.id)}/replay`);
                      reloadDeliveries();
                      return t('replayed', { event: d.event_type });
                    }}
                  />
                </td>
              </tr>
            )}
          />
        )}
      </LoadState>
    </section>
  );
}
