/*
 * Real visitors' page speed (issue 28): a chunk of its own, imported by ./tracking.ts once
 * the page is idle, so the `web-vitals` library is never part of what a page loads at first.
 * It measures LCP, INP, CLS and TTFB (web-vitals observes with buffered entries, so what
 * happened before it loaded still counts) and reports each metric once per page view, when
 * the page is hidden (the visitor leaves or switches away), as a beacon to
 * POST /api/funnel/vitals with the funnel, page and variant. Never started with `notrack`.
 */
import { type MetricType, onCLS, onINP, onLCP, onTTFB } from 'web-vitals';
import type { VitalMetric } from '../schemas/vitals';
import { funnelRoutes } from '../schemas/calls/funnel-routes';
import { sendBeacon } from './api';

interface VitalsPage {
  funnelId: string;
  pageId: string;
  variantId: string;
}

const NAMES: Record<MetricType['name'], VitalMetric | null> = { LCP: 'lcp', INP: 'inp', CLS: 'cls', TTFB: 'ttfb', FCP: null };

export function startVitals(win: Window, page: VitalsPage): void {
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
  // Registered after web-vitals' own listeners, so the values it reports on hiding are in.
  win.document.addEventListener('visibilitychange', () => {
    if (win.document.visibilityState !== 'hidden') return;
    const fresh = (Object.keys(measured) as VitalMetric[]).filter((name) => !sent.has(name));
    if (fresh.length === 0) return;
    const body: Partial<Record<VitalMetric, number>> = {};
    for (const name of fresh) {
      body[name] = measured[name];
      sent.add(name);
    }
    sendBeacon(win, funnelRoutes.vitals, { funnel_id: page.funnelId, page_id: page.pageId, variant_id: page.variantId || null, ...body });
  });
}
