/**
 * Split tests: each test with its variants (from the catalog), its weights, start, stop or a
 * winner (PUT /admin/v1/experiments/{id}), each variant's preview, and its numbers from the
 * statistics API when that answers; and a form to create a test on a funnel step from the
 * funnel's published pages.
 */
import { useState } from 'react';
import { useDashboard } from '../context';
import { loadStats } from '../stats';
import type { Experiment } from '../types';
import { errorText, LoadState, Notice, useLoad, type NoticeText } from '../ui';
import { ExperimentNumbers } from './experiment-numbers';
import type { ScreenProps } from './index';
import { NewTest } from './new-test';
import { VariantPreview } from './variant-preview';

function TestCard({ experiment }: { experiment: Experiment }) {
  const { t, api, catalog, reloadCatalog } = useDashboard();
  const [weights, setWeights] = useState(() => Object.fromEntries(experiment.variants.map((v) => [v.id, String(v.weight)])));
  const [winner, setWinner] = useState(experiment.winnerVariantId ?? experiment.variants[0]?.id ?? '');
  const [notice, setNotice] = useState<NoticeText | null>(null);
  const [stats] = useLoad(() => loadStats(api.raw, experiment.funnelId, '', ''), [experiment.funnelId, experiment.status]);
  const funnel = catalog?.funnels.find((f) => f.id === experiment.funnelId);
  const step = funnel?.steps.find((s) => s.id === experiment.stepId);
  const pageName = (pageId: string) => catalog?.pages.find((p) => p.id === pageId)?.name || pageId;
  const save = async (patch: Partial<Experiment>, done: string) => {
    try {
      const doc = await api.get<Experiment>(`/experiments/${encodeURIComponent(experiment.id)}`);
      await api.send('PUT', `/experiments/${encodeURIComponent(experiment.id)}`, { ...doc, ...patch });
      setNotice({ kind: 'ok', text: done });
      await reloadCatalog();
    } catch (error) {
      setNotice({ kind: 'error', text: errorText(error) });
    }
  };
  const titleId = `test-${experiment.id}`;
  return (
    <section className="card" aria-labelledby={titleId}>
      <h2 id={titleId}>{t('testOn', { funnel: funnel?.name ?? experiment.funnelId, step: step?.name ?? experiment.stepId })}</h2>
      <p>
        {t('testStatus')}: <strong>{t(`experiment_${experiment.status}`)}</strong>
        {experiment.status === 'winner' && experiment.winnerVariantId ? ` · ${t('winnerIs', { variant: experiment.winnerVariantId })}` : ''}
      </p>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void save({ variants: experiment.variants.map((v) => ({ ...v, weight: Number(weights[v.id] ?? v.weight) })) }, t('weightsSaved'));
        }}
      >
        <fieldset>
          <legend>{t('weights')}</legend>
          {experiment.variants.map((v, i) => (
            <div key={v.id} className="field inline">
              <label htmlFor={`${titleId}-w-${v.id}`}>
                {pageName(v.pageId)} {i === 0 || v.pageId === step?.pageId ? `(${t('control')})` : ''}
              </label>
              <input
                id={`${titleId}-w-${v.id}`}
                type="number"
                min={0}
                step="any"
                value={weights[v.id] ?? ''}
                onChange={(e) => setWeights({ ...weights, [v.id]: e.target.value })}
              />
              <VariantPreview pageId={v.pageId} name={pageName(v.pageId)} />
            </div>
          ))}
        </fieldset>
        <button type="submit">{t('saveWeights')}</button>
      </form>
      <div className="actions">
        {experiment.status !== 'running' && (
          <button type="button" onClick={() => save({ status: 'running' }, t('testStarted'))}>
            {t('startTest')}
          </button>
        )}
        {experiment.status === 'running' && (
          <button type="button" onClick={() => save({ status: 'stopped' }, t('testStopped'))}>
            {t('stopTest')}
          </button>
        )}
        <label htmlFor={`${titleId}-winner`}>{t('winner')}</label>
        <select id={`${titleId}-winner`} value={winner} onChange={(e) => setWinner(e.target.value)}>
          {experiment.variants.map((v) => (
            <option key={v.id} value={v.id}>
              {pageName(v.pageId)}
            </option>
          ))}
        </select>
        <button type="button" onClick={() => save({ status: 'winner', winnerVariantId: winner }, t('winnerChosen'))}>
          {t('chooseWinner')}
        </button>
      </div>
      <Notice notice={notice} />
      <h3>{t('testResults')}</h3>
      <LoadState loaded={stats}>
        {(result) => {
          if ('unavailable' in result) return <p className="warning">{t('statsUnavailable')}</p>;
          const numbers = result.experiments.find((e) => e.id === experiment.id);
          return numbers ? <ExperimentNumbers experiment={numbers} pageName={pageName} /> : <p>{t('noTestTraffic')}</p>;
        }}
      </LoadState>
    </section>
  );
}

export default function Tests(_: ScreenProps) {
  const { t, catalog } = useDashboard();
  if (!catalog) return <p role="status">{t('loading')}</p>;
  return (
    <>
      <h1>{t('title_tests')}</h1>
      {catalog.experiments.length === 0 && <p>{t('noTests')}</p>}
      {catalog.experiments.map((experiment) => (
        <TestCard key={`${experiment.id}:${experiment.status}:${experiment.variants.map((v) => v.weight).join()}`} experiment={experiment} />
      ))}
      <NewTest />
    </>
  );
}
