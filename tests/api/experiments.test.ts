import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { admin, funnel, location, page, put, TOKEN } from './admin-support';

const experiment = (extra: Record<string, unknown> = {}) => ({
  id: 'exp_1',
  funnelId: 'fn_a',
  stepId: 'fn_a_s1',
  variants: [
    { id: 'control', pageId: 'fn_a_p1', weight: 50 },
    { id: 'b', pageId: 'pg_b', weight: 50 },
  ],
  ...extra,
});

/** PUT at the given instant (the test clock). */
const putAt = (at: number, body: unknown) => admin('PUT', '/experiments/exp_1', body, { authorization: `Bearer ${TOKEN}`, 'x-test-now': String(at) });

async function row(id = 'exp_1') {
  return env.DB.prepare('SELECT funnel_id, step_id, status, salt, started_at FROM experiments WHERE id = ?').bind(id).first();
}

async function expectRefused(body: unknown, status: number, msg: string): Promise<void> {
  const res = await admin('PUT', '/experiments/exp_bad', { ...(body as object), id: 'exp_bad' });
  expect(res.status).toBe(status);
  expect(((await res.json()) as { msg: string }).msg).toBe(msg);
  expect(await row('exp_bad')).toBeNull();
}

beforeAll(async () => {
  await put('/locations/loc_a', location('loc_a'));
  await put('/funnels/fn_a', funnel('fn_a'));
  await put('/funnels/fn_o', funnel('fn_o'));
  for (const pageId of ['fn_a_p1', 'fn_a_p2', 'fn_o_p1', 'pg_out']) await put(`/pages/${pageId}`, page(pageId));
  await put('/pages/pg_b', { ...page('pg_b', 'loc_a', 'Free guide, new headline'), funnelId: 'fn_a' });
  await put('/pages/pg_c', { ...page('pg_c', 'loc_a', 'Free guide, short'), funnelId: 'fn_a' });
});

describe('storing an experiment', () => {
  it('stores a draft with a generated salt and no start, and reads it back', async () => {
    const res = await putAt(1_800_000_000_000, experiment({ name: 'Headline' }));
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({ kind: 'experiments', id: 'exp_1', created: true, cachePurged: true });
    const stored = await row();
    expect(stored).toMatchObject({ funnel_id: 'fn_a', step_id: 'fn_a_s1', status: 'draft', started_at: null });
    expect(stored?.salt).toMatch(/^salt_[0-9a-z]{16}$/);
    expect(await (await admin('GET', '/experiments/exp_1')).json()).toEqual({
      ...experiment({ name: 'Headline' }),
      status: 'draft',
      winnerVariantId: null,
      salt: stored?.salt,
      startedAt: null,
      // pg_b was never published: visitors in b would be served the control.
      unservableVariants: [{ experimentId: 'exp_1', variantId: 'b', pageId: 'pg_b' }],
    });
  });

  it('starts the clock when it first runs and keeps the salt and start across later PUTs', async () => {
    const { salt } = (await row()) as { salt: string };
    expect((await putAt(1_800_000_100_000, experiment({ status: 'running' }))).status).toBe(200);
    expect(await row()).toMatchObject({ status: 'running', salt, started_at: 1_800_000_100_000 });
    // The seller changes the weights, and later stops the test: same salt, same start.
    const reweighted = experiment({
      status: 'running',
      startedAt: 5,
      variants: [
        { id: 'control', pageId: 'fn_a_p1', weight: 70 },
        { id: 'b', pageId: 'pg_b', weight: 20 },
        { id: 'c', pageId: 'pg_c', weight: 10 },
      ],
    });
    expect((await putAt(1_800_000_200_000, reweighted)).status).toBe(200);
    expect((await putAt(1_800_000_300_000, experiment({ status: 'stopped' }))).status).toBe(200);
    expect(await row()).toMatchObject({ status: 'stopped', salt, started_at: 1_800_000_100_000 });
    expect(await (await admin('GET', '/experiments/exp_1')).json()).toMatchObject({ salt, startedAt: 1_800_000_100_000 });
  });

  it('takes a salt the seller sends, and a winner that is one of the variants', async () => {
    expect((await putAt(1_800_000_400_000, experiment({ status: 'winner', winnerVariantId: 'b', salt: 'reshuffle_2' }))).status).toBe(200);
    expect(await row()).toMatchObject({ status: 'winner', salt: 'reshuffle_2', started_at: 1_800_000_100_000 });
  });

  it('keeps the pages and funnel of a test from being removed, and removes the test', async () => {
    const page = await admin('DELETE', '/pages/pg_b');
    expect(page.status).toBe(409);
    expect(((await page.json()) as { msg: string }).msg).toBe('Page pg_b is still used by 1 experiment(s); remove those first');
    const funnel = await admin('DELETE', '/funnels/fn_a');
    expect(funnel.status).toBe(409);
    expect(((await funnel.json()) as { msg: string }).msg).toBe('Funnel fn_a is still used by 1 experiment(s); remove those first');
    expect((await admin('DELETE', '/experiments/exp_1')).status).toBe(200);
    expect(await row()).toBeNull();
    const gone = await admin('GET', '/experiments/exp_1');
    expect(gone.status).toBe(404);
    expect(await gone.json()).toEqual({ msg: 'Experiment exp_1 does not exist' });
  });
});

describe('refusing an experiment that is not a test of its step', () => {
  const variants = (...list: [string, string, number][]) => list.map(([id, pageId, weight]) => ({ id, pageId, weight }));

  it('refuses pages that are not in the step’s funnel', async () => {
    await expectRefused(experiment({ variants: variants(['control', 'fn_a_p1', 1], ['b', 'pg_out', 1]) }), 409, 'variants: page pg_out is not in funnel fn_a');
    await expectRefused(
      experiment({ variants: variants(['control', 'fn_a_p1', 1], ['b', 'fn_o_p1', 1]) }),
      409,
      'variants: page fn_o_p1 serves step fn_o_s1; a variant needs a page of its own',
    );
    await expectRefused(
      experiment({ variants: variants(['control', 'fn_a_p1', 1], ['b', 'fn_a_p2', 1]) }),
      409,
      'variants: page fn_a_p2 serves step fn_a_s2; a variant needs a page of its own',
    );
    await expectRefused(experiment({ variants: variants(['control', 'fn_a_p1', 1], ['b', 'pg_none', 1]) }), 409, 'variants: page pg_none does not exist');
    await expectRefused(
      experiment({ variants: variants(['b', 'pg_b', 1], ['c', 'pg_c', 1]) }),
      409,
      "variants: one variant must show the step's page fn_a_p1 (the control)",
    );
    await expectRefused(experiment({ stepId: 'fn_o_s1' }), 409, 'stepId: Funnel step fn_o_s1 belongs to another funnel');
    await expectRefused(experiment({ funnelId: 'fn_none' }), 409, 'funnelId: Funnel fn_none does not exist');
  });

  it('refuses weights that do not add up to more than 0, and negative ones', async () => {
    await expectRefused(
      experiment({ variants: variants(['control', 'fn_a_p1', 0], ['b', 'pg_b', 0]) }),
      400,
      'variants: the weights must add up to more than 0',
    );
    await expectRefused(experiment({ variants: variants(['control', 'fn_a_p1', 10], ['b', 'pg_b', -1]) }), 400, 'variants.1.weight: must be 0 or more');
    await expectRefused(
      experiment({
        variants: [
          { id: 'control', pageId: 'fn_a_p1', weight: '50' },
          { id: 'b', pageId: 'pg_b', weight: 50 },
        ],
      }),
      400,
      'variants.0.weight: Invalid type: Expected number but received "50"',
    );
  });

  it('refuses duplicate variants, a lone variant, a winner that is not a variant and an unknown status', async () => {
    await expectRefused(
      experiment({ variants: variants(['control', 'fn_a_p1', 1], ['control', 'pg_b', 1]) }),
      400,
      'variants: variant id control is listed twice',
    );
    await expectRefused(experiment({ variants: variants(['control', 'fn_a_p1', 1], ['b', 'fn_a_p1', 1]) }), 400, 'variants: page fn_a_p1 is listed twice');
    await expectRefused(experiment({ variants: variants(['control', 'fn_a_p1', 1]) }), 400, 'variants: needs the control and at least one other variant');
    await expectRefused(experiment({ status: 'winner', winnerVariantId: 'zz' }), 400, 'winnerVariantId: zz is not one of the variants');
    await expectRefused(experiment({ status: 'winner' }), 400, 'winnerVariantId: is required when status is winner');
    await expectRefused(experiment({ status: 'paused' }), 400, 'status: must be draft, running, stopped or winner');
    await expectRefused(experiment({ variants: 'all' }), 400, 'variants: Invalid type: Expected Array but received "all"');
  });
});
