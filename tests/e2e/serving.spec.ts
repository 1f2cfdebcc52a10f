/*
 * The built worker served by workerd alone (`wrangler dev`, what `npm start` runs): a
 * seller's custom domain row is served by Host, a refused body leaves the next request
 * clean, and no answer on any path shows a stack trace or a file path.
 */
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { syncDemo } from '../../scripts/lib/demo-sync.mjs';
import { E2E_PORT, E2E_TOKEN } from './playwright.config';

interface Answer {
  status: number;
  body: string;
  headers: Record<string, string | string[] | undefined>;
}

/** A raw HTTP request, so the Host header is exactly what a proxy or a DNS name would send. */
function send(
  path: string,
  { method = 'GET', host = 'localhost', body, type }: { method?: string; host?: string; body?: string | Buffer; type?: string } = {},
): Promise<Answer> {
  return new Promise((done, fail) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port: E2E_PORT,
        path,
        method,
        headers: { host, authorization: `Bearer ${E2E_TOKEN}`, ...(type ? { 'content-type': type } : {}), connection: 'keep-alive' },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => done({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8'), headers: res.headers }));
      },
    );
    req.on('error', fail);
    req.end(body);
  });
}

const LEAKS = [/\bat (?:async )?\S+ \(/, /file:\/\//, /\/work\/|\/home\/|\/root\/|node_modules/, /\.(?:ts|mjs|js):\d+/];

function expectNoLeak(answer: Answer, what: string): void {
  for (const pattern of LEAKS) expect(answer.body, `${what} answered ${answer.status} with ${answer.body.slice(0, 300)}`).not.toMatch(pattern);
}

test('a custom domain row is served by its Host', async () => {
  const put = await send('/admin/v1/domains/shop.example.test', {
    method: 'PUT',
    type: 'application/json',
    body: JSON.stringify({ host: 'shop.example.test', locationId: 'loc_demo', funnelId: 'fn_demo' }),
  });
  expect(put.status).toBeLessThan(300);
  for (const path of ['/', '/accelerator']) {
    const page = await send(path, { host: 'shop.example.test' });
    expect(page.status, path).toBe(200);
    expect(page.body).toContain('<h1');
  }
  const unknown = await send('/', { host: 'nobody.example.test' });
  expect(unknown.status).toBe(404);
  expectNoLeak(unknown, 'an unknown host');
});

test('a page shows a form change at its next view: the form write purges the cached page', async () => {
  const json = (body: unknown) => ({ method: 'PUT', type: 'application/json', body: JSON.stringify(body) });
  const form = (label: string) => ({
    id: 'form_serving',
    locationId: 'loc_demo',
    name: 'Serving',
    form: { fields: [{ tag: 'email', type: 'email', label, required: true }] },
  });
  const host = 'forms.example.test';
  const writes: [string, unknown][] = [
    ['/admin/v1/forms/form_serving', form('Work email')],
    [
      '/admin/v1/funnels/fn_serving',
      { id: 'fn_serving', locationId: 'loc_demo', name: 'Serving', steps: [{ id: 'fn_serving_s1', name: 'Opt-in', path: '/', pageId: 'pg_serving' }] },
    ],
    [`/admin/v1/domains/${host}`, { host, locationId: 'loc_demo', funnelId: 'fn_serving' }],
    [
      '/admin/v1/pages/pg_serving',
      {
        pageId: 'pg_serving',
        pageName: 'Serving',
        locationId: 'loc_demo',
        elements: [
          { id: 'sec_1', type: 'section', meta: 'section', tagName: 'c-section', child: ['form_1'], class: [], styles: {}, extra: {} },
          { id: 'form_1', type: 'element', meta: 'form', tagName: 'c-form', child: [], class: [], styles: {}, extra: { formId: 'form_serving' } },
        ],
      },
    ],
  ];
  for (const [path, body] of writes) expect((await send(path, json(body))).status, path).toBeLessThan(300);
  expect((await send('/admin/v1/pages/pg_serving/publish', { method: 'POST' })).status).toBe(200);

  expect((await send('/', { host })).body).toContain('Work email');
  // The second view is the edge copy.
  expect((await send('/', { host })).body).toContain('Work email');
  expect((await send('/admin/v1/forms/form_serving', json(form('Business email')))).status).toBe(200);
  for (let view = 0; view < 2; view++) {
    const page = await send('/', { host });
    expect(page.body).toContain('Business email');
    expect(page.body).not.toContain('Work email');
  }
});

test('a refused 3 MB body never breaks the next request', async () => {
  const big = Buffer.alloc(3 * 1024 * 1024, 'a');
  for (let round = 0; round < 10; round++) {
    for (const [path, type] of [
      ['/api/contact', 'application/json'],
      ['/api/form', 'text/plain'],
      ['/admin/v1/pages/pg_optin', 'application/json'],
      ['/accelerator', 'application/octet-stream'],
    ] as const) {
      const refused = await send(path, { method: path.startsWith('/admin') ? 'PUT' : 'POST', type, body: big });
      expect(refused.status, `${path} round ${round}`).toBeLessThan(500);
      expectNoLeak(refused, path);
      const next = await send('/accelerator');
      expect(next.status, `the request after ${path}`).toBe(200);
    }
  }
});

test('every answer carries nosniff and the referrer policy: a rendered page, its edge copy, an asset, the API, the admin API', async () => {
  // Everything under /admin is the seller's side, which sends no referrer at all (issue 29).
  const everyAnswer = (answer: Answer, what: string) => {
    expect(answer.headers['x-content-type-options'], what).toBe('nosniff');
    expect(answer.headers['referrer-policy'], what).toBe(what.startsWith('/admin') ? 'no-referrer' : 'strict-origin-when-cross-origin');
  };
  const host = 'fixture.localhost';
  const rendered = await send('/second?lang=it', { host });
  expect(rendered.status).toBe(200);
  expect(rendered.headers['x-edge-cache']).toBeUndefined();
  everyAnswer(rendered, 'the rendered page');
  const copy = await send('/second?lang=it', { host });
  expect(copy.headers['x-edge-cache']).toBe('hit');
  everyAnswer(copy, 'its edge copy');
  const asset = /\/_astro\/[\w.-]+\.(?:js|css)/.exec(rendered.body)?.[0] ?? '';
  expect(asset).not.toBe('');
  const assetAnswer = await send(asset, { host });
  expect(assetAnswer.status).toBe(200);
  everyAnswer(assetAnswer, asset);
  for (const path of ['/nothing-here', '/robots.txt', '/api/funnelbuilder/get_page', '/admin/v1/status', '/widget/form/form_all_fields']) {
    everyAnswer(await send(path, { host }), path);
  }
});

test('a page that takes a purchase may be framed by its own site only, rendered or from its edge copy; other pages and widgets stay frameable', async () => {
  const host = 'fixture.localhost';
  // The fixture's first step has an order form and a payment button.
  const rendered = await send('/?lang=fr', { host });
  expect(rendered.status).toBe(200);
  expect(rendered.headers['x-edge-cache']).toBeUndefined();
  expect(rendered.headers['content-security-policy']).toBe("frame-ancestors 'self'");
  const copy = await send('/?lang=fr', { host });
  expect(copy.headers['x-edge-cache']).toBe('hit');
  expect(copy.headers['content-security-policy']).toBe("frame-ancestors 'self'");
  for (const path of ['/second', '/widget/form/form_all_fields']) {
    const answer = await send(path, { host });
    expect(answer.status, path).toBe(200);
    expect(answer.headers['content-security-policy'], path).toBeUndefined();
    expect(answer.headers['x-frame-options'], path).toBeUndefined();
  }
});

test('a malformed Host gets 400 with a msg, never a 500', async () => {
  // Hosts no URL can be built from ('a b', 'a:b:c') are answered by workerd's entry worker before ours (src/serving/bad-host.ts).
  for (const host of ['shop..example', '-shop.example', 'shop.example-', 'bad_host..example', 'under_score.example:8080', '.example']) {
    for (const path of ['/', '/accelerator', '/api/funnelbuilder/get_page', '/admin/v1/status', '/robots.txt', '/widget/form/form_all_fields']) {
      const answer = await send(path, { host });
      expect(answer.status, `${host} ${path}`).toBe(400);
      expectNoLeak(answer, `${host} ${path}`);
      if (/^\/(?:api|admin)\//.test(path)) expect(JSON.parse(answer.body), `${host} ${path}`).toEqual({ msg: 'The Host header is not a valid host name.' });
      else expect(answer.body, `${host} ${path}`).toContain('The Host header is not a valid host name.');
    }
  }
  // A well-formed host with a port is served.
  expect((await send('/second', { host: 'fixture.localhost:8080' })).status).toBe(200);
});

test('no answer shows a stack trace or a file path', async () => {
  const probes: [string, { method?: string; body?: string; type?: string; host?: string }][] = [
    ['/%E0%A4%A', {}],
    ['/?lang=%ZZ', {}],
    ['/v2/preview/%', {}],
    ['/v2/preview/does-not-exist', {}],
    ['/_astro/missing.js', {}],
    ['/_server-islands/x', { method: 'POST', body: '{', type: 'application/json' }],
    ['/_actions/x', { method: 'POST', body: '{', type: 'application/json' }],
    ['/_image?href=%00', {}],
    ['/api/%ZZ', {}],
    [
      '/api/contact',
      { method: 'POST', body: `{"location_id":"loc_demo","name":"x","eventData":${'['.repeat(20_000)}${']'.repeat(20_000)}}`, type: 'application/json' },
    ],
    ['/api/form', { method: 'POST', body: '--x\r\nbroken', type: 'multipart/form-data; boundary=x' }],
    ['/admin/v1/%ZZ', {}],
    ['/widget/form/%00', {}],
    ['/robots.txt', { host: 'bad_host..example' }],
  ];
  for (const [path, options] of probes) {
    const answer = await send(path, options);
    expect(answer.status, path).toBeLessThan(600);
    expectNoLeak(answer, path);
  }
});

test('the start-up sync completes a partly imported demo and names what it cannot store', async () => {
  const url = `http://localhost:${E2E_PORT}`;
  const demo = new URL('../../scripts/demo-data', import.meta.url).pathname;
  const status = JSON.parse((await send('/admin/v1/status')).body) as { kinds: string[] };
  const sync = (root: string) => syncDemo({ root, url, token: E2E_TOKEN, kinds: status.kinds });

  expect((await send('/admin/v1/calendars/cal_audit', { method: 'DELETE' })).status).toBe(200);
  const completed = await sync(demo);
  expect(completed).toMatchObject({ ok: true, stored: { calendars: 1 }, failures: [] });
  expect(await sync(demo)).toMatchObject({ ok: true, stored: {}, published: 0 });

  const broken = mkdtempSync(join(tmpdir(), 'demo-broken-'));
  cpSync(demo, broken, { recursive: true });
  const file = join(broken, 'calendars/cal_audit.json');
  writeFileSync(file, JSON.stringify({ ...JSON.parse(readFileSync(file, 'utf8')), form_id: 'form_missing' }));
  expect((await send('/admin/v1/calendars/cal_audit', { method: 'DELETE' })).status).toBe(200);
  const failed = await sync(broken);
  expect(failed.ok).toBe(false);
  expect(failed.failures.join('\n')).toMatch(/cal_audit\.json: PUT calendars\/cal_audit → 409 .*form_missing/);
  expect(await sync(demo)).toMatchObject({ ok: true, stored: { calendars: 1 } });
});
