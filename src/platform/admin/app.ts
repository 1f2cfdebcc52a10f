/**
 * The admin API under /admin/v1, behind the bearer token or the dashboard's session (auth.ts), with the
 * request's clock (../clock.ts); POST /admin/session and /admin/session/sign-out sign the dashboard in and out (sign-in.ts):
 *   GET    /admin/v1/status                 row counts per table, the kinds in dependency order, unpublished page ids,
 *                                           paused webhook endpoints and the dispatches waiting, held or dead
 *   PUT    /admin/v1/{kind}/{id}            store a document (201 created, 200 replaced)
 *   GET    /admin/v1/{kind}/{id}            read it back
 *   DELETE /admin/v1/{kind}/{id}            remove it (409 while others depend on it)
 *   POST   /admin/v1/pages/{id}/publish     copy the draft to the published page
 *   uploads/{id}/link, contacts/{id}/export, DELETE contacts/{id}: see privacy.ts
 *   GET    /admin/v1/contacts/{id}/consents   a contact's consent records: see consents.ts
 *   PUT webhooks/{id}, webhooks/{id}/test, webhooks/{id}/deliveries: see webhooks.ts
 * GET /admin/v1/stats/funnels/{id}: a funnel's statistics, see ../stats/routes.ts.
 *   GET catalog (the dashboard's lists of documents): see catalog.ts
 *   GET calendars/{id}/appointments, POST appointments/{id}/cancel (the seller's bookings): see bookings.ts
 * The results calls (contacts, submissions, appointments, orders: lists, exports, one contact
 * whole) are ../results/routes.ts.
 * Kinds: see db/documents/index.ts. Writes purge the page-cache keys they make stale.
 * A page's PUT and publish answer its `previewUrl` (the signed link to its draft,
 * ../services/preview-links.ts); its GET, which answers the document as stored, sends the
 * link in the `x-preview-url` header (`previewUrl` in a page document is the membership site).
 */
import { type Context, Hono } from 'hono';
import { documentKinds, isKindName, KIND_ORDER, type KindName } from '../db/documents/index';
import { pageKind, publishPage } from '../db/documents/pages';
import { clock } from '../clock';
import type { AppEnv } from '../env';
import { ApiError, errorResponse, parseWith, readJson } from '../http';
import { reportError } from '../../lib/report-error';
import { unservableVariants } from '../services/experiment-serving';
import { requireAdminToken } from './auth';
import { purgeCacheKeys, purgePageCache } from './page-cache';
import { previewPath } from '../services/preview-links';
import { signingKey } from '../secrets';
import { addConsentRoutes } from './consents';
import { addPrivacyRoutes } from './privacy';
import { addWebhookRoutes } from './webhooks';
import { addSignInRoutes } from './sign-in';
import { addCatalogRoute } from './catalog';
import { addBookingRoutes } from './bookings';
import { countTables, deleteDocument, getDocument, putDocument } from './store';
import { mountResults } from '../results/routes';
import { sendWebhooksAfterWrites } from '../webhooks/flush';
import { webhookStatus } from '../webhooks/status';
import { mountStats } from '../stats/routes';

/** Largest document the admin API accepts (D1 keeps rows up to 2 MB). */
export const ADMIN_JSON_LIMIT = 1024 * 1024;

/**
 * Runs a cache purge after a committed write, once more if it fails. The write is saved
 * whatever happens here, so a purge that still fails is reported (and the answer says
 * `cachePurged: false`) rather than turned into a 500 that would invite a second write.
 */
async function purgeAfterWrite(purge: () => Promise<void>, context: Record<string, unknown>): Promise<{ cachePurged: boolean }> {
  for (let attempt = 1; ; attempt++) {
    try {
      await purge();
      return { cachePurged: true };
    } catch (err) {
      if (attempt >= 2) {
        reportError(err, { ...context, where: 'admin cache purge' });
        return { cachePurged: false };
      }
    }
  }
}

/** The signed preview link of page `pageId` (a path: the worker serves previews on any of its hosts). */
const previewUrlOf = (c: Context<AppEnv>, pageId: string) => previewPath(signingKey(c.env, 'preview'), pageId);

function kindOf(c: Context<AppEnv>): KindName {
  const name = c.req.param('kind') ?? '';
  if (!isKindName(name)) throw new ApiError(404, `Unknown kind ${name.slice(0, 40)}; expected one of ${KIND_ORDER.join(', ')}`);
  return name;
}

export function createAdminApi(): Hono<AppEnv> {
  const admin = new Hono<AppEnv>().basePath('/admin');
  admin.use('*', clock());
  // The dashboard's sign-in and sign-out (./sign-in.ts) are the only calls without the token;
  // every other path under /admin that is not the API is the dashboard's page (src/pages/admin/).
  addSignInRoutes(admin);
  admin.use('/v1/*', requireAdminToken(), sendWebhooksAfterWrites());

  admin.get('/v1/status', async (c) => {
    const counts = await countTables(c.env.DB);
    const empty = KIND_ORDER.every((k) => counts[documentKinds[k].table as keyof typeof counts] === 0);
    // Pages never published: `npm start` publishes the demo's and then checks none is left.
    const unpublished = await c.env.DB.prepare('SELECT id FROM pages WHERE published IS NULL ORDER BY id LIMIT 1000').all<{ id: string }>();
    // Split-test variants served as the control because their page is gone or unpublished.
    const unservable = await unservableVariants(c.env.DB);
    return c.json({
      counts,
      empty,
      kinds: KIND_ORDER,
      unpublishedPages: unpublished.results.map((row) => row.id),
      unservableVariants: unservable,
      webhooks: await webhookStatus(c.env.DB),
    });
  });

  // Before the document routes: /v1/contacts/{id} and /v1/{kind}/export are not documents.
  mountResults(admin);
  mountStats(admin);

  admin.post('/v1/pages/:id/publish', async (c) => {
    const pageId = parseWith(pageKind.pathId, c.req.param('id'));
    const result = await publishPage(c.env.DB, pageId, c.var.now);
    const purged = await purgeAfterWrite(() => purgePageCache(c.env, result.id), { pageId });
    return c.json({ ...result, previewUrl: await previewUrlOf(c, result.id), ...purged });
  });

  addPrivacyRoutes(admin);
  addCatalogRoute(admin);
  addBookingRoutes(admin);
  addConsentRoutes(admin);
  // Before the document routes: a webhook's URL is checked against the deployment's rules first.
  addWebhookRoutes(admin);

  admin.put('/v1/:kind/:id', async (c) => {
    const kind = kindOf(c);
    const body = await readJson(c.req.raw, ADMIN_JSON_LIMIT);
    const result = await putDocument(c.env.DB, kind, c.req.param('id'), body, c.var.now, c.var.random);
    const purged = await purgeAfterWrite(() => purgeCacheKeys(c.env.PAGE_CACHE, result.staleKeys, result.pages), { kind, id: result.id });
    const preview = kind === 'pages' ? { previewUrl: await previewUrlOf(c, result.id) } : {};
    return c.json({ kind, id: result.id, created: result.created, ...preview, ...purged }, result.created ? 201 : 200);
  });

  admin.get('/v1/:kind/:id', async (c) => {
    const kind = kindOf(c);
    const doc = await getDocument(c.env.DB, kind, c.req.param('id'));
    if (kind === 'pages') c.header('x-preview-url', await previewUrlOf(c, parseWith(pageKind.pathId, c.req.param('id'))));
    if (kind === 'experiments') return c.json({ ...(doc as object), unservableVariants: await unservableVariants(c.env.DB, c.req.param('id')) });
    return c.json(doc);
  });

  admin.delete('/v1/:kind/:id', async (c) => {
    const kind = kindOf(c);
    const result = await deleteDocument(c.env.DB, kind, c.req.param('id'), c.var.now);
    const purged = await purgeAfterWrite(() => purgeCacheKeys(c.env.PAGE_CACHE, result.staleKeys, result.pages), { kind, id: result.id });
    return c.json({ kind, id: result.id, deleted: true, ...purged });
  });

  admin.all('/v1/*', (c) => c.json({ msg: 'Not found' }, 404));
  admin.onError((err, c) => errorResponse(c, err));
  return admin;
}
