/**
 * Funnel statistics end to end (issue 28): a visitor's page views and opt-in on the demo
 * funnel reach the statistics API. Views go through the edgefunnel-views queue and its
 * consumer in the worker, the opt-in is the server's own row, and the page-speed chunk
 * reports the opt-in page's vitals when the visitor moves on.
 */
import { expect, test } from '@playwright/test';
import { E2E_PORT, E2E_TOKEN } from './playwright.config';

// A person's browser's user agent, as a visitor's would be.
test.use({ userAgent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36' });

interface Stats {
  totals: { views: number; visitors: number; optins: number };
  steps: { stepId: string; views: number; visitors: number; optins: number }[];
  vitals: { pageId: string; samples: number; ttfb: number | null }[];
}

async function readStats(): Promise<Stats> {
  const res = await fetch(`http://localhost:${E2E_PORT}/admin/v1/stats/funnels/fn_demo`, { headers: { authorization: `Bearer ${E2E_TOKEN}` } });
  expect(res.status).toBe(200);
  return (await res.json()) as Stats;
}

const step = (stats: Stats, id: string) => stats.steps.find((s) => s.stepId === id) ?? { views: 0, visitors: 0, optins: 0 };

test('a visitor’s views and opt-in on the demo funnel show in its statistics, and the page’s speed', async ({ page }) => {
  await page.context().route('https://connect.facebook.net/**', (route) => route.abort('internetdisconnected'));
  const before = await readStats();
  const vitalsBefore = before.vitals.find((v) => v.pageId === 'pg_optin')?.samples ?? 0;

  const vitalsChunk = page.waitForRequest((request) => /\/_astro\/vitals\.[^/]+\.js$/.test(new URL(request.url()).pathname));
  await page.goto('/');
  await expect(page.locator('html[data-page-runtime="ready"]')).toBeAttached();
  // The page-speed code is a chunk of its own, loaded once the page is idle.
  await vitalsChunk;

  const form = page.locator('form[data-form-id="form_optin"]');
  await form.getByLabel('First name').fill('Stella');
  await form.getByLabel('Email').fill(`stats-${Date.now()}@example.com`);
  // The page's speed leaves in a beacon as the visitor moves on to the next step.
  await form.getByRole('button', { name: 'Send me the guide' }).click();
  await page.waitForURL(/\/accelerator$/);

  // The queue's consumer rolls the views up in batches a few seconds apart.
  await expect
    .poll(
      async () => {
        const now = await readStats();
        return {
          views: now.totals.views - before.totals.views,
          optinViews: step(now, 'st_optin').views - step(before, 'st_optin').views,
          // The runtime's prefetch of the next step is not a view: the sales page counts the visit, the upsell nothing yet.
          salesViews: step(now, 'st_sales').views - step(before, 'st_sales').views,
          upsellViews: step(now, 'st_upsell').views - step(before, 'st_upsell').views,
          optins: now.totals.optins - before.totals.optins,
          stepOptins: step(now, 'st_optin').optins - step(before, 'st_optin').optins,
          vitals: (now.vitals.find((v) => v.pageId === 'pg_optin')?.samples ?? 0) - vitalsBefore,
        };
      },
      { timeout: 30_000 },
    )
    .toEqual({ views: 2, optinViews: 1, salesViews: 1, upsellViews: 0, optins: 1, stepOptins: 1, vitals: 1 });
  const after = await readStats();
  expect(after.totals.visitors).toBeGreaterThanOrEqual(1);
  expect(after.vitals.find((v) => v.pageId === 'pg_optin')?.ttfb).toEqual(expect.any(Number));
});
