/** Creating a split test on a funnel step: the step's page is the control, the variants are other published pages of the funnel, each with a weight. */
import { useId, useState } from 'react';
import { newId } from '../../lib/ids';
import { useDashboard } from '../context';
import { errorText } from '../ui';

export function NewTest() {
  const { t, api, catalog, reloadCatalog } = useDashboard();
  const base = useId();
  const funnels = catalog?.funnels ?? [];
  const [funnelId, setFunnelId] = useState(funnels[0]?.id ?? '');
  const funnel = funnels.find((f) => f.id === funnelId);
  const steps = (funnel?.steps ?? []).filter((s) => s.pageId);
  const [stepId, setStepId] = useState('');
  const step = steps.find((s) => s.id === stepId) ?? steps[0];
  const candidates = (catalog?.pages ?? []).filter((p) => p.funnelId === funnelId && p.published && !p.stepId);
  const [chosen, setChosen] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  return (
    <form
      className="card"
      aria-labelledby={`${base}-title`}
      onSubmit={async (event) => {
        event.preventDefault();
        if (!step?.pageId) return;
        const id = newId('exp');
        const variants = [{ id: 'control', pageId: step.pageId, weight: 50 }, ...chosen.map((pageId, i) => ({ id: `variant_${i + 1}`, pageId, weight: 50 }))];
        try {
          await api.send('PUT', `/experiments/${id}`, { id, funnelId, stepId: step.id, variants, status: 'draft' });
          setError(null);
          setDone(t('testCreated'));
          setChosen([]);
          await reloadCatalog();
        } catch (failure) {
          setError(errorText(failure));
        }
      }}
    >
      <h2 id={`${base}-title`}>{t('newTest')}</h2>
      <div className="field">
        <label htmlFor={`${base}-funnel`}>{t('funnel')}</label>
        <select
          id={`${base}-funnel`}
          value={funnelId}
          onChange={(e) => {
            setFunnelId(e.target.value);
            setStepId('');
            setChosen([]);
          }}
        >
          {funnels.map((f) => (
            <option key={f.id} value={f.id}>
              {f.name}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${base}-step`}>{t('step')}</label>
        <select
          id={`${base}-step`}
          value={step?.id ?? ''}
          onChange={(e) => {
            setStepId(e.target.value);
            setChosen([]);
          }}
        >
          {steps.map((s) => (
            <option key={s.id} value={s.id}>
              {s.name}
            </option>
          ))}
        </select>
      </div>
      <fieldset>
        <legend>{t('variantPages')}</legend>
        {candidates.length === 0 && <p>{t('noVariantPages')}</p>}
        {candidates.map((page) => (
          <label key={page.id}>
            <input
              type="checkbox"
              checked={chosen.includes(page.id)}
              onChange={() => setChosen(chosen.includes(page.id) ? chosen.filter((id) => id !== page.id) : [...chosen, page.id])}
            />
            {page.name || page.id}
          </label>
        ))}
      </fieldset>
      {error && (
        <p role="alert" className="error">
          {error}
        </p>
      )}
      <p role="status">{done ?? ''}</p>
      <button type="submit" disabled={chosen.length === 0}>
        {t('createTest')}
      </button>
    </form>
  );
}
