import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { pageCacheKey, pageCacheKeys } from '../../src/platform/admin/page-cache';
import { admin, funnel, location, page, product, put } from './admin-support';
import { post } from '../support/funnel-fixtures';

async function pageRow(id: string) {
  return env.DB.prepare('SELECT draft, published, version, published_at FROM pages WHERE id = ?').bind(id).first<{
    draft: string;
    published: string | null;
    version: number;
    published_at: number | null;
  }>();
}

beforeAll(async () => {
  await put('/locations/loc_a', location());
  await put('/funnels/fn_a', { ...funnel('fn_a'), domain: 'Funnel.Example.com' });
  await put('/domains/shop.example.com', { host: 'shop.example.com', locationId: 'loc_a', funnelId: 'fn_a' });
  await put('/pages/fn_a_p1', page('fn_a_p1', 'loc_a', 'First draft'));
});

describe('publishing a page', () => {
  it('knows every key the page is cached under', async () => {
    expect((await pageCacheKeys(env.DB, 'fn_a_p1')).sort()).toEqual(['page-id:fn_a_p1', 'page:funnel.example.com/', 'page:shop.example.com/']);
    expect(pageCacheKey('Shop.Example.com', '/thanks/')).toBe('page:shop.example.com/thanks');
  });

  it('copies the draft, bumps the version and purges the cache', async () => {
    const keys = ['page:shop.example.com/', 'page:funnel.example.com/', 'page-id:fn_a_p1'];
    for (const key of [...keys, 'page:shop.example.com/thanks']) await env.PAGE_CACHE.put(key, 'stale copy');
    const res = await admin('POST', '/pages/fn_a_p1/publish');
    expect(res.status).toBe(200);
    const body = (await res.json()) as { id: string; version: number; publishedAt: number };
    expect(body).toMatchObject({ id: 'fn_a_p1', version: 1 });
    const row = await pageRow('fn_a_p1');
    expect(row?.published).toBe(row?.draft);
    expect(JSON.parse(row?.published ?? '{}').pageName).toBe('First draft');
    expect(row?.published_at).toBe(body.publishedAt);
    for (const key of keys) expect(await env.PAGE_CACHE.get(key), key).toBeNull();
    // Another page's copy stays.
    expect(await env.PAGE_CACHE.get('page:shop.example.com/thanks')).toBe('stale copy');
  });

  it('also purges the keys the renderer indexed for the page (e.g. a ?domain= lookup)', async () => {
    await env.PAGE_CACHE.put('page:preview.example.com/', 'copy via ?domain=');
    await env.PAGE_CACHE.put('page-id:fn_a_p1', JSON.stringify({ version: '1', keys: ['page:preview.example.com/'], storedAt: 0 }));
    expect((await admin('POST', '/pages/fn_a_p1/publish')).status).toBe(200);
    expect(await env.PAGE_CACHE.get('page:preview.example.com/')).toBeNull();
    expect(await env.PAGE_CACHE.get('page-id:fn_a_p1')).toBeNull();
  });

  it('keeps the published copy while a new draft is saved, until the next publish', async () => {
    await put('/pages/fn_a_p1', page('fn_a_p1', 'loc_a', 'Second draft'));
    let row = await pageRow('fn_a_p1');
    expect(JSON.parse(row?.published ?? '{}').pageName).toBe('First draft');
    expect(JSON.parse(row?.draft ?? '{}').pageName).toBe('Second draft');
    expect((await admin('POST', '/pages/fn_a_p1/publish')).status).toBe(200);
    row = await pageRow('fn_a_p1');
    expect(row?.version).toBe(3);
    expect(JSON.parse(row?.published ?? '{}').pageName).toBe('Second draft');
  });

  it('answers 404 for an unknown page and 400 for a bad id', async () => {
    const res = await admin('POST', '/pages/pg_none/publish');
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ msg: 'Page pg_none does not exist' });
    expect((await admin('POST', `/pages/${encodeURIComponent("x' OR 1=1")}/publish`)).status).toBe(400);
  });

  it('purges the old path when a funnel moves a step', async () => {
    await env.PAGE_CACHE.put('page:shop.example.com/', 'old copy');
    const doc = funnel('fn_a');
    await put('/funnels/fn_a', { ...doc, steps: [{ ...doc.steps[0], path: '/start' }, doc.steps[1]] });
    expect(await env.PAGE_CACHE.get('page:shop.example.com/')).toBeNull();
  });

  it('purges a host whose domain moves to another funnel', async () => {
    await env.PAGE_CACHE.put('page:shop.example.com/start', 'old copy');
    await put('/domains/shop.example.com', { host: 'shop.example.com', locationId: 'loc_a', funnelId: null });
    expect(await env.PAGE_CACHE.get('page:shop.example.com/start')).toBeNull();
  });
});

describe('status', () => {
  it('counts rows per table', async () => {
    const res = await admin('GET', '/status');
    const body = (await res.json()) as { empty: boolean; counts: Record<string, number> };
    expect(body.empty).toBe(false);
    expect(body.counts).toMatchObject({ locations: 1, funnels: 1, funnel_steps: 2, pages: 1, domains: 1, products: 0 });
  });
});

describe('documents a page embeds or carries', () => {
  // A page with a form element and a calendar element, and another page with neither.
  const embedding = {
    ...page('pg_embed', 'loc_e', 'Book a call'),
    elements: [
      { id: 'sec_1', type: 'section', meta: 'section', tagName: 'c-section', child: ['form_1', 'cal_1'], class: [], styles: {}, extra: {} },
      { id: 'form_1', type: 'element', meta: 'form', tagName: 'c-form', child: [], class: [], styles: {}, extra: { formId: 'form_embed' } },
      { id: 'cal_1', type: 'element', meta: 'calendar', tagName: 'c-calendar', child: [], class: [], styles: {}, extra: { calendarId: 'cal_embed' } },
    ],
  };
  const copies = { pg_embed: 'page:embed.example.com/', pg_plain: 'page:embed.example.com/plain', pg_other: 'page:other.example.com/' };

  async function cacheEveryPage() {
    for (const [pageId, key] of Object.entries(copies)) {
      await env.PAGE_CACHE.put(key, 'cached copy');
      await env.PAGE_CACHE.put(`page-id:${pageId}`, JSON.stringify({ version: '1', keys: [key], storedAt: 0 }));
    }
  }
  const cached = async () =>
    Object.fromEntries(await Promise.all(Object.entries(copies).map(async ([pageId, key]) => [pageId, (await env.PAGE_CACHE.get(key)) !== null])));

  beforeAll(async () => {
    await put('/locations/loc_e', location('loc_e'));
    await put('/locations/loc_o', location('loc_o'));
    await put('/forms/form_embed', { id: 'form_embed', locationId: 'loc_e', name: 'Opt-in', form: { fields: [{ tag: 'email', type: 'email' }] } });
    await put('/forms/form_booking', { id: 'form_booking', locationId: 'loc_e', name: 'Booking', form: { fields: [] } });
    await put('/forms/form_unused', { id: 'form_unused', locationId: 'loc_e', name: 'Unused', form: { fields: [] } });
    await put('/calendar-providers/prov_e', { id: 'prov_e', locationId: 'loc_e', slug: 'embed-team', name: 'Team' });
    await put('/calendars/cal_embed', {
      id: 'cal_embed',
      locationId: 'loc_e',
      providerId: 'prov_e',
      slug: 'cal-embed',
      name: 'Intro call',
      slot_duration: 30,
      timezone: 'America/New_York',
      form_id: 'form_booking',
    });
    await put('/pages/pg_embed', embedding);
    await put('/pages/pg_plain', page('pg_plain', 'loc_e', 'Plain'));
    await put('/pages/pg_other', page('pg_other', 'loc_o', 'Elsewhere'));
    for (const id of Object.keys(copies)) expect((await admin('POST', `/pages/${id}/publish`)).status).toBe(200);
  });

  it('a form write purges the published pages whose form element shows it, and only those', async () => {
    await cacheEveryPage();
    await put('/forms/form_embed', {
      id: 'form_embed',
      locationId: 'loc_e',
      name: 'Opt-in',
      form: { fields: [{ tag: 'email', type: 'email', label: 'Work email' }] },
    });
    expect(await cached()).toEqual({ pg_embed: false, pg_plain: true, pg_other: true });
    await cacheEveryPage();
    await put('/forms/form_unused', { id: 'form_unused', locationId: 'loc_e', name: 'Still unused', form: { fields: [] } });
    expect(await cached()).toEqual({ pg_embed: true, pg_plain: true, pg_other: true });
  });

  it('a calendar, its provider or its booking form purges the pages with the calendar element', async () => {
    for (const write of [
      () =>
        put('/calendars/cal_embed', {
          id: 'cal_embed',
          locationId: 'loc_e',
          providerId: 'prov_e',
          slug: 'cal-embed',
          name: 'Strategy call',
          slot_duration: 45,
          timezone: 'America/New_York',
          form_id: 'form_booking',
        }),
      () => put('/calendar-providers/prov_e', { id: 'prov_e', locationId: 'loc_e', slug: 'embed-team', name: 'The team' }),
      () => put('/forms/form_booking', { id: 'form_booking', locationId: 'loc_e', name: 'Booking', form: { fields: [{ tag: 'phone', type: 'phone' }] } }),
    ]) {
      await cacheEveryPage();
      await write();
      expect(await cached()).toEqual({ pg_embed: false, pg_plain: true, pg_other: true });
    }
  });

  it("a location write purges every published page of the location (get_page carries the location's settings)", async () => {
    await cacheEveryPage();
    await put('/locations/loc_e', { ...location('loc_e'), timezone: 'Europe/Zurich' });
    expect(await cached()).toEqual({ pg_embed: false, pg_plain: false, pg_other: true });
  });

  it("a product write purges the published pages of its funnel (a one-step order form shows the step's products)", async () => {
    await env.PAGE_CACHE.put('page:shop.example.com/start', 'cached copy');
    await env.PAGE_CACHE.put('page-id:fn_a_p1', JSON.stringify({ version: '1', keys: ['page:shop.example.com/start'], storedAt: 0 }));
    await cacheEveryPage();
    await put('/products/prod_embed', product('prod_embed', { funnelId: 'fn_a', stepId: 'fn_a_s1' }));
    expect(await env.PAGE_CACHE.get('page:shop.example.com/start')).toBeNull();
    expect(await cached()).toEqual({ pg_embed: true, pg_plain: true, pg_other: true });
  });
});

describe('preview links', () => {
  /** The draft get_page answers for a preview URL's page id and token (what /v2/preview/{pageId} asks). */
  const draftAt = async (previewUrl: string) => {
    const url = new URL(previewUrl, 'http://admin.test');
    const pageId = decodeURIComponent(url.pathname.replace('/v2/preview/', ''));
    const res = await post('/funnelbuilder/get_page', { page_id: pageId, preview: true, preview_token: url.searchParams.get('preview_token') ?? undefined });
    return { status: res.status, data: (await res.json()) as { pageName?: string; msg?: string } };
  };

  it('hands out the signed preview URL of a page on PUT, GET and publish, and only it opens the draft', async () => {
    const created = await admin('PUT', '/pages/pg_secret', page('pg_secret', 'loc_a', 'Secret draft'));
    expect(created.status).toBe(201);
    const { previewUrl } = (await created.json()) as { previewUrl: string };
    expect(previewUrl).toMatch(/^\/v2\/preview\/pg_secret\?preview_token=[\w-]{43}$/);
    const read = await admin('GET', '/pages/pg_secret');
    expect(read.headers.get('x-preview-url')).toBe(previewUrl);
    expect(await read.json()).not.toHaveProperty('previewUrl');
    const published = await admin('POST', '/pages/pg_secret/publish');
    expect(await published.json()).toMatchObject({ id: 'pg_secret', previewUrl });
    const replaced = await admin('PUT', '/pages/pg_secret', page('pg_secret', 'loc_a', 'Second draft'));
    expect(await replaced.json()).toMatchObject({ created: false, previewUrl });
    // Other kinds have no preview.
    const other = await admin('PUT', '/locations/loc_a', location());
    expect(await other.json()).not.toHaveProperty('previewUrl');

    expect(await draftAt(previewUrl)).toEqual({ status: 200, data: expect.objectContaining({ pageName: 'Second draft' }) });
    // The id alone, or another page's token, shows nothing.
    expect(await draftAt('/v2/preview/pg_secret')).toEqual({ status: 404, data: { msg: 'Page not found' } });
    const { previewUrl: otherUrl } = (await (await admin('PUT', '/pages/pg_other_draft', page('pg_other_draft'))).json()) as { previewUrl: string };
    const otherToken = new URL(otherUrl, 'http://admin.test').searchParams.get('preview_token');
    expect(await draftAt(`/v2/preview/pg_secret?preview_token=${otherToken}`)).toEqual({ status: 404, data: { msg: 'Page not found' } });
  });
});

describe('the font and colour checks of a stored or published page', () => {
  it("refuses a bad font name with 'Invalid font name' and a bad colour with 'Invalid color'", async () => {
    const base = page('fn_a_design', 'loc_a', 'Design');
    const badFont = { ...base, general: { general: { fontsToLoad: ['Lato', 'Lato;}body{display:none'] } } };
    const res = await admin('PUT', '/pages/fn_a_design', badFont);
    expect(res.status).toBe(400);
    expect(((await res.json()) as { msg: string }).msg).toContain('general.general.fontsToLoad[1]: Invalid font name');
    const badColor = { ...base, defaultSettings: { typography: { textColor: 'red;background:url(x)' } } };
    const colorRes = await admin('PUT', '/pages/fn_a_design', badColor);
    expect(colorRes.status).toBe(400);
    expect(((await colorRes.json()) as { msg: string }).msg).toContain('defaultSettings.typography.textColor: Invalid color');
    const good = {
      ...base,
      general: {
        colors: [
          { label: 'Primary', value: '#37ca37' },
          { label: 'Overlay', value: 'rgba(0, 0, 0, 0.5)' },
        ],
      },
    };
    expect((await admin('PUT', '/pages/fn_a_design', good)).status).toBeLessThan(300);
  });

  it('refuses to publish a draft stored before the checks', async () => {
    const draft = { ...page('fn_a_old', 'loc_a', 'Old'), general: { colors: [{ label: 'Bad', value: 'url(javascript:x)' }] } };
    await put('/pages/fn_a_old', page('fn_a_old', 'loc_a', 'Old'));
    await env.DB.prepare('UPDATE pages SET draft = ? WHERE id = ?').bind(JSON.stringify(draft), 'fn_a_old').run();
    const res = await admin('POST', '/pages/fn_a_old/publish');
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ msg: 'general.colors[0].value: Invalid color' });
  });
});
