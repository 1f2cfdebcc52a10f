/** A split test's numbers from the statistics API: per variant, conversion, uplift and the probability to beat the control, and a warning when the sample ratio is off. */
import { useDashboard } from '../context';
import { percent } from '../format';
import type { ExperimentStats } from '../stats';
import { TableRegion } from '../tables';

export function ExperimentNumbers({ experiment, pageName }: { experiment: ExperimentStats; pageName: (pageId: string) => string }) {
  const { t, lang } = useDashboard();
  return (
    <>
      {experiment.srm.flagged && (
        <p className="warning" role="note">
          {t('srmWarning', { p: experiment.srm.p.toPrecision(2) })}
        </p>
      )}
      <TableRegion label={t('testNumbers', { id: experiment.id })}>
        <table>
          <caption>{t('testNumbers', { id: experiment.id })}</caption>
          <thead>
            <tr>
              <th scope="col">{t('variant')}</th>
              <th scope="col">{t('views')}</th>
              <th scope="col">{t('visitors')}</th>
              <th scope="col">{t('conversions')}</th>
              <th scope="col">{t('conversionRate')}</th>
              <th scope="col">{t('uplift')}</th>
              <th scope="col">{t('probabilityToBeat')}</th>
            </tr>
          </thead>
          <tbody>
            {experiment.variants.map((v) => (
              <tr key={v.id}>
                <th scope="row">
                  {pageName(v.pageId)} {v.isControl ? `(${t('control')})` : ''}
                </th>
                <td>{v.views}</td>
                <td>{v.visitors}</td>
                <td>{v.conversions}</td>
                <td>{percent(v.conversionRate, lang)}</td>
                <td>{v.isControl ? '–' : percent(v.uplift, lang)}</td>
                <td>{v.isControl ? '–' : percent(v.probabilityToBeatControl, lang)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableRegion>
    </>
  );
}
