import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { ONE_CLICK_WINDOW_MS, readProof, setProof } from '../../src/platform/payments/one-click-proof';

const SECRET = 'sk_test_proof';
const PAID_AT = Date.UTC(2026, 10, 22, 12, 0, 0);
const proof = { orderId: 'or_paid1', funnelId: 'fn_demo', contactId: 'ct_buyer', paidAt: PAID_AT };

// The proof as a pay call sets and reads it: on an answer, and from a request's Cookie header.
const app = new Hono();
app.post('*', async (c) => {
  await setProof(c, SECRET, proof, Number(c.req.query('now') ?? PAID_AT));
  return c.body(null, 204);
});
app.get('*', async (c) => c.json(await readProof(c, c.req.query('secret') ?? SECRET, c.req.query('funnel') ?? 'fn_demo', Number(c.req.query('now')))));

async function setCookieOf(url: string): Promise<string> {
  return (await app.request(url, { method: 'POST' })).headers.get('set-cookie') ?? '';
}

async function read(cookie: string | null, now: number, query: Record<string, string> = {}): Promise<unknown> {
  const search = new URLSearchParams({ now: String(now), ...query });
  return (await app.request(`http://shop.test/pay?${search}`, { headers: cookie === null ? {} : { cookie } })).json();
}

const asRequestCookie = (setCookie: string) => setCookie.split(';')[0] ?? '';

describe('one-click proof', () => {
  it('is an httpOnly cookie for the pay call, valid for 30 minutes on its funnel only', async () => {
    const header = await setCookieOf('https://shop.test/pay');
    expect(header).toMatch(/^ef_oneclick_fn_demo=[^;]+; Max-Age=1800; Path=\/api\/v2\/funnel\/product; HttpOnly; Secure; SameSite=Lax$/);
    expect(await setCookieOf('http://shop.test/pay')).not.toContain('Secure');
    const cookie = `fingerprint=abc; ${asRequestCookie(header)}`;
    expect(await read(cookie, PAID_AT + 1000)).toEqual(proof);
    expect(await read(cookie, PAID_AT + ONE_CLICK_WINDOW_MS)).toEqual(proof);
    expect(await read(cookie, PAID_AT + ONE_CLICK_WINDOW_MS + 1)).toBeNull();
    expect(await read(cookie, PAID_AT + 1000, { funnel: 'fn_other' })).toBeNull();
    expect(await read(cookie.replace('ef_oneclick_fn_demo', 'ef_oneclick_fn_other'), PAID_AT + 1000, { funnel: 'fn_other' })).toBeNull();
    expect(await read(cookie, PAID_AT + 1000, { secret: 'sk_test_other' })).toBeNull();
  });

  it('refuses an edited order id or time, and garbage', async () => {
    const value = decodeURIComponent(
      asRequestCookie(await setCookieOf('http://shop.test/pay'))
        .split('=')
        .slice(1)
        .join('='),
    );
    const [, , , mac] = value.split('.');
    expect(value.startsWith(`or_paid1.ct_buyer.${PAID_AT}.`)).toBe(true);
    for (const forged of [
      `or_paid2.ct_buyer.${PAID_AT}.${mac}`,
      `or_paid1.ct_other.${PAID_AT}.${mac}`,
      `or_paid1..${PAID_AT}.${mac}`,
      `or_paid1.ct_buyer.${PAID_AT + 60_000}.${mac}`,
      'x',
      '',
      `or_paid1.ct_buyer.${PAID_AT}.${'A'.repeat(43)}=`,
    ]) {
      expect(await read(`ef_oneclick_fn_demo=${encodeURIComponent(forged)}`, PAID_AT + 120_000)).toBeNull();
    }
    expect(await read(null, PAID_AT)).toBeNull();
  });

  it('lasts for what is left of the 30 minutes since the first purchase when set again (an upsell)', async () => {
    expect(await setCookieOf(`http://shop.test/pay?now=${PAID_AT + 20 * 60_000}`)).toContain('; Max-Age=600;');
    expect(await setCookieOf(`http://shop.test/pay?now=${PAID_AT + ONE_CLICK_WINDOW_MS + 5000}`)).toContain('; Max-Age=0;');
  });
});
