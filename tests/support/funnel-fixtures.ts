/**
 * Rows the funnel and payment API tests share: two locations, a funnel on a custom domain
 * (opt-in, sales and thank-you steps), a funnel without a domain, pages with drafts and
 * published documents, and products priced in the database.
 */
import { createExecutionContext, env, SELF, waitOnExecutionContext } from 'cloudflare:test';
import { platformApi } from '../../src/platform/app';
import { STRIPE_STAND_IN_HOST } from './stripe-stand-in';

export const HOST = 'shop.example.com';

const page = (id: string, title: string, extra: Record<string, unknown> = {}) =>
  JSON.stringify({
    pageId: id,
    pageName: title,
    pageMeta: { title, description: `${title} page`, isPreviewUrl: false },
    general: { general: { fontsToLoad: ['Montserrat'], pageStyles: '' } },
    elements: [{ id: 'sec_1', type: 'section', meta: 'section', tagName: 'c-section', child: [], extra: {} }],
    popups: [],
    ...extra,
  });

export async function seedFunnelFixtures(db: D1Database = env.DB): Promise<void> {
  const locDoc = JSON.stringify({
    stripePublishableKey: 'pk_test_locA123',
    branding: { logoURL: 'https://cdn.example.com/logo.png', name: 'Shop A' },
    phone: '+12025550100',
  });
  await db.batch([
    db
      .prepare(
        "INSERT INTO locations (id, name, country, timezone, currency, language, doc, created_at, updated_at) VALUES ('loc_a', 'Shop A', 'US', 'America/Chicago', 'USD', 'en', ?, 0, 0)",
      )
      .bind(locDoc),
    db.prepare(
      "INSERT INTO locations (id, name, country, timezone, currency, language, doc, created_at, updated_at) VALUES ('loc_b', 'Shop B', 'DE', 'Europe/Berlin', 'EUR', 'de', '{\"stripePublishableKey\":\"sk_test_oops\"}', 0, 0)",
    ),
    db.prepare(
      "INSERT INTO funnels (id, location_id, name, domain, created_at, updated_at) VALUES ('fn_a', 'loc_a', 'Guide funnel', 'shop.example.com', 0, 0)",
    ),
    db.prepare("INSERT INTO funnels (id, location_id, name, domain, created_at, updated_at) VALUES ('fn_n', 'loc_a', 'Plain funnel', NULL, 0, 0)"),
    db.prepare("INSERT INTO funnels (id, location_id, name, domain, created_at, updated_at) VALUES ('fn_b', 'loc_b', 'B funnel', NULL, 0, 0)"),
    db.prepare(
      "INSERT INTO domains (host, location_id, funnel_id, robots_txt, created_at, updated_at) VALUES ('shop.example.com', 'loc_a', 'fn_a', 'User-agent: *\nDisallow: /private', 0, 0)",
    ),
    db.prepare("INSERT INTO domains (host, location_id, funnel_id, robots_txt, created_at, updated_at) VALUES ('b.example.com', 'loc_b', 'fn_b', '', 0, 0)"),
    db.prepare("INSERT INTO funnel_steps (id, funnel_id, name, path, position, page_id) VALUES ('st_optin', 'fn_a', 'Opt-in', '/', 0, 'pg_optin')"),
    db.prepare("INSERT INTO funnel_steps (id, funnel_id, name, path, position, page_id) VALUES ('st_sale', 'fn_a', 'Sales', '/sales', 1, 'pg_sale')"),
    db.prepare("INSERT INTO funnel_steps (id, funnel_id, name, path, position, page_id) VALUES ('st_up', 'fn_a', 'Upsell', '/upsell', 2, 'pg_up')"),
    db.prepare(
      "INSERT INTO funnel_steps (id, funnel_id, name, path, position, page_id) VALUES ('st_thanks', 'fn_a', 'Thank you', '/thank-you', 3, 'pg_thanks')",
    ),
    db.prepare("INSERT INTO funnel_steps (id, funnel_id, name, path, position, page_id) VALUES ('st_n1', 'fn_n', 'Start', '/start', 0, 'pg_n1')"),
    db.prepare("INSERT INTO funnel_steps (id, funnel_id, name, path, position, page_id) VALUES ('st_n2', 'fn_n', 'Next', '/next', 1, 'pg_n2')"),
    db.prepare("INSERT INTO funnel_steps (id, funnel_id, name, path, position, page_id) VALUES ('st_b', 'fn_b', 'B', '/b', 0, 'pg_b')"),
    ...(
      [
        ['pg_optin', 'fn_a', 'st_optin', 'Free guide', 3],
        ['pg_sale', 'fn_a', 'st_sale', 'Sales', 1],
        ['pg_up', 'fn_a', 'st_up', 'Upsell', 1],
        ['pg_thanks', 'fn_a', 'st_thanks', 'Thanks', 1],
        ['pg_n1', 'fn_n', 'st_n1', 'Start', 1],
        ['pg_n2', 'fn_n', 'st_n2', 'Next', 1],
      ] as const
    ).map(([id, funnel, step, title, version]) =>
      db
        .prepare(
          "INSERT INTO pages (id, location_id, funnel_id, step_id, name, draft, published, version, published_at, updated_at) VALUES (?, 'loc_a', ?, ?, ?, ?, ?, ?, 0, 0)",
        )
        .bind(id, funnel, step, title, page(id, `${title} (draft)`), page(id, title), version),
    ),
    db
      .prepare(
        "INSERT INTO pages (id, location_id, funnel_id, step_id, name, draft, published, version, updated_at) VALUES ('pg_b', 'loc_b', 'fn_b', 'st_b', 'B', ?, ?, 1, 0)",
      )
      .bind(page('pg_b', 'B'), page('pg_b', 'B')),
    db
      .prepare("INSERT INTO pages (id, location_id, name, draft, published, version, updated_at) VALUES ('pg_unpub', 'loc_a', 'Unpublished', ?, NULL, 0, 0)")
      .bind(page('pg_unpub', 'Work in progress')),
    ...(
      [
        ['pr_main', 'loc_a', 'fn_a', 'st_sale', 'Course', 'one_time', 4900, 'USD', null, 0, 0],
        ['pr_bump', 'loc_a', 'fn_a', 'st_sale', 'Workbook', 'one_time', 1500, 'USD', null, 1, 1],
        ['pr_sub', 'loc_a', 'fn_a', 'st_sale', 'Club', 'recurring', 999, 'USD', 'month', 0, 2],
        ['pr_eur', 'loc_a', 'fn_a', 'st_sale', 'Euro book', 'one_time', 1000, 'EUR', null, 0, 3],
        ['pr_up', 'loc_a', 'fn_a', 'st_up', 'Coaching', 'one_time', 2900, 'USD', null, 0, 0],
        ['pr_jpy', 'loc_a', 'fn_n', 'st_n2', 'Tea', 'one_time', 1200, 'JPY', null, 0, 0],
        ['pr_b', 'loc_b', 'fn_b', 'st_b', 'Other seller', 'one_time', 100, 'EUR', null, 0, 0],
      ] as const
    ).map((p) =>
      db
        .prepare(
          'INSERT INTO products (id, location_id, funnel_id, step_id, name, payment_type, amount, currency, interval, bump, position, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0, 0)',
        )
        .bind(...p),
    ),
  ]);
}

let visitor = 0;

/**
 * POSTs JSON (or a raw string body) to the API through the worker, each call from a client
 * address of its own (so the per-address rate limits stay out of tests about other things)
 * unless `init.headers` says otherwise.
 */
export function post(path: string, body?: unknown, init: RequestInit = {}): Promise<Response> {
  visitor += 1;
  return SELF.fetch(`http://host.test/api${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'cf-connecting-ip': `203.0.113.${visitor % 250}` },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    ...init,
  });
}

/** The worker's bindings with card payments configured against the Stripe stand-in. */
export const stripeEnv = () => ({ ...env, STRIPE_SECRET_KEY: 'sk_test_standin', STRIPE_API_HOST: STRIPE_STAND_IN_HOST });

/** Calls the built-in platform API with card payments configured (the stand-in answers for Stripe). */
export async function postWithStripe(path: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  const ctx = createExecutionContext();
  const res = await platformApi.fetch(
    new Request(`http://host.test/api${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    }),
    stripeEnv(),
    ctx,
  );
  await waitOnExecutionContext(ctx);
  return res;
}

/** Confirms a SetupIntent with a card on the stand-in, as Stripe.js does in the browser. */
export async function confirmCard(clientSecret: string, paymentMethod = 'pm_card_visa'): Promise<void> {
  const id = clientSecret.split('_secret_')[0];
  const res = await fetch(`http://${STRIPE_STAND_IN_HOST}/v1/setup_intents/${id}/confirm`, {
    method: 'POST',
    headers: { authorization: 'Bearer sk_test_standin', 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ payment_method: paymentMethod }),
  });
  if (!res.ok) throw new Error(`stand-in refused the confirmation: ${res.status}`);
}

export interface StripeRequest {
  method: string;
  path: string;
  idempotencyKey: string | null;
  params: Record<string, string>;
  replayed: boolean;
}

/** Every request the Stripe stand-in has seen. */
export async function stripeLog(): Promise<StripeRequest[]> {
  return (await (await fetch(`http://${STRIPE_STAND_IN_HOST}/__log`)).json()) as StripeRequest[];
}

/** Arms a failure of the next `times` Stripe calls to `path`: an HTTP status, or a dropped connection. */
export async function failStripe(path: string, failure: { status?: number; drop?: boolean; times?: number } = {}): Promise<void> {
  const body = new URLSearchParams({ path, status: String(failure.status ?? 500), drop: String(Boolean(failure.drop)), times: String(failure.times ?? 1) });
  await fetch(`http://${STRIPE_STAND_IN_HOST}/__fail`, { method: 'POST', body });
}

/** Row count of a table, to prove a refused call wrote nothing. */
export async function count(table: string): Promise<number> {
  const row = await env.DB.prepare(`SELECT count(*) AS n FROM ${table}`).first<{ n: number }>();
  return row?.n ?? 0;
}
