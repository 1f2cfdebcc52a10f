import { env } from 'cloudflare:test';
import { Webhook } from 'standardwebhooks';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ReceivedRequest } from '../support/webhook-receiver-stand-in';
import { admin, TOKEN } from './admin-support';

const RECEIVER = 'https://hooks.receiver.test';
const SECRET_A = `whsec_${btoa('a'.repeat(32))}`;
const SECRET_B = `whsec_${btoa('b'.repeat(32))}`;

const webhook = (id: string, extra: Record<string, unknown> = {}) => ({ id, url: `${RECEIVER}/ok/${id}`, events: ['contact.created', 'order.paid'], ...extra });

const putAt = (at: number, id: string, body: unknown) => admin('PUT', `/webhooks/${id}`, body, { authorization: `Bearer ${TOKEN}`, 'x-test-now': String(at) });

async function received(): Promise<ReceivedRequest[]> {
  return (await fetch(`${RECEIVER}/_received`)).json();
}

async function stored(id: string) {
  return env.DB.prepare('SELECT url, active, paused FROM webhooks WHERE id = ?').bind(id).first();
}

beforeEach(async () => {
  await fetch(`${RECEIVER}/_received`, { method: 'DELETE' });
});

describe('webhook URLs', () => {
  const refusals: [string, string][] = [
    ['http://hooks.example.com/in', 'url: must be an https URL'],
    ['ftp://hooks.example.com/in', 'url: must be an https URL'],
    ['javascript:alert(1)', 'url: must be an https URL'],
    ['not a url', 'url: must be a URL'],
    ['https://user:pass@hooks.example.com/in', 'url: must not carry a user name or password'],
    ['https://10.1.2.3/in', 'url: a private (10.0.0.0/8) address is not allowed'],
    ['https://172.20.0.1/in', 'url: a private (172.16.0.0/12) address is not allowed'],
    ['https://192.168.1.10/in', 'url: a private (192.168.0.0/16) address is not allowed'],
    ['https://127.0.0.1/in', 'url: a loopback address is not allowed'],
    ['https://127.8.8.8/in', 'url: a loopback (127.0.0.0/8) address is not allowed'],
    ['https://localhost/in', 'url: a loopback address is not allowed'],
    ['https://[::1]/in', 'url: a loopback address is not allowed'],
    ['https://169.254.10.1/in', 'url: a link-local (169.254.0.0/16) address is not allowed'],
    ['https://[fe80::1]/in', 'url: a link-local (fe80::/10) address is not allowed'],
    ['https://[fd12:3456::1]/in', 'url: a unique-local (fc00::/7) address is not allowed'],
    ['https://100.64.0.1/in', 'url: a carrier-grade NAT (100.64.0.0/10) address is not allowed'],
    ['https://0.0.0.0/in', 'url: an unspecified (0.0.0.0/8) address is not allowed'],
    ['https://169.254.169.254/latest/meta-data', 'url: a cloud metadata address is not allowed'],
    ['https://metadata.google.internal/computeMetadata', 'url: a cloud metadata address is not allowed'],
    ['https://metadata/computeMetadata', 'url: a cloud metadata address is not allowed'],
    ['https://[::ffff:10.0.0.1]/in', 'url: an IPv4-mapped IPv6 address is not allowed'],
    ['https://[::ffff:a00:1]/in', 'url: an IPv4-mapped IPv6 address is not allowed'],
    ['https://[::127.0.0.1]/in', 'url: an IPv4-mapped IPv6 address is not allowed'],
    ['https://metadata.google.internal./computeMetadata', 'url: a cloud metadata address is not allowed'],
    ['https://localhost./in', 'url: a loopback address is not allowed'],
    ['https://[::]/in', 'url: an unspecified (::) address is not allowed'],
    ['https://2130706433/in', 'url: a loopback address is not allowed'],
    ['https://0x7f.1/in', 'url: a loopback address is not allowed'],
    ['https://0177.0.0.1/in', 'url: a loopback address is not allowed'],
    ['https://0xa9fea9fe/in', 'url: a cloud metadata address is not allowed'],
    ['https://012.1.1.1/in', 'url: a private (10.0.0.0/8) address is not allowed'],
  ];

  it.each(refusals)('refuses %s with 400 and stores nothing', async (url, msg) => {
    const res = await admin('PUT', '/webhooks/wh_bad', webhook('wh_bad', { url }));
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ msg, field: 'url' });
    expect(await stored('wh_bad')).toBeNull();
  });

  it('accepts https and, in development, http to localhost', async () => {
    for (const [id, url] of [
      ['wh_https', 'https://hooks.example.com/in?x=1'],
      ['wh_port', 'https://hooks.example.com:8443/in'],
      ['wh_local', 'http://localhost:8788/hooks'],
      ['wh_loop', 'http://127.0.0.1/hooks'],
      ['wh_v6', 'http://[::1]:9000/hooks'],
    ] as const) {
      const res = await admin('PUT', `/webhooks/${id}`, webhook(id, { url }));
      expect(res.status, url).toBe(201);
      expect(await stored(id)).toEqual({ url, active: 1, paused: 0 });
    }
  });
});

describe('storing a webhook', () => {
  it('generates a secret when none is sent, keeps it across PUTs, and rejects bad events and secrets', async () => {
    expect((await putAt(1_800_000_000_000, 'wh_gen', webhook('wh_gen'))).status).toBe(201);
    const first = (await (await admin('GET', '/webhooks/wh_gen')).json()) as { secrets: { secret: string; createdAt: number }[] };
    expect(first).toMatchObject({ id: 'wh_gen', events: ['contact.created', 'order.paid'], active: true, paused: false });
    expect(first.secrets).toHaveLength(1);
    expect(first.secrets[0]?.secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    expect(first.secrets[0]?.createdAt).toBe(1_800_000_000_000);
    expect((await putAt(1_800_000_100_000, 'wh_gen', webhook('wh_gen', { events: '*', active: false }))).status).toBe(200);
    expect(await (await admin('GET', '/webhooks/wh_gen')).json()).toEqual({
      ...webhook('wh_gen'),
      events: '*',
      active: false,
      paused: false,
      secrets: first.secrets,
    });

    for (const [body, msg] of [
      [webhook('wh_gen', { events: [] }), 'events: must list at least one event'],
      [
        webhook('wh_gen', { events: ['contact.deleted'] }),
        `events.0: must be one of contact.created, contact.updated, form.submitted, survey.submitted, appointment.booked, appointment.rescheduled, appointment.cancelled, appointment.note, order.paid, payment.failed, contact.erased`,
      ],
      [webhook('wh_gen', { events: 'all' }), 'events: must be a list of events or *'],
      [webhook('wh_gen', { secrets: ['sekrit'] }), 'secrets.0: must be whsec_ followed by base64 of 24 to 64 bytes'],
      [webhook('wh_gen', { secrets: [`whsec_${btoa('short')}`] }), 'secrets.0: must be whsec_ followed by base64 of 24 to 64 bytes'],
      [webhook('wh_gen', { secrets: [{ secret: SECRET_A, createdAt: -1 }] }), 'secrets.0.createdAt: Invalid value: Expected >=0 but received -1'],
      [webhook('wh_gen', { secrets: [] }), 'secrets: must list at least one secret'],
      [webhook('wh_other'), "The id in the path (wh_gen) differs from the document's id (wh_other)"],
    ] as const) {
      const res = await admin('PUT', '/webhooks/wh_gen', body);
      expect(res.status, msg).toBe(400);
      expect(((await res.json()) as { msg: string }).msg).toBe(msg);
    }
    expect((await (await admin('GET', '/webhooks/wh_gen')).json()) as unknown).toMatchObject({ events: '*', secrets: first.secrets });
  });

  it('rotates with an overlap: the old secret keeps its time beside the new one, then goes', async () => {
    await putAt(1_800_000_000_000, 'wh_rot', webhook('wh_rot', { secrets: [SECRET_A] }));
    await putAt(1_800_000_500_000, 'wh_rot', webhook('wh_rot', { secrets: [SECRET_A, SECRET_B] }));
    expect(((await (await admin('GET', '/webhooks/wh_rot')).json()) as { secrets: unknown }).secrets).toEqual([
      { secret: SECRET_A, createdAt: 1_800_000_000_000 },
      { secret: SECRET_B, createdAt: 1_800_000_500_000 },
    ]);
    await putAt(1_800_000_900_000, 'wh_rot', webhook('wh_rot', { secrets: [SECRET_B] }));
    expect(((await (await admin('GET', '/webhooks/wh_rot')).json()) as { secrets: unknown }).secrets).toEqual([
      { secret: SECRET_B, createdAt: 1_800_000_500_000 },
    ]);
  });

  it('deletes a webhook', async () => {
    await admin('PUT', '/webhooks/wh_del', webhook('wh_del'));
    expect(await (await admin('DELETE', '/webhooks/wh_del')).json()).toMatchObject({ kind: 'webhooks', id: 'wh_del', deleted: true });
    expect((await admin('GET', '/webhooks/wh_del')).status).toBe(404);
    expect((await admin('POST', '/webhooks/wh_del/test')).status).toBe(404);
  });
});

interface TestAnswer {
  delivered: boolean;
  status: number | null;
  duration_ms: number;
  delivery_id: string;
}

describe('the test event', () => {
  it('reaches the receiver signed with both active secrets, each verified by the standardwebhooks package', async () => {
    await admin('PUT', '/webhooks/wh_send', webhook('wh_send', { secrets: [SECRET_A, SECRET_B] }));
    const res = await admin('POST', '/webhooks/wh_send/test');
    expect(res.status).toBe(200);
    const answer = (await res.json()) as TestAnswer;
    expect(answer).toMatchObject({ delivered: true, status: 204 });
    expect(answer.duration_ms).toBeGreaterThanOrEqual(0);

    const [request] = await received();
    expect(request?.url).toBe(`${RECEIVER}/ok/wh_send`);
    const headers = request?.headers ?? {};
    expect(headers['webhook-signature']?.split(' ')).toHaveLength(2);
    for (const secret of [SECRET_A, SECRET_B]) {
      const event = new Webhook(secret).verify(request?.body ?? '', headers) as { id: string; type: string; timestamp: string; data: unknown };
      expect(event).toMatchObject({ type: 'webhook.test', data: { webhookId: 'wh_send' } });
      expect(event.id).toBe(headers['webhook-id']);
    }
    // A secret not listed does not verify, nor does an altered body.
    expect(() => new Webhook(`whsec_${btoa('c'.repeat(32))}`).verify(request?.body ?? '', headers)).toThrow();
    expect(() => new Webhook(SECRET_A).verify(`${request?.body} `, headers)).toThrow();

    const log = (await (await admin('GET', '/webhooks/wh_send/deliveries')).json()) as { items: Record<string, unknown>[] };
    expect(log.items).toEqual([
      {
        id: answer.delivery_id,
        event_id: headers['webhook-id'],
        event_type: 'webhook.test',
        attempt: 1,
        status: 204,
        duration_ms: answer.duration_ms,
        response_snippet: '',
        error: null,
        created_at: expect.any(Number),
      },
    ]);
  });

  it('logs a receiver that answers 500 as not delivered, with the status and the first KB of its answer', async () => {
    await admin('PUT', '/webhooks/wh_fail', webhook('wh_fail', { url: `${RECEIVER}/fail/wh_fail` }));
    const res = await admin('POST', '/webhooks/wh_fail/test');
    expect(res.status).toBe(200);
    const answer = (await res.json()) as TestAnswer;
    expect(answer).toMatchObject({ delivered: false, status: 500 });
    expect(await received()).toHaveLength(1);
    const row = await env.DB.prepare('SELECT status, response_snippet, error FROM webhook_deliveries WHERE id = ?')
      .bind(answer.delivery_id)
      .first<{ status: number; response_snippet: string; error: string }>();
    expect(row?.status).toBe(500);
    expect(row?.error).toBe('HTTP 500');
    expect(row?.response_snippet).toBe(`upstream broke ${'x'.repeat(1024 - 'upstream broke '.length)}`);
  });

  it('lists attempts newest first', async () => {
    await admin('PUT', '/webhooks/wh_twice', webhook('wh_twice', { url: `${RECEIVER}/fail/wh_twice` }));
    const at = (now: number) => admin('POST', '/webhooks/wh_twice/test', undefined, { authorization: `Bearer ${TOKEN}`, 'x-test-now': String(now) });
    const first = (await (await at(1_800_000_000_000)).json()) as TestAnswer;
    const second = (await (await at(1_800_000_060_000)).json()) as TestAnswer;
    const log = (await (await admin('GET', '/webhooks/wh_twice/deliveries')).json()) as { items: { id: string; created_at: number }[] };
    expect(log.items.map((item) => [item.id, item.created_at])).toEqual([
      [second.delivery_id, 1_800_000_060_000],
      [first.delivery_id, 1_800_000_000_000],
    ]);
  });

  it('gives up on a receiver that does not answer within 10 s, and logs why', async () => {
    await admin('PUT', '/webhooks/wh_hang', webhook('wh_hang', { url: `${RECEIVER}/hang/wh_hang` }));
    const answer = (await (await admin('POST', '/webhooks/wh_hang/test')).json()) as TestAnswer;
    expect(answer).toMatchObject({ delivered: false, status: null });
    expect(answer.duration_ms).toBeGreaterThanOrEqual(9_900);
    const log = (await (await admin('GET', '/webhooks/wh_hang/deliveries')).json()) as { items: { status: number | null; error: string }[] };
    expect(log.items).toMatchObject([{ status: null, error: 'No answer within 10 s' }]);
  });

  it('refuses to send to a stored url the rules no longer allow, and logs nothing', async () => {
    await env.DB.prepare("INSERT INTO webhooks (id, url, doc, created_at, updated_at) VALUES ('wh_old', 'https://10.0.0.7/in', ?, 0, 0)")
      .bind(JSON.stringify({ ...webhook('wh_old', { url: 'https://10.0.0.7/in' }), secrets: [{ secret: SECRET_A, createdAt: 0 }] }))
      .run();
    const res = await admin('POST', '/webhooks/wh_old/test');
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({
      msg: 'The stored url: a private (10.0.0.0/8) address is not allowed; store the webhook again with an allowed url',
      field: 'url',
    });
    expect(await received()).toEqual([]);
    expect(await (await admin('GET', '/webhooks/wh_old/deliveries')).json()).toEqual({ items: [] });
  });

  it('answers 404 for an unknown webhook and 400 for a bad id', async () => {
    expect(await (await admin('POST', '/webhooks/wh_none/test')).json()).toEqual({ msg: 'Webhook wh_none does not exist' });
    expect((await admin('GET', '/webhooks/wh_none/deliveries')).status).toBe(404);
    expect((await admin('POST', `/webhooks/${'x'.repeat(65)}/test`)).status).toBe(400);
  });
});
