/** Routes of the funnel area: thin handlers over services. */
import type { Context, Hono } from 'hono';
import { mount } from '../call';
import { funnelCalls as calls } from '../../schemas/calls/funnel';
import type { AppEnv } from '../env';
import { ApiError } from '../http';
import { assertWithinCallLimit, type LimitedCall } from '../services/call-limits';
import { firstLanguage } from '../services/consent';
import { findContactByEmail } from '../services/contacts';
import { recordBrowserEvent } from '../services/funnel-events';
import { locationExists } from '../services/locations';
import { submitOptin } from '../services/optin';
import { recordPageError } from '../services/page-errors';
import { getFunnelPage } from '../services/pages';
import { EDGE_TOKEN_HEADER, isEdgeCallToken } from '../services/experiment-serving';
import { RELAYED_VARIANTS_HEADER, variantCookiesOf } from '../services/experiment-tags';
import { signingKey } from '../secrets';
import { getRobotsTxt } from '../services/robots';
import { rateLimitScale } from '../services/rate-limit';
import { assertSessionTarget, ensureSession } from '../services/sessions';
import { clientIp } from './submit-env';
import { recordVitals } from '../stats/vitals';

/** Counts a public call against its limits (services/call-limits.ts) by the client address the forms use too. */
function limitCall(c: Context<AppEnv>, call: LimitedCall, locationId?: string): Promise<void> {
  const caller = { ip: clientIp(c), scope: locationId };
  return assertWithinCallLimit(c.env.DB, call, caller, c.var.now, rateLimitScale(c.env));
}

export function registerFunnelRoutes(app: Hono<AppEnv>): void {
  // The error log of pages (issue 30): rate-limited per client like the booking-error report.
  mount(app, calls.pageError, async (c, { json }) => {
    const id = await recordPageError(
      c.env.DB,
      { kind: json.kind, message: json.message, pageId: json.page_id, data: json.data },
      clientIp(c) ?? 'unknown',
      c.var.now,
      c.var.random,
    );
    return c.json({ ok: true, ...(id ? {} : { duplicate: true }) });
  });

  mount(app, calls.getPage, async (c, { json }) => {
    const page = await getFunnelPage(
      c.env.DB,
      {
        pageId: json.page_id,
        host: json.domain_name,
        path: json.page_url,
        preview: json.preview,
        edge: await isEdgeCallToken(c.env, c.req.header(EDGE_TOKEN_HEADER)),
      },
      c.env.STRIPE_PUBLISHABLE_KEY,
      { key: signingKey(c.env, 'preview'), token: json.preview_token },
    );
    if (!page) throw new ApiError(404, 'Page not found');
    // A draft must never be cached; a published page is cached by the edge under its version.
    return c.json(page, 200, { 'cache-control': json.preview ? 'no-store' : 'private, max-age=0' });
  });

  mount(app, calls.getRobotsTxt, async (c, { json }) => c.json({ robotsTxtCode: await getRobotsTxt(c.env.DB, json.domain) }));

  mount(app, calls.funnelEvent, async (c, { json }) => {
    await limitCall(c, 'funnelEvent');
    await recordBrowserEvent(
      c.env.DB,
      {
        funnelId: json.funnel_id,
        stepId: json.funnel_step_id,
        pageId: json.page_id,
        eventType: json.event_type,
        domainName: json.domain_name,
        pageUrl: json.page_url,
        fingerprint: json.fingerprint,
        oldFingerprint: json.old_fingerprint,
      },
      c.var.now,
    );
    return c.json({ ok: true });
  });

  mount(app, calls.vitals, async (c, { json }) => {
    await limitCall(c, 'vitals');
    await recordVitals(c.env.DB, json, c.var.now);
    return c.json({ ok: true });
  });

  mount(app, calls.session, async (c, { json }) => {
    if (!(await locationExists(c.env.DB, json.locationId))) throw new ApiError(404, 'Location not found');
    await assertSessionTarget(c.env.DB, json.locationId, json.type, json.id);
    const session = await ensureSession(
      c.env.DB,
      { locationId: json.locationId, kind: json.type, refId: json.id, name: json.name, fingerprint: json.fingerprint },
      c.var.now,
      c.var.random,
    );
    return c.json(session);
  });

  mount(app, calls.exists, async (c, { json }) => {
    await limitCall(c, 'exists', json.location_id);
    if (!(await locationExists(c.env.DB, json.location_id))) throw new ApiError(404, 'Location not found');
    const existing = await findContactByEmail(c.env.DB, json.location_id, json.email);
    if (existing) return c.json({ msg: 'A user with this email already exists.' }, 409);
    return c.json({ msg: 'Email is available' });
  });

  mount(app, calls.contact, async (c, { json }) => {
    await limitCall(c, 'contact', json.location_id);
    const visitor = { ip: clientIp(c), userAgent: c.req.header('user-agent') ?? null, language: firstLanguage(c.req.header('accept-language')) };
    const variantCookies = variantCookiesOf(c.req.header('cookie'), c.req.header(RELAYED_VARIANTS_HEADER));
    return c.json(
      await submitOptin(c.env.DB, json, c.var.now, c.var.random, { cookie: c.req.header('cookie') ?? null, visitor, variantCookies, secrets: c.env }),
    );
  });
}
