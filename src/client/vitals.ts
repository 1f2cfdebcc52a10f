/*
 * Real visitors' page speed (issue 28): a chunk of its own, imported by ./tracking.ts once
 * the page is idle, so the `web-vitals` library is never part of what a page loads at first.
 * It measures LCP, INP, CLS and TTFB (web-vitals observes with buffered entries, so what
 * happened before it loaded still counts) and reports each metric once per page view, when
 * the page is hidden or left (the visitor moves on or switches away), as a beacon to
 * POST /api/funnel/vitals with the funnel, page and variant. Never started with `notrack`.
 */
import { type MetricType, onCLS, onINP, onLCP, onTTFB } from 'web-vitals';
import type { VitalMetric } from '../schemas/vitals';

interface VitalsPage {
  funnelId: string;
  pageId: string;
  variantId: string;
}

/** What is reported: the page, and the metrics measured since the last report. */
export type VitalsReport = { funnel_id: string; page_id: string; variant_id: string | null } & Partial<Record<VitalMetric, number>>;

const NAMES: Record<MetricType['name'], VitalMetric | null> = { LCP: 'lcp', INP: 'inp', CLS: 'cls', TTFB: 'ttfb', FCP: null };

/** Measures the page's vitals; `send` (the runtime's beacon, passed in so this chunk holds web-vitals alone) reports them. */
export function startVitals(win: Window, page: VitalsPage, send: (report: VitalsReport) => void): void {
  const measured: Partial<Record<VitalMetric, number>> = {};
  const sent = new Set<VitalMetric>();
  const record = (metric: MetricType) => {
    const name = NAMES[metric.name];
    // CLS is a score with decimals; the others are milliseconds.
    if (name) measured[name] = name === 'cls' ? Math.round(metric.value * 10_000) / 10_000 : Math.round(metric.value);
  };
  onLCP(record);
  onINP(record);
  onCLS(record);
  onTTFB(record);
  const report = () => {
    const fresh = (Object.keys(measured) as VitalMetric[]).filter((name) => !sent.has(name));
    if (fresh.length === 0) return;
    const body: Partial<Record<VitalMetric, number>> = {};
    for (const name of fresh) {
      body[name] = measured[name];
      sent.add(name);
    }
    send({ funnel_id: page.funnelId, page_id: page.pageId, variant_id: page.variantId || null, ...body });
  };
  // Registered after web-vitals' own listeners, so the values it reports on hiding are in; pagehide
  // too, for a navigation where the browser does not say the page was hidden.
  win.document.addEventListener('visibilitychange', () => {
    if (win.document.visibilityState === 'hidden') report();
  });
  win.addEventListener('pagehide', report);
}
