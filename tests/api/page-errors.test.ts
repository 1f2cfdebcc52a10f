/** The pages' error log (issue 30): POST /api/funnel/error, rate-limited per client, read through GET /admin/v1/page-errors. */
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { REPORT_LIMIT } from '../../src/platform/services/page-errors';
import { post } from '../support/funnel-fixtures';
import { admin } from './admin-support';

const from = (ip: string, body: unknown) => post('/funnel/error', body, { headers: { 'content-type': 'application/json', 'cf-connecting-ip': ip } });

describe('the error log of pages', () => {
  it('stores a reported failure and shows it through the admin API, newest first', async () => {
    const res = await from('198.51.100.1', { kind: 'payment', message: 'order form: 502 ', page_id: 'pg_sales', data: { attempt: 1 } });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true });
    const list = await admin('GET', '/page-errors?pageId=pg_sales');
    expect(list.status).toBe(200);
    const { errors } = (await list.json()) as { errors: { kind: string; pageId: string; message: string; data: unknown }[] };
    expect(errors[0]).toMatchObject({ kind: 'payment', pageId: 'pg_sales', message: 'order form: 502', data: { attempt: 1 } });
    expect((await admin('GET', '/page-errors', undefined, {})).status).toBe(401);
  });

  it('drops a repeat, and answers 429 with a msg to a client over its limit', async () => {
    const body = { kind: 'product-list', message: 'same failure' };
    expect(await (await from('198.51.100.2', body)).json()).toEqual({ ok: true });
    expect(await (await from('198.51.100.2', body)).json()).toEqual({ ok: true, duplicate: true });
    for (let i = 1; i < REPORT_LIMIT; i++) expect((await from('198.51.100.2', { ...body, message: `failure ${i}` })).status).toBe(200);
    const over = await from('198.51.100.2', { ...body, message: 'one more' });
    expect(over.status).toBe(429);
    expect(((await over.json()) as { msg: string }).msg).toMatch(/Too many error reports/);
    const rows = await env.DB.prepare('SELECT COUNT(*) AS n FROM page_errors WHERE kind = ?').bind('product-list').first<{ n: number }>();
    expect(rows?.n).toBe(REPORT_LIMIT);
  });

  it('refuses a bad report with 400 and a msg', async () => {
    for (const body of [{ kind: 'nope', message: 'x' }, { kind: 'load' }, { kind: 'load', message: 'x'.repeat(2001) }, 'not json']) {
      const res = await from('198.51.100.3', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(((await res.json()) as { msg: string }).msg).toBeTruthy();
    }
    expect((await admin('GET', '/page-errors?limit=0')).status).toBe(400);
  });
});
