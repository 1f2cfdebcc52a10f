/** Adding or editing a webhook endpoint: its URL and the events it receives (PUT /admin/v1/webhooks/{id}). */
import { useId, useState } from 'react';
import { newId } from '../../lib/ids';
import { WEBHOOK_EVENTS } from '../../schemas/webhook';
import { useDashboard } from '../context';
import { errorText } from '../ui';

export interface WebhookDoc {
  id: string;
  url: string;
  events: string[] | '*';
  secrets?: { secret: string; createdAt: number }[];
  active?: boolean;
  paused?: boolean;
}

export function WebhookForm({ editing, onSaved, onCancel }: { editing: WebhookDoc | null; onSaved: (id: string) => void; onCancel?: () => void }) {
  const { t, api } = useDashboard();
  const [url, setUrl] = useState(editing?.url ?? '');
  const [events, setEvents] = useState<string[]>(editing ? (editing.events === '*' ? ['*'] : editing.events) : ['*']);
  const [error, setError] = useState<string | null>(null);
  const base = useId();
  const all = events.includes('*');
  const toggle = (name: string) => setEvents(events.includes(name) ? events.filter((e) => e !== name) : [...events.filter((e) => e !== '*'), name]);
  return (
    <form
      className="card"
      aria-labelledby={`${base}-title`}
      onSubmit={async (event) => {
        event.preventDefault();
        const id = editing?.id ?? newId('wh');
        const doc = { ...(editing ?? {}), id, url: url.trim(), events: all ? '*' : events };
        try {
          await api.send('PUT', `/webhooks/${encodeURIComponent(id)}`, doc);
          setError(null);
          onSaved(id);
        } catch (failure) {
          setError(errorText(failure));
        }
      }}
    >
      <h2 id={`${base}-title`}>{editing ? t('editWebhook') : t('addWebhook')}</h2>
      <div className="field">
        <label htmlFor={`${base}-url`}>{t('webhookUrl')}</label>
        <input
          id={`${base}-url`}
          type="url"
          required
          value={url}
          onChange={(e) => setUrl(e.target.value)}
          aria-invalid={error ? 'true' : undefined}
          aria-describedby={error ? `${base}-error` : undefined}
        />
      </div>
      <fieldset>
        <legend>{t('webhookEvents')}</legend>
        <label>
          <input type="checkbox" checked={all} onChange={() => setEvents(all ? [] : ['*'])} />
          {t('allEvents')}
        </label>
        {!all &&
          WEBHOOK_EVENTS.map((name) => (
            <label key={name}>
              <input type="checkbox" checked={events.includes(name)} onChange={() => toggle(name)} />
              {name}
            </label>
          ))}
      </fieldset>
      {error && (
        <p id={`${base}-error`} role="alert" className="error">
          {error}
        </p>
      )}
      <div className="actions">
        <button type="submit">{t('save')}</button>
        {onCancel && (
          <button type="button" onClick={onCancel}>
            {t('cancel')}
          </button>
        )}
      </div>
    </form>
  );
}
