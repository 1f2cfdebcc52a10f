import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { KIND_ORDER } from '../../src/platform/db/documents/index';
import { admin } from './admin-support';
import { FIELD_TYPES } from '../../src/schemas/form';

const files = import.meta.glob('../../scripts/demo-data/**/*.json', { eager: true, import: 'default' }) as Record<string, Record<string, unknown>>;
const ORDER: readonly string[] = KIND_ORDER;

function kindOf(path: string): string {
  const kind = path.split('/').at(-2) ?? '';
  if (!ORDER.includes(kind)) throw new Error(`${path} is not in a kind folder`);
  return kind;
}

function idOf(kind: string, doc: Record<string, unknown>): string {
  return String(kind === 'domains' ? doc.host : kind === 'pages' ? doc.pageId : doc.id);
}

const documents = Object.entries(files)
  .map(([path, doc]) => ({ kind: kindOf(path), doc, path }))
  .sort((a, b) => ORDER.indexOf(a.kind) - ORDER.indexOf(b.kind));

async function count(table: string): Promise<number> {
  return (await env.DB.prepare(`SELECT count(*) AS n FROM ${table}`).first<{ n: number }>())?.n ?? -1;
}

describe('the demo data', () => {
  it('imports through the admin API in dependency order and publishes every page', async () => {
    expect(documents.length).toBeGreaterThan(20);
    for (const { kind, doc, path } of documents) {
      const res = await admin('PUT', `/${kind}/${encodeURIComponent(idOf(kind, doc))}`, doc);
      expect(res.status, `${path}: ${await res.clone().text()}`).toBe(201);
    }
    for (const { doc } of documents.filter((d) => d.kind === 'pages')) {
      expect((await admin('POST', `/pages/${doc.pageId}/publish`)).status).toBe(200);
    }
    expect(await count('pages')).toBe(documents.filter((d) => d.kind === 'pages').length);
    expect(await env.DB.prepare('SELECT count(*) AS n FROM pages WHERE published IS NULL OR version != 1').first<{ n: number }>()).toEqual({ n: 0 });
  });

  it('serves the opt-in step at localhost/ and links every step to its page', async () => {
    const root = await env.DB.prepare(
      "SELECT s.page_id FROM domains d JOIN funnel_steps s ON s.funnel_id = d.funnel_id WHERE d.host = 'localhost' AND s.path = '/'",
    ).first<{ page_id: string }>();
    expect(root?.page_id).toBe('pg_optin');
    // Every page serves a step, or is a split-test variant served at its step's URL.
    const unlinked = await env.DB.prepare(
      "SELECT count(*) AS n FROM pages WHERE step_id IS NULL AND id NOT IN (SELECT json_extract(v.value, '$.pageId') FROM experiments e, json_each(e.doc, '$.variants') v)",
    ).first<{ n: number }>();
    expect(unlinked?.n).toBe(0);
  });

  it('has a four-step demo funnel with the elements the issue asks for', async () => {
    const steps = await env.DB.prepare("SELECT page_id FROM funnel_steps WHERE funnel_id = 'fn_demo' ORDER BY position").all<{ page_id: string }>();
    expect(steps.results.map((s) => s.page_id)).toEqual(['pg_optin', 'pg_sales', 'pg_upsell', 'pg_thanks']);
    const metas = async (pageId: string) => {
      const row = await env.DB.prepare('SELECT published FROM pages WHERE id = ?').bind(pageId).first<{ published: string }>();
      return (JSON.parse(row?.published ?? '{}').elements as { meta: string; extra: Record<string, unknown> }[]).map((e) => e.meta);
    };
    expect(await metas('pg_optin')).toEqual(expect.arrayContaining(['heading', 'video', 'countdown', 'form']));
    expect(await metas('pg_sales')).toContain('two-setp-order');
    expect(await metas('pg_upsell')).toEqual(expect.arrayContaining(['button', 'minute-timer']));
    expect(await metas('pg_thanks')).toEqual(expect.arrayContaining(['calendar', 'survey']));
  });

  it('splits /accelerator between two published variants in a running test', async () => {
    const test = await env.DB.prepare("SELECT status, doc FROM experiments WHERE step_id = 'st_sales'").first<{ status: string; doc: string }>();
    expect(test?.status).toBe('running');
    expect((JSON.parse(test?.doc ?? '{}').variants as { pageId: string }[]).map((v) => v.pageId)).toEqual(['pg_sales', 'pg_sales_b']);
    expect(((await (await admin('GET', '/status')).json()) as { unservableVariants: unknown[] }).unservableVariants).toEqual([]);
  });

  it('prices the second funnel in EUR, CHF and JPY, with a bump on the sales page', async () => {
    const rows = await env.DB.prepare("SELECT DISTINCT currency FROM products WHERE funnel_id = 'fn_alpine' ORDER BY currency").all<{ currency: string }>();
    expect(rows.results.map((r) => r.currency)).toEqual(['CHF', 'EUR', 'JPY']);
    expect(await env.DB.prepare("SELECT count(*) AS n FROM products WHERE bump = 1 AND step_id IN ('st_sales', 'st_alp_sales')").first()).toEqual({ n: 2 });
  });

  it('has a form with every field type, a provider with four services (one a two-member team) and a skip-logic survey', async () => {
    const form = JSON.parse((await env.DB.prepare("SELECT doc FROM forms WHERE id = 'form_all_fields'").first<{ doc: string }>())?.doc ?? '{}');
    const types = new Set((form.form.fields as { type: string }[]).map((f) => f.type));
    for (const type of FIELD_TYPES) {
      expect(types, type).toContain(type);
    }
    const services = await env.DB.prepare("SELECT slot_duration FROM calendars WHERE provider_id = 'demo-provider' ORDER BY date_added DESC").all<{
      slot_duration: number;
    }>();
    expect(services.results.map((s) => s.slot_duration).sort()).toEqual([30, 45, 45, 60]);
    const team = JSON.parse((await env.DB.prepare("SELECT doc FROM calendars WHERE id = 'cal_team'").first<{ doc: string }>())?.doc ?? '{}');
    expect(team.team_members.map((m: { name: string }) => m.name)).toEqual(['Maya Chen', 'Leo Brandt']);
    expect(await env.DB.prepare("SELECT slug FROM calendar_providers WHERE id = 'demo-provider'").first()).toEqual({ slug: 'demo-provider' });
    const survey = JSON.parse((await env.DB.prepare("SELECT doc FROM surveys WHERE id = 'survey_demo'").first<{ doc: string }>())?.doc ?? '{}');
    expect(survey.formData.slides).toHaveLength(4);
    const targets = Object.values(survey.formData.slides[0].logic as Record<string, { id: string }[]>)
      .flat()
      .map((r) => r.id);
    expect(targets).toEqual(expect.arrayContaining(['endsurvey', 'disqualify']));
  });

  it('imports again without duplicates (every PUT replaces)', async () => {
    const before = await admin('GET', '/status');
    for (const { kind, doc } of documents) {
      expect((await admin('PUT', `/${kind}/${encodeURIComponent(idOf(kind, doc))}`, doc)).status).toBe(200);
    }
    expect(await (await admin('GET', '/status')).json()).toEqual(await before.json());
  });
});
