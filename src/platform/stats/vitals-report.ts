/** Real visitors' page speed in the statistics (issue 28): the 75th percentile of each metric per page and variant. */
import type { VitalsReport } from '../../schemas/stats';
import type { VitalRow } from './queries';

export function vitalsReport(rows: readonly VitalRow[]): VitalsReport[] {
  const reports = new Map<string, VitalsReport>();
  for (const row of rows) {
    const key = `${row.page_id}\n${row.variant_id}`;
    const report = reports.get(key) ?? { pageId: row.page_id, variantId: row.variant_id || null, samples: 0, lcp: null, inp: null, cls: null, ttfb: null };
    report[row.metric] = row.value;
    report.samples = Math.max(report.samples, row.samples);
    reports.set(key, report);
  }
  return [...reports.values()].sort((a, b) => a.pageId.localeCompare(b.pageId) || (a.variantId ?? '').localeCompare(b.variantId ?? ''));
}
