/** Real-visitor web vitals at p75 per page (and variant), from the statistics API. */
import { useDashboard } from '../context';
import type { FunnelStats } from '../stats';
import { TableRegion } from '../tables';

const ms = (value: number | null) => (value === null ? '–' : `${Math.round(value)} ms`);

export function Vitals({ vitals, pageName }: { vitals: FunnelStats['vitals']; pageName: (pageId: string) => string }) {
  const { t } = useDashboard();
  if (vitals.length === 0) return <p>{t('noVitals')}</p>;
  return (
    <TableRegion label={t('webVitals')}>
      <table>
        <caption>{t('vitalsCaption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('page')}</th>
            <th scope="col">{t('samples')}</th>
            <th scope="col">LCP</th>
            <th scope="col">INP</th>
            <th scope="col">CLS</th>
          </tr>
        </thead>
        <tbody>
          {vitals.map((v) => (
            <tr key={`${v.pageId}:${v.variantId ?? ''}`}>
              <th scope="row">
                {pageName(v.pageId)}
                {v.variantId ? ` (${v.variantId})` : ''}
              </th>
              <td>{v.samples}</td>
              <td>{ms(v.lcp)}</td>
              <td>{ms(v.inp)}</td>
              <td>{v.cls === null ? '–' : v.cls.toFixed(3)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableRegion>
  );
}
