import { createExecutionContext, env } from 'cloudflare:test';
import { platformApi } from '../../src/platform/app';
import { beforeAll, describe, expect, it } from 'vitest';
import { HOST, post, seedFunnelFixtures } from '../support/funnel-fixtures';
import { signingKey } from '../../src/platform/secrets';
import { previewToken } from '../../src/platform/services/preview-links';

beforeAll(() => seedFunnelFixtures());

/** The token of a page's preview link, as the admin API hands it out. */
const tokenOf = (pageId: string) => previewToken(signingKey(env, 'preview'), pageId);

async function getPage(body: unknown) {
  const res = await post('/funnelbuilder/get_page', body);
  return { status: res.status, data: (await res.json()) as Record<string, unknown> & { pageMeta: Record<string, unknown> } };
}

describe('POST /funnelbuilder/get_page by host and path', () => {
  it('answers the published page of the step at the path, with the funnel page state', async () => {
    const { status, data } = await getPage({ domain_name: HOST, page_url: '/sales' });
    expect(status).toBe(200);
    expect(data).toMatchObject({
      pageId: 'pg_sale',
      pageName: 'Sales',
      funnelId: 'fn_a',
      funnelDomain: HOST,
      funnelName: 'Guide funnel',
      stepId: 'st_sale',
      locationId: 'loc_a',
      locationCode: 'US',
      funnelPageId: 'pg_sale',
      funnelNextStep: 'https://shop.example.com/upsell',
      funnelNextPageId: 'pg_up',
      stripePublishableKey: { key: 'pk_test_locA123' },
      version: 1,
      location: {
        country: 'US',
        currency: 'USD',
        timezone: 'America/Chicago',
        language: 'en',
        branding: { logoURL: 'https://cdn.example.com/logo.png', name: 'Shop A' },
      },
    });
    expect(data.pageMeta).toMatchObject({ title: 'Sales', isPreviewUrl: false });
    expect(data.elements).toHaveLength(1);
    expect(data.funnelSteps).toEqual([
      { id: 'st_optin', url: 'https://shop.example.com/', value: 'Opt-in' },
      { id: 'st_sale', url: 'https://shop.example.com/sales', value: 'Sales' },
      { id: 'st_up', url: 'https://shop.example.com/upsell', value: 'Upsell' },
      { id: 'st_thanks', url: 'https://shop.example.com/thank-you', value: 'Thank you' },
    ]);
  });

  it('finds the same step with a trailing slash, a query string or an upper-case host with port', async () => {
    for (const body of [
      { domain_name: HOST, page_url: '/sales/' },
      { domain_name: HOST, page_url: 'sales' },
      { domain_name: 'SHOP.example.com:8443', page_url: '/sales?utm_source=x#top' },
    ]) {
      const { status, data } = await getPage(body);
      expect(status, JSON.stringify(body)).toBe(200);
      expect(data.stepId).toBe('st_sale');
    }
  });

  it('serves the first step for an empty path or /', async () => {
    for (const page_url of ['', '/', undefined]) {
      const { status, data } = await getPage({ domain_name: HOST, page_url });
      expect(status).toBe(200);
      expect(data).toMatchObject({ pageId: 'pg_optin', stepId: 'st_optin', funnelNextStep: 'https://shop.example.com/sales' });
    }
  });

  it("follows a step's explicit next step over the order", async () => {
    await env.DB.batch([
      env.DB.prepare(
        "INSERT INTO funnels (id, location_id, name, domain, created_at, updated_at) VALUES ('fn_skip', 'loc_a', 'Skip', 'skip.example.com', 0, 0)",
      ),
      env.DB.prepare(
        "INSERT INTO funnel_steps (id, funnel_id, name, path, position, page_id, next_step_id) VALUES ('st_s1', 'fn_skip', 'One', '/one', 0, 'pg_sale', 'st_s3')",
      ),
      env.DB.prepare("INSERT INTO funnel_steps (id, funnel_id, name, path, position, page_id) VALUES ('st_s2', 'fn_skip', 'Two', '/two', 1, 'pg_up')"),
      env.DB.prepare("INSERT INTO funnel_steps (id, funnel_id, name, path, position, page_id) VALUES ('st_s3', 'fn_skip', 'Three', '/three', 2, 'pg_thanks')"),
    ]);
    const { data } = await getPage({ domain_name: 'skip.example.com', page_url: '/one' });
    expect(data).toMatchObject({ funnelId: 'fn_skip', stepId: 'st_s1', funnelNextStep: 'https://skip.example.com/three', funnelNextPageId: 'pg_thanks' });
  });

  it('links steps on the host that serves a funnel without a custom domain', async () => {
    await env.DB.batch([
      env.DB.prepare("INSERT INTO funnels (id, location_id, name, domain, created_at, updated_at) VALUES ('fn_rel', 'loc_a', 'Rel', NULL, 0, 0)"),
      env.DB.prepare("INSERT INTO domains (host, location_id, funnel_id, created_at, updated_at) VALUES ('rel.example.com', 'loc_a', 'fn_rel', 0, 0)"),
      env.DB.prepare("INSERT INTO funnel_steps (id, funnel_id, name, path, position, page_id) VALUES ('st_r1', 'fn_rel', 'One', '/', 0, 'pg_sale')"),
      env.DB.prepare("INSERT INTO funnel_steps (id, funnel_id, name, path, position, page_id) VALUES ('st_r2', 'fn_rel', 'Two', '/two', 1, 'pg_up')"),
    ]);
    const { data } = await getPage({ domain_name: 'rel.example.com', page_url: '/' });
    expect(data).toMatchObject({
      funnelId: 'fn_rel',
      funnelDomain: 'rel.example.com',
      funnelNextStep: 'https://rel.example.com/two',
      funnelSteps: [
        { id: 'st_r1', url: 'https://rel.example.com/', value: 'One' },
        { id: 'st_r2', url: 'https://rel.example.com/two', value: 'Two' },
      ],
    });
  });

  // The renderer turns links on the requested host into root-relative paths, so a
  // development host keeps its http scheme and port (tests/e2e checks the rendered links).
  it('links a development host on the host it was asked on, without its port', async () => {
    await env.DB.batch([
      env.DB.prepare("INSERT INTO funnels (id, location_id, name, domain, created_at, updated_at) VALUES ('fn_dev', 'loc_a', 'Dev', 'demo.localhost', 0, 0)"),
      env.DB.prepare("INSERT INTO funnel_steps (id, funnel_id, name, path, position, page_id) VALUES ('st_d1', 'fn_dev', 'One', '/', 0, 'pg_thanks')"),
      env.DB.prepare("INSERT INTO funnel_steps (id, funnel_id, name, path, position, page_id) VALUES ('st_d2', 'fn_dev', 'Two', '/two', 1, 'pg_n2')"),
    ]);
    const byHost = await getPage({ domain_name: 'demo.localhost:4321', page_url: '/' });
    expect(byHost.data).toMatchObject({ funnelDomain: 'demo.localhost', funnelNextStep: 'https://demo.localhost/two' });
  });

  it('has no next step on the last step', async () => {
    const { data } = await getPage({ domain_name: HOST, page_url: '/thank-you' });
    expect(data).toMatchObject({ stepId: 'st_thanks', funnelNextStep: '', funnelNextPageId: '' });
  });

  it('answers 404 Page not found for an unknown host or path', async () => {
    for (const body of [
      { domain_name: 'nobody.example.com', page_url: '/' },
      { domain_name: HOST, page_url: '/nope' },
    ]) {
      const res = await post('/funnelbuilder/get_page', body);
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ msg: 'Page not found' });
    }
  });

  it('answers 404 for paths no step can have, SQL text included', async () => {
    for (const page_url of ["/x'; DROP TABLE pages; --", '/caf%C3%A9', '/../../etc/passwd', '//']) {
      const res = await post('/funnelbuilder/get_page', { domain_name: HOST, page_url });
      expect(res.status, page_url).toBe(page_url === '//' ? 200 : 404);
    }
    expect(await env.DB.prepare('SELECT count(*) AS n FROM pages').first('n')).toBeGreaterThan(0);
  });

  it('finds a funnel by its own domain when the domain row names no funnel', async () => {
    await env.DB.batch([
      env.DB.prepare("INSERT INTO funnels (id, location_id, name, domain, created_at, updated_at) VALUES ('fn_c', 'loc_a', 'C', 'c.example.com', 0, 0)"),
      env.DB.prepare("INSERT INTO domains (host, location_id, funnel_id, created_at, updated_at) VALUES ('c.example.com', 'loc_a', NULL, 0, 0)"),
      env.DB.prepare("INSERT INTO funnel_steps (id, funnel_id, name, path, position, page_id) VALUES ('st_c', 'fn_c', 'C', '/welcome', 0, 'pg_n1')"),
    ]);
    const { status, data } = await getPage({ domain_name: 'c.example.com', page_url: '/welcome/' });
    expect(status).toBe(200);
    expect(data).toMatchObject({ pageId: 'pg_n1', funnelDomain: 'c.example.com' });
  });

  it('builds step URLs on the requested domain, also for a funnel without a custom domain', async () => {
    await env.DB.batch([
      env.DB.prepare("INSERT INTO domains (host, location_id, funnel_id, created_at, updated_at) VALUES ('plain.localhost', 'loc_a', 'fn_n', 0, 0)"),
      env.DB.prepare("INSERT INTO domains (host, location_id, funnel_id, created_at, updated_at) VALUES ('www.shop.example.com', 'loc_a', 'fn_a', 0, 0)"),
    ]);
    try {
      const plain = await getPage({ domain_name: 'Plain.localhost:4321', page_url: '/' });
      expect(plain.status).toBe(200);
      expect(plain.data).toMatchObject({ pageId: 'pg_n1', funnelNextStep: 'https://plain.localhost/next' });
      expect(plain.data.funnelSteps).toEqual([
        { id: 'st_n1', url: 'https://plain.localhost/start', value: 'Start' },
        { id: 'st_n2', url: 'https://plain.localhost/next', value: 'Next' },
      ]);
      const www = await getPage({ domain_name: 'www.shop.example.com', page_url: '/sales' });
      expect(www.data).toMatchObject({ stepId: 'st_sale', funnelNextStep: 'https://www.shop.example.com/upsell' });
      // Opened by id (the preview), a funnel whose domains are only domain rows links to previews.
      const preview = await getPage({ page_id: 'pg_n1', preview: true, preview_token: await tokenOf('pg_n1') });
      expect(preview.data).toMatchObject({ funnelNextStep: `/v2/preview/pg_n2?preview_token=${await tokenOf('pg_n2')}` });
    } finally {
      await env.DB.prepare("DELETE FROM domains WHERE host IN ('plain.localhost', 'www.shop.example.com')").run();
    }
  });
});

describe('POST /funnelbuilder/get_page by page id', () => {
  it('answers the published document and links the next step by preview URL without a custom domain', async () => {
    const { status, data } = await getPage({ page_id: 'pg_n1' });
    expect(status).toBe(200);
    expect(data).toMatchObject({
      pageId: 'pg_n1',
      funnelId: 'fn_n',
      funnelDomain: '',
      stepId: 'st_n1',
      funnelNextStep: '/v2/preview/pg_n2',
      funnelNextPageId: 'pg_n2',
      funnelSteps: [
        { id: 'st_n1', url: '/v2/preview/pg_n1', value: 'Start' },
        { id: 'st_n2', url: '/v2/preview/pg_n2', value: 'Next' },
      ],
    });
    expect(data.pageMeta).toMatchObject({ title: 'Start', isPreviewUrl: false });
  });

  it('answers the draft for a preview, flagged as a preview and never cached', async () => {
    const res = await post('/funnelbuilder/get_page', { page_id: 'pg_optin', preview: true, preview_token: await tokenOf('pg_optin') });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const data = (await res.json()) as { pageMeta: Record<string, unknown>; version: number };
    expect(data.pageMeta).toMatchObject({ title: 'Free guide (draft)', isPreviewUrl: true });
    expect(data.version).toBe(3);
    const published = await getPage({ page_id: 'pg_optin' });
    expect(published.data.pageMeta).toMatchObject({ title: 'Free guide', isPreviewUrl: false });
  });

  it('answers 404 for an unpublished page unless previewed, and for an unknown id', async () => {
    expect((await getPage({ page_id: 'pg_unpub' })).status).toBe(404);
    const preview = await getPage({ page_id: 'pg_unpub', preview: true, preview_token: await tokenOf('pg_unpub') });
    expect(preview.status).toBe(200);
    expect(preview.data).toMatchObject({ pageId: 'pg_unpub', funnelId: '', funnelSteps: [], funnelNextStep: '' });
    const unknown = await post('/funnelbuilder/get_page', { page_id: 'pg_missing' });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ msg: 'Page not found' });
  });

  it('resolves a step id to the page the step shows (/v2/preview/{stepId})', async () => {
    const { status, data } = await getPage({ page_id: 'st_n2', preview: true, preview_token: await tokenOf('pg_n2') });
    expect(status).toBe(200);
    expect(data).toMatchObject({ pageId: 'pg_n2', stepId: 'st_n2', funnelNextStep: '' });
  });

  it("shows a draft only with its page's preview token: otherwise 404, as for an unknown page", async () => {
    const own = await tokenOf('pg_unpub');
    for (const body of [
      { page_id: 'pg_unpub', preview: true },
      { page_id: 'pg_unpub', preview: true, preview_token: '' },
      { page_id: 'pg_unpub', preview: true, preview_token: await tokenOf('pg_optin') },
      { page_id: 'pg_unpub', preview: true, preview_token: `${own.slice(0, -1)}${own.endsWith('A') ? 'B' : 'A'}` },
      { page_id: 'pg_optin', preview: true, preview_token: own },
      { domain_name: HOST, page_url: '/', preview: true },
      { domain_name: HOST, page_url: '/', preview: true, preview_token: own },
    ]) {
      const res = await post('/funnelbuilder/get_page', body);
      expect(res.status, JSON.stringify(body)).toBe(404);
      const text = await res.text();
      expect(JSON.parse(text), JSON.stringify(body)).toEqual({ msg: 'Page not found' });
      expect(text).not.toContain('draft');
    }
    // With the token of the page the host's root shows, its draft.
    const byHost = await getPage({ domain_name: HOST, page_url: '/', preview: true, preview_token: await tokenOf('pg_optin') });
    expect(byHost.status).toBe(200);
    expect(byHost.data.pageMeta).toMatchObject({ title: 'Free guide (draft)', isPreviewUrl: true });
  });

  it('never hands out a secret key as the publishable key; falls back to the platform key', async () => {
    const { data } = await getPage({ page_id: 'pg_b' });
    expect(data.stripePublishableKey).toEqual({ key: '' });
    expect(data.location).toMatchObject({ country: 'DE', currency: 'EUR', language: 'de' });
    const ctx = createExecutionContext();
    const res = await platformApi.fetch(
      new Request('http://host.test/api/funnelbuilder/get_page', { method: 'POST', body: JSON.stringify({ page_id: 'pg_b' }) }),
      { ...env, STRIPE_PUBLISHABLE_KEY: 'pk_test_platform1', STRIPE_SECRET_KEY: 'sk_test_never_shown' },
      ctx,
    );
    const text = await res.text();
    expect(JSON.parse(text).stripePublishableKey).toEqual({ key: 'pk_test_platform1' });
    expect(text).not.toContain('sk_test');
  });

  it('rejects bad lookups with 400 and a msg', async () => {
    for (const body of [
      {},
      { page_id: '../x' },
      { page_id: "'; DROP TABLE pages; --" },
      { domain_name: 'not a host' },
      { page_id: 42 },
      { page_id: 'pg_optin', preview: 'yes' },
      { page_id: 'pg_optin', preview: true, preview_token: 7 },
      { page_id: 'pg_optin', preview: true, preview_token: 'x'.repeat(101) },
      { domain_name: HOST, page_url: 7 },
    ]) {
      const res = await post('/funnelbuilder/get_page', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(typeof ((await res.json()) as { msg: unknown }).msg).toBe('string');
    }
    expect(await env.DB.prepare('SELECT count(*) AS n FROM pages').first('n')).toBeGreaterThan(0);
  });
});

describe('POST /funnelbuilder/get_robots_txt', () => {
  it("answers the host's robots.txt, empty for an unknown host", async () => {
    const known = await post('/funnelbuilder/get_robots_txt', { domain: HOST });
    expect(await known.json()).toEqual({ robotsTxtCode: 'User-agent: *\nDisallow: /private' });
    const unknown = await post('/funnelbuilder/get_robots_txt', { domain: 'nobody.example.com' });
    expect(await unknown.json()).toEqual({ robotsTxtCode: '' });
  });

  it('is what /robots.txt serves for the requesting host', async () => {
    const { SELF } = await import('cloudflare:test');
    const res = await SELF.fetch(`http://${HOST}/robots.txt`);
    expect(await res.text()).toBe('User-agent: *\nDisallow: /private');
  });
});
