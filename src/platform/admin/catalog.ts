/**
 * GET /admin/v1/catalog: what the dashboard's screens choose from, in one round trip (issue
 * 29): locations (with their zone and currency, which every time and amount is shown in),
 * funnels with their steps, pages with their draft and published state (a page's funnel is its
 * step's, or the one its document names: a split test's variant page serves no step), calendars, forms,
 * surveys, split tests and webhook endpoints. Summaries only: a page's elements, a form's
 * fields and a webhook's secrets are read one by one through GET /admin/v1/{kind}/{id}. Each
 * list holds at most CATALOG_LIMIT rows.
 */
import type { Hono } from 'hono';
import type { AppEnv } from '../env';

export const CATALOG_LIMIT = 1000;

const QUERIES = {
  locations: 'SELECT id, name, timezone, currency, language FROM locations ORDER BY name, id',
  funnels: 'SELECT id, location_id AS locationId, name, domain FROM funnels ORDER BY name, id',
  steps: 'SELECT id, funnel_id AS funnelId, name, path, position, page_id AS pageId FROM funnel_steps ORDER BY funnel_id, position',
  pages: `SELECT id, location_id AS locationId, COALESCE(funnel_id, json_extract(draft, '$.funnelId')) AS funnelId, step_id AS stepId, name, version, published_at AS publishedAt, updated_at AS updatedAt,
            published IS NOT NULL AS published, (published IS NULL OR published != draft) AS draftChanged FROM pages ORDER BY name, id`,
  calendars: 'SELECT id, location_id AS locationId, name, timezone FROM calendars ORDER BY name, id',
  forms: 'SELECT id, location_id AS locationId, name FROM forms ORDER BY name, id',
  surveys: 'SELECT id, location_id AS locationId, name FROM surveys ORDER BY name, id',
  experiments: 'SELECT doc, started_at AS startedAt FROM experiments ORDER BY created_at DESC, id',
  webhooks: 'SELECT id, url, active, paused, doc FROM webhooks ORDER BY created_at, id',
} as const;

type Rows = Record<keyof typeof QUERIES, Record<string, unknown>[]>;

export function addCatalogRoute(admin: Hono<AppEnv>): void {
  admin.get('/v1/catalog', async (c) => {
    const names = Object.keys(QUERIES) as (keyof typeof QUERIES)[];
    const results = await c.env.DB.batch(names.map((name) => c.env.DB.prepare(`${QUERIES[name]} LIMIT ${CATALOG_LIMIT}`)));
    const rows = Object.fromEntries(names.map((name, i) => [name, (results[i]?.results ?? []) as Record<string, unknown>[]])) as Rows;
    const steps = rows.steps;
    return c.json({
      locations: rows.locations,
      funnels: rows.funnels.map((funnel) => ({
        ...funnel,
        steps: steps.filter((step) => step.funnelId === funnel.id).map(({ funnelId: _, ...step }) => step),
      })),
      pages: rows.pages.map((page) => ({ ...page, published: Boolean(page.published), draftChanged: Boolean(page.draftChanged) })),
      calendars: rows.calendars,
      forms: rows.forms,
      surveys: rows.surveys,
      experiments: rows.experiments.map((row) => ({ ...JSON.parse(String(row.doc)), startedAt: row.startedAt ?? null })),
      webhooks: rows.webhooks.map((row) => {
        const doc = JSON.parse(String(row.doc)) as { events?: unknown };
        return { id: row.id, url: row.url, events: doc.events ?? [], active: Boolean(row.active), paused: Boolean(row.paused) };
      }),
    });
  });
}
