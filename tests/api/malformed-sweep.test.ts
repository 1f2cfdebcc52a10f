/**
 * The hostile-input sweep: every call of both seeds' call tables (taken from the call list
 * itself), fed well over 1,000 malformed requests, 50 at a time, against the real worker and
 * a real local D1. Not one answer may be a 5xx, and every refusal is JSON with a msg.
 */
import { SELF } from 'cloudflare:test';
import { beforeAll, expect, it } from 'vitest';
import type { CallSpec } from '../../src/schemas/calls/define-call';
import { allCalls } from '../../src/schemas/calls';
import { seedFunnelFixtures } from '../support/funnel-fixtures';
import { seedBooking } from './booking-fixtures';

beforeAll(async () => {
  await seedFunnelFixtures();
  await seedBooking();
});

const deep = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
const IDS = ['%00', '%27%20OR%201%3D1', '..%2F..%2Fetc', 'a'.repeat(300), '%F0%9F%98', '%E2%80%AE', '%ZZ', 'x%0Ay'];

/** Malformed values for any key: wrong types, hostile strings, deep and huge values. */
const VALUES: unknown[] = [
  null,
  -1,
  2 ** 64,
  true,
  [],
  {},
  'n\u0000ul@example.com',
  '\uD800',
  '😀'.repeat(300),
  "'; DROP TABLE contacts; --",
  '<script>alert(1)</script>',
  { __proto__: { admin: true } },
  'x'.repeat(70_000),
];

/** Raw JSON bodies that are broken before any schema sees them. */
const RAW: string[] = [
  '',
  '{',
  'null',
  '[]',
  '"x"',
  '42',
  deep(20_000),
  `{"eventData":${deep(20_000)}}`,
  '\u0000',
  '{"a":1}garbage',
  `{"a":"${'\\ud800'.repeat(10)}"}`,
];

function keysOf(spec: CallSpec): string[] {
  const keys = new Set(['id', 'email', 'eventData', 'funneEventData', 'formId', 'calendar_id', 'location_id', 'locationId', 'page_id', 'selected_slot']);
  for (const schema of [spec.json, spec.form, spec.query]) {
    const entries = (schema as { entries?: Record<string, unknown>; pipe?: { entries?: Record<string, unknown> }[] } | undefined)?.entries;
    for (const key of Object.keys(entries ?? {})) keys.add(key);
  }
  return [...keys];
}

function urlOf(spec: CallSpec, id: string, query = ''): string {
  return `http://host.test/api${spec.path.replace(/:[A-Za-z_]+/g, id)}${query}`;
}

function requestsFor(spec: CallSpec): Request[] {
  const out: Request[] = [];
  const keys = keysOf(spec);
  for (const [i, id] of IDS.entries()) {
    const query = `?${keys.map((k, j) => `${k}=${IDS[(i + j) % IDS.length]}`).join('&')}`;
    if (spec.method === 'GET') {
      out.push(new Request(urlOf(spec, id, query)));
      out.push(new Request(urlOf(spec, id, `?${keys.map((k) => `${k}[]=${id}`).join('&')}`)));
      continue;
    }
    for (const raw of RAW) out.push(new Request(urlOf(spec, id), { method: spec.method, headers: { 'content-type': 'application/json' }, body: raw }));
    for (const [v, value] of VALUES.entries()) {
      const body = Object.fromEntries(keys.map((k, j) => [k, VALUES[(v + j) % VALUES.length]]));
      body[keys[v % keys.length] as string] = value;
      if (spec.form) {
        const form = new FormData();
        form.set('formData', JSON.stringify(body));
        form.set('file', new File([new Uint8Array([0, 1, 2])], `${'😀'.repeat(210)}.pdf`));
        out.push(new Request(urlOf(spec, id), { method: spec.method, body: form }));
      } else {
        out.push(new Request(urlOf(spec, id), { method: spec.method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }));
      }
    }
    out.push(new Request(urlOf(spec, id), { method: spec.method, headers: { 'content-type': 'multipart/form-data; boundary=x' }, body: '--x\r\nbroken' }));
    out.push(new Request(urlOf(spec, id), { method: spec.method, headers: { 'content-type': 'text/plain' }, body: 'x'.repeat(300_000) }));
  }
  return out;
}

it('answers over 1,000 malformed requests across every call without a single 5xx', async () => {
  const requests = allCalls.flatMap(requestsFor);
  expect(requests.length).toBeGreaterThanOrEqual(1000);
  const failures: string[] = [];
  for (let at = 0; at < requests.length; at += 50) {
    const batch = requests.slice(at, at + 50);
    const answers = await Promise.all(batch.map((request) => SELF.fetch(request)));
    for (const [i, res] of answers.entries()) {
      const request = batch[i] as Request;
      const text = await res.text();
      if (res.status >= 500) failures.push(`${request.method} ${request.url.slice(0, 120)} → ${res.status} ${text.slice(0, 200)}`);
      else if (res.status >= 400 && typeof (JSON.parse(text) as { msg?: unknown }).msg !== 'string') failures.push(`${request.url.slice(0, 120)}: no msg`);
    }
  }
  expect(failures).toEqual([]);
}, 240_000);
