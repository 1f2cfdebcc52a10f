import { describe, expect, it } from 'vitest';
import { ONE_CLICK_WINDOW_MS, proofCookie, readProof } from '../../src/platform/payments/one-click-proof';

const SECRET = 'sk_test_proof';
const PAID_AT = Date.UTC(2026, 10, 22, 12, 0, 0);
const proof = { orderId: 'or_paid1', funnelId: 'fn_demo', paidAt: PAID_AT };

const asRequestCookie = (setCookie: string) => setCookie.split(';')[0] ?? '';

describe('one-click proof', () => {
  it('is an httpOnly cookie for the pay call, valid for 30 minutes on its funnel only', async () => {
    const header = await proofCookie(SECRET, proof, true);
    expect(header).toMatch(/; Max-Age=1800; Path=\/api\/v2\/funnel\/product; HttpOnly; SameSite=Lax; Secure$/);
    const cookie = `fingerprint=abc; ${asRequestCookie(header)}`;
    expect(await readProof(SECRET, cookie, 'fn_demo', PAID_AT + 1000)).toEqual(proof);
    expect(await readProof(SECRET, cookie, 'fn_demo', PAID_AT + ONE_CLICK_WINDOW_MS)).toEqual(proof);
    expect(await readProof(SECRET, cookie, 'fn_demo', PAID_AT + ONE_CLICK_WINDOW_MS + 1)).toBeNull();
    expect(await readProof(SECRET, cookie, 'fn_other', PAID_AT + 1000)).toBeNull();
    expect(await readProof('sk_test_other', cookie, 'fn_demo', PAID_AT + 1000)).toBeNull();
  });

  it('refuses an edited order id or time, and garbage', async () => {
    const value = asRequestCookie(await proofCookie(SECRET, proof, false)).split('=')[1] ?? '';
    const [, , mac] = value.split('.');
    for (const forged of [`or_paid2.${PAID_AT}.${mac}`, `or_paid1.${PAID_AT + 60_000}.${mac}`, 'x', '', `or_paid1.${PAID_AT}.${'A'.repeat(43)}`]) {
      expect(await readProof(SECRET, `ef_oneclick_fn_demo=${forged}`, 'fn_demo', PAID_AT + 120_000)).toBeNull();
    }
    expect(await readProof(SECRET, null, 'fn_demo', PAID_AT)).toBeNull();
  });
});
