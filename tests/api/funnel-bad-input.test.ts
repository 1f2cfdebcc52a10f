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
  ['path and SQL ids', JSON.stringify({ page_id: '../x', domain: "'; DROP TABLE domains; --", funnel_id: '../../etc/passwd', locationId: "x' OR '1'='1", location_id: '../loc_a' })],
  ['a body over the limit', JSON.stringify({ padding: 'x'.repeat(300 * 1024) })],
];

describe.each(posts.map((call) => [call.path, call] as const))('POST %s', (path) => {
  it.each(BODIES)('refuses %s with a 4xx msg and writes nothing', async (_name, body) => {
    const before = await Promise.all(TABLES.map(count));
    for (const res of [
      await SELF.fetch(`http://host.test/api${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body }),
      await postWithStripe(path, body),
    ]) {
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      const answer = (await res.json()) as { msg?: unknown };
      expect(typeof answer.msg).toBe('string');
    }
    expect(await Promise.all(TABLES.map(count))).toEqual(before);
  });
});
