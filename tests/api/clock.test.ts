/**
 * The request's clock (src/platform/clock.ts): a test sets it with a header, and only a
 * worker with the test-only TEST_CLOCK binding honours that header; a deployment never does.
 */
import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { platformApi } from '../../src/platform/app';
import { TEST_CLOCK_HEADER } from '../../src/platform/clock';
import { HOLD_MS } from '../../src/platform/services/booking-holds';
import { seedBooking, slotAt } from './booking-fixtures';
import { API } from './forms-fixtures';

beforeAll(seedBooking);

/** Holds `slot` on a worker with the given bindings, the request naming `now` as its instant. */
async function hold(slot: string, now: number, bindings: typeof env): Promise<number> {
  const ctx = createExecutionContext();
  const res = await platformApi.fetch(
    new Request(`${API}/appointment/hold`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [TEST_CLOCK_HEADER]: String(now) },
      body: JSON.stringify({ calendar_id: 'cal_b', selected_slot: slot }),
    }),
    bindings,
    ctx,
  );
  await waitOnExecutionContext(ctx);
  expect(res.status).toBe(200);
  return ((await res.json()) as { expires_at: number }).expires_at;
}

describe('the request clock', () => {
  it('is the instant a test names, where the worker allows it', async () => {
    const set = Date.now() - 3_600_000;
    expect(await hold(slotAt(8, 10), set, env)).toBe(set + HOLD_MS);
  });

  it('is the real time on a worker without TEST_CLOCK, whatever the header says', async () => {
    const before = Date.now();
    const expires = await hold(slotAt(8, 11), before - 3_600_000, { ...env, TEST_CLOCK: undefined });
    expect(expires).toBeGreaterThanOrEqual(before + HOLD_MS);
  });
});
