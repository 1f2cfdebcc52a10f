/**
 * Every POST call of the funnel and payment areas, taken from the call lists themselves,
 * refuses malformed bodies with a 4xx JSON msg and writes nothing, with and without card
 * payments configured.
 */
import { SELF } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { funnelCalls } from '../../src/schemas/calls/funnel';
import { paymentsCalls } from '../../src/schemas/calls/payments';
import { count, postWithStripe, seedFunnelFixtures } from '../support/funnel-fixtures';

beforeAll(() => seedFunnelFixtures());

const TABLES = ['contacts', 'funnel_events', 'sessions', 'orders', 'order_items', 'payments'];
const posts = [...Object.values(funnelCalls), ...Object.values(paymentsCalls)].filter((call) => call.method === 'POST');

const BODIES: [string, string][] = [
  ['no body', ''],
  ['invalid JSON', '{"page_id": '],
  ['an array', '[]'],
  ['a string', '"hello"'],
  ['null', 'null'],
  ['missing fields', '{"unexpected": true}'],
  ['wrong types', '{"page_id": 1, "domain": [], "funnel_id": {}, "email": 5, "locationId": false, "location_id": null}'],
  [
    'path and SQL ids',
    JSON.stringify({
      page_id: '../x',
      domain: "'; DROP TABLE domains; --",
      funnel_id: '../../etc/passwd',
      locationId: "x' OR '1'='1",
      location_id: '../loc_a',
    }),
  ],
  ['a body over the limit', JSON.stringify({ padding: 'x'.repeat(300 * 1024) })],
];

const missing = (field: string) => `${field}: Invalid key: Expected "${field}" but received undefined`;
const unsafeId = (field: string) => `${field}: must be 1-64 letters, digits, _ or -`;
const PAY_TYPE = 'submissionType: must be 2 (order form) or 3 (payment button)';

/** Each call's msg for a body without its fields, with wrong types, and with unsafe ids: the first field its schema checks. */
const REFUSALS: Record<string, { missing: string; wrongTypes: string; unsafeIds: string }> = {
  '/contact': {
    missing: missing('location_id'),
    wrongTypes: 'location_id: Invalid type: Expected string but received null',
    unsafeIds: unsafeId('location_id'),
  },
  // Its unsafe-ids body has no email at all.
  '/exists': { missing: missing('email'), wrongTypes: 'email: Invalid type: Expected string but received 5', unsafeIds: missing('email') },
  '/funnel/error': { missing: missing('kind'), wrongTypes: missing('kind'), unsafeIds: missing('kind') },
  '/funnel/event': {
    missing: missing('page_id'),
    wrongTypes: 'funnel_id: Invalid type: Expected ("" | string) but received Object',
    unsafeIds: unsafeId('funnel_id'),
  },
  '/funnel/vitals': {
    missing: missing('funnel_id'),
    wrongTypes: 'funnel_id: Invalid type: Expected string but received Object',
    unsafeIds: unsafeId('funnel_id'),
  },
  '/funnelbuilder/get_page': {
    missing: 'page_id or domain_name is required',
    wrongTypes: 'page_id: Invalid type: Expected string but received 1',
    unsafeIds: unsafeId('page_id'),
  },
  '/funnelbuilder/get_robots_txt': {
    missing: missing('domain'),
    wrongTypes: 'domain: Invalid type: Expected string but received Array',
    unsafeIds: 'domain: must be a host name',
  },
  '/session': { missing: missing('locationId'), wrongTypes: 'locationId: Invalid type: Expected string but received false', unsafeIds: unsafeId('locationId') },
  // A payment names its kind first, so every body without a valid one is refused for that.
  '/v2/funnel/product/pay': { missing: PAY_TYPE, wrongTypes: PAY_TYPE, unsafeIds: PAY_TYPE },
  '/v2/funnel/product/setup-intent': {
    missing: missing('locationId'),
    wrongTypes: 'locationId: Invalid type: Expected string but received false',
    unsafeIds: unsafeId('locationId'),
  },
};

function expectedMsg(path: string, body: string): string {
  const refusals = REFUSALS[path];
  if (!refusals) throw new Error(`No expected messages for ${path}: add it to REFUSALS`);
  const notAnObject = (received: string) => (path === '/v2/funnel/product/pay' ? PAY_TYPE : `Invalid type: Expected Object but received ${received}`);
  const byBody: Record<string, string> = {
    'no body': refusals.missing,
    'invalid JSON': 'Request body is not valid JSON',
    'an array': refusals.missing,
    'a string': notAnObject('"hello"'),
    null: notAnObject('null'),
    'missing fields': refusals.missing,
    'wrong types': refusals.wrongTypes,
    'path and SQL ids': refusals.unsafeIds,
    'a body over the limit': 'Request body is larger than 262144 bytes',
  };
  return byBody[body] ?? '';
}

describe.each(posts.map((call) => [call.path, call] as const))('POST %s', (path) => {
  it.each(BODIES)('refuses %s with a 4xx msg and writes nothing', async (name, body) => {
    const before = await Promise.all(TABLES.map(count));
    for (const res of [
      await SELF.fetch(`http://host.test/api${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body }),
      await postWithStripe(path, body),
    ]) {
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      const answer = (await res.json()) as { msg?: unknown };
      expect(answer.msg).toBe(expectedMsg(path, name));
    }
    expect(await Promise.all(TABLES.map(count))).toEqual(before);
  });
});
