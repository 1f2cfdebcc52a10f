/**
 * Overview of one funnel over a date range (GET /admin/v1/stats/funnels/{id}): totals and
 * revenue per currency, the funnel chart per step, the daily trend, each running split test
 * and real-visitor web vitals (p75). Every chart has its numbers in a table too. When the
 * statistics call answers 404 the screen says the statistics are unavailable; it never shows
 * numbers it did not get.
 */
import { useMemo, useState } from 'react';
import { Chart } from '../chart';
import { useDashboard } from '../context';
import { money, percent } from '../format';
import { type FunnelStats, loadStats } from '../stats';
import type { Money } from '../types';
import { LoadState, Select, useLoad } from '../ui';
import { TableRegion } from '../tables';
import { ExperimentNumbers } from './experiment-numbers';
import type { ScreenProps } from './index';
import { Vitals } from './vitals';

const COLORS = { views: '#1d4ed8', optins: '#047857', bookings: '#b45309', orders: '#7e22ce' };

function Revenue({ revenue }: { revenue: Money[] }) {
  const { t, lang } = useDashboard();
  if (revenue.length === 0) return <>{t('noRevenue')}</>;
  return <>{revenue.map((m) => money(m.amount, m.currency, lang)).join(' · ')}</>;
}

function Numbers({ stats }: { stats: FunnelStats }) {
  const { t, lang, catalog } = useDashboard();
  const pageName = (pageId: string) => catalog?.pages.find((p) => p.id === pageId)?.name || pageId;
  const stepX = useMemo(() => stats.steps.map((_, i) => i), [stats]);
  const stepSeries = useMemo(
    () => (['views', 'optins', 'bookings', 'orders'] as const).map((key) => ({ label: t(key), color: COLORS[key], values: stats.steps.map((s) => s[key]) })),
    [stats, t],
  );
  const dayX = useMemo(() => stats.days.map((d) => Date.parse(`${d.day}T12:00:00Z`) / 1000), [stats]);
  const daySeries = useMemo(
    () => (['views', 'optins', 'bookings', 'orders'] as const).map((key) => ({ label: t(key), color: COLORS[key], values: stats.days.map((d) => d[key]) })),
    [stats, t],
  );
  const running = stats.experiments.filter((e) => e.status === 'running');
  return (
    <>
      <p>{t('rangeIn', { from: stats.from, to: stats.to, zone: stats.timeZone })}</p>
      <dl className="totals">
        {(['views', 'visitors', 'optins', 'bookings', 'orders'] as const).map((key) => (
          <div key={key} className="pair">
            <dt>{t(key)}</dt>
            <dd>{stats.totals[key]}</dd>
          </div>
        ))}
        <div className="pair">
          <dt>{t('revenue')}</dt>
          <dd>
            <Revenue revenue={stats.totals.revenue} />
          </dd>
        </div>
      </dl>
      <h2>{t('funnelChart')}</h2>
      <Chart label={t('funnelChartLabel')} x={stepX} series={stepSeries} categories={stats.steps.map((s) => s.name)} bars />
      <TableRegion label={t('funnelChart')}>
        <table>
          <caption>{t('stepsCaption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('step')}</th>
              <th scope="col">{t('views')}</th>
              <th scope="col">{t('optins')}</th>
              <th scope="col">{t('optinRate')}</th>
              <th scope="col">{t('bookings')}</th>
              <th scope="col">{t('orders')}</th>
              <th scope="col">{t('salesRate')}</th>
              <th scope="col">{t('revenue')}</th>
            </tr>
          </thead>
          <tbody>
            {stats.steps.map((s) => (
              <tr key={s.stepId}>
                <th scope="row">{s.name}</th>
                <td>{s.views}</td>
                <td>{s.optins}</td>
                <td>{percent(s.optinRate, lang)}</td>
                <td>{s.bookings}</td>
                <td>{s.orders}</td>
                <td>{percent(s.salesRate, lang)}</td>
                <td>
                  <Revenue revenue={s.revenue} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableRegion>
      <h2>{t('dailyTrend')}</h2>
      <Chart label={t('dailyTrendLabel')} x={dayX} series={daySeries} />
      <h2>{t('runningTests')}</h2>
      {running.length === 0 ? <p>{t('noRunningTests')}</p> : running.map((e) => <ExperimentNumbers key={e.id} experiment={e} pageName={pageName} />)}
      <h2>{t('webVitals')}</h2>
      <Vitals vitals={stats.vitals} pageName={pageName} />
    </>
  );
}

export default function Overview(_: ScreenProps) {
  const { t, api, catalog } = useDashboard();
  const funnels = catalog?.funnels ?? [];
  const [chosen, setChosen] = useState('');
  const funnelId = chosen || funnels[0]?.id || '';
  const [range, setRange] = useState({ from: '', to: '' });
  const [draft, setDraft] = useState(range);
  const [loaded] = useLoad(() => (funnelId ? loadStats(api.raw, funnelId, range.from, range.to) : Promise.resolve(null)), [funnelId, range]);
  return (
    <>
      <h1>{t('title_overview')}</h1>
      {catalog && funnels.length === 0 && <p>{t('noFunnels')}</p>}
      <form
        className="filters"
        onSubmit={(event) => {
          event.preventDefault();
          setRange(draft);
        }}
      >
        <Select id="overview-funnel" label={t('funnel')} value={funnelId} options={funnels.map((f) => [f.id, f.name] as const)} onChange={setChosen} />
        <div className="field">
          <label htmlFor="overview-from">{t('from')}</label>
          <input id="overview-from" type="date" value={draft.from} onChange={(e) => setDraft({ ...draft, from: e.target.value })} />
        </div>
        <div className="field">
          <label htmlFor="overview-to">{t('to')}</label>
          <input id="overview-to" type="date" value={draft.to} onChange={(e) => setDraft({ ...draft, to: e.target.value })} />
        </div>
        <button type="submit">{t('applyRange')}</button>
      </form>
      <LoadState loaded={loaded}>
        {(stats) =>
          !stats ? null : 'unavailable' in stats ? (
            <p className="warning" role="status">
              {t('statsUnavailable')}
            </p>
          ) : (
            <Numbers stats={stats} />
          )
        }
      </LoadState>
    </>
  );
}
