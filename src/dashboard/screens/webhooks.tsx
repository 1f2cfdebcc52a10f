/**
 * Webhooks: the endpoints (from the catalog) to add, edit, pause and delete; one endpoint's
 * secrets to reveal and rotate with an overlap (the new secret is added beside the old, which
 * is dropped later); its delivery log with each attempt, a replay per delivery and a test event.
 */
import { useState } from 'react';
import { useDashboard } from '../context';
import { ConfirmButton, errorText, Notice, type NoticeText } from '../ui';
import { DataTable } from '../tables';
import type { ScreenProps } from './index';
import { WebhookDetail } from './webhook-detail';
import { type WebhookDoc, WebhookForm } from './webhook-form';

export default function Webhooks(_: ScreenProps) {
  const { t, api, catalog, reloadCatalog } = useDashboard();
  const [selected, setSelected] = useState<string | null>(null);
  const [editing, setEditing] = useState<WebhookDoc | null>(null);
  const [notice, setNotice] = useState<NoticeText | null>(null);
  const webhooks = catalog?.webhooks ?? [];

  const change = async (id: string, patch: Partial<WebhookDoc>, done: string) => {
    try {
      const doc = await api.get<WebhookDoc>(`/webhooks/${encodeURIComponent(id)}`);
      await api.send('PUT', `/webhooks/${encodeURIComponent(id)}`, { ...doc, ...patch });
      await reloadCatalog();
      setNotice({ kind: 'ok', text: done });
    } catch (error) {
      setNotice({ kind: 'error', text: errorText(error) });
    }
  };

  return (
    <>
      <h1>{t('title_webhooks')}</h1>
      <Notice notice={notice} />
      <DataTable
        label={t('webhookEndpoints')}
        caption={t('webhookEndpoints')}
        columns={[t('webhookUrl'), t('webhookEvents'), t('status'), t('actions')]}
        empty={t('noWebhooks')}
        items={webhooks}
        row={(hook) => (
          <tr key={hook.id}>
            <th scope="row">{hook.url}</th>
            <td>{Array.isArray(hook.events) ? hook.events.join(', ') : t('allEvents')}</td>
            <td>{hook.paused ? t('webhookPausedByFailures') : hook.active ? t('webhookActive') : t('webhookPaused')}</td>
            <td className="actions">
              <button type="button" onClick={() => setSelected(hook.id)} aria-pressed={selected === hook.id}>
                {t('deliveriesOf', { url: hook.url })}
              </button>
              <button
                type="button"
                onClick={async () => {
                  setEditing(await api.get<WebhookDoc>(`/webhooks/${encodeURIComponent(hook.id)}`));
                }}
              >
                {t('editOf', { url: hook.url })}
              </button>
              <button
                type="button"
                onClick={() =>
                  hook.active && !hook.paused
                    ? change(hook.id, { active: false }, t('webhookPausedNotice'))
                    : change(hook.id, { active: true, paused: false }, t('webhookResumedNotice'))
                }
              >
                {hook.active && !hook.paused ? t('pauseOf', { url: hook.url }) : t('resumeOf', { url: hook.url })}
              </button>
              <ConfirmButton
                danger
                label={t('deleteOf', { url: hook.url })}
                title={t('deleteWebhookTitle')}
                confirmLabel={t('delete')}
                onConfirm={async () => {
                  try {
                    await api.send('DELETE', `/webhooks/${encodeURIComponent(hook.id)}`);
                    if (selected === hook.id) setSelected(null);
                    await reloadCatalog();
                    setNotice({ kind: 'ok', text: t('webhookDeleted') });
                  } catch (error) {
                    setNotice({ kind: 'error', text: errorText(error) });
                  }
                }}
              >
                <p>{t('deleteWebhookWhat', { url: hook.url })}</p>
              </ConfirmButton>
            </td>
          </tr>
        )}
      />
      <WebhookForm
        key={editing?.id ?? 'new'}
        editing={editing}
        onCancel={editing ? () => setEditing(null) : undefined}
        onSaved={async (id) => {
          setEditing(null);
          await reloadCatalog();
          setSelected(id);
          setNotice({ kind: 'ok', text: t('webhookSaved') });
        }}
      />
      {selected && <WebhookDetail key={selected} id={selected} />}
    </>
  );
}
