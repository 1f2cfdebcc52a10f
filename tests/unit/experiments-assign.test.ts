import { describe, expect, it } from 'vitest';
import { BUCKETS, bucketOf, chooseVariant, type SplitTest, variantAt, variantRanges } from '../../src/lib/experiments/assign';
import { sampleRatioMismatch } from '../../src/lib/experiments/stats';

const test = (weights: Record<string, number>, extra: Partial<SplitTest> = {}): SplitTest => ({
  id: 'exp_headline',
  salt: 'salt_1',
  status: 'running',
  controlPageId: 'page_control',
  variants: Object.entries(weights).map(([id, weight]) => ({ id, pageId: id === 'control' ? 'page_control' : `page_${id}`, weight })),
  ...extra,
});

const visitorIds = (n: number) => Array.from({ length: n }, (_, i) => `visitor-${i}`);

async function split(experiment: SplitTest, ids: string[]): Promise<Map<string, number>> {
  const counts = new Map<string, number>(experiment.variants.map((variant) => [variant.id, 0]));
  for (const id of ids) {
    const variant = await chooseVariant(experiment, id);
    counts.set(variant!.id, (counts.get(variant!.id) ?? 0) + 1);
  }
  return counts;
}

describe('the bucket', () => {
  it('is a whole number below 10,000, the same for the same visitor, and differs per experiment and salt', async () => {
    const bucket = await bucketOf('salt_1', 'exp_a', 'visitor-1');
    expect(Number.isInteger(bucket) && bucket >= 0 && bucket < BUCKETS).toBe(true);
    expect(await bucketOf('salt_1', 'exp_a', 'visitor-1')).toBe(bucket);
    const others = visitorIds(50);
    const inA = await Promise.all(others.map((id) => bucketOf('salt_1', 'exp_a', id)));
    const inB = await Promise.all(others.map((id) => bucketOf('salt_1', 'exp_b', id)));
    const resalted = await Promise.all(others.map((id) => bucketOf('salt_2', 'exp_a', id)));
    expect(inA.filter((b, i) => b === inB[i]).length).toBeLessThan(3);
    expect(inA.filter((b, i) => b === resalted[i]).length).toBeLessThan(3);
  });
});

describe('ranges', () => {
  it('gives one variant the buckets of its weight from 0 and the control the rest', () => {
    expect(variantRanges(test({ control: 50, b: 50 }))).toEqual([{ variantId: 'b', start: 0, end: 5000 }]);
    expect(variantRanges(test({ control: 90, b: 10 }))).toEqual([{ variantId: 'b', start: 0, end: 1000 }]);
    expect(variantRanges(test({ control: 1, b: 1, c: 1 }))).toEqual([
      { variantId: 'b', start: 0, end: 3333 },
      { variantId: 'c', start: 5000, end: 8333 },
    ]);
    expect(variantRanges(test({ control: 0, b: 0 }))).toEqual([]);
  });

  it('pushes a range along when the one before overruns its lane, and never past the last bucket', () => {
    expect(variantRanges(test({ control: 0, b: 70, c: 30 }))).toEqual([
      { variantId: 'b', start: 0, end: 7000 },
      { variantId: 'c', start: 7000, end: 10000 },
    ]);
    expect(variantRanges(test({ control: 0, b: 20, c: 80 }))).toEqual([
      { variantId: 'b', start: 0, end: 2000 },
      { variantId: 'c', start: 2000, end: 10000 },
    ]);
  });

  it('moves visitors only from the control into a variant whose weight rises, never between variants', () => {
    const before = test({ control: 80, b: 10, c: 10 });
    const after = test({ control: 60, b: 30, c: 10 });
    for (let bucket = 0; bucket < BUCKETS; bucket++) {
      const was = variantAt(before, bucket)!.id;
      const now = variantAt(after, bucket)!.id;
      if (was !== now) expect([was, now]).toEqual(['control', 'b']);
    }
  });
});

describe('the split of 100,000 simulated visitors', () => {
  const ids = visitorIds(100_000);

  it('is 50/50 within ±1% and the SRM check stays quiet', async () => {
    const experiment = test({ control: 50, b: 50 });
    const counts = await split(experiment, ids);
    expect(Math.abs(counts.get('b')! / ids.length - 0.5)).toBeLessThan(0.01);
    const srm = sampleRatioMismatch(experiment.variants.map((variant) => ({ visitors: counts.get(variant.id)!, weight: variant.weight })));
    expect(srm.mismatch).toBe(false);
  });

  it('is 10/90 within ±1% and the SRM check stays quiet', async () => {
    const experiment = test({ control: 90, b: 10 });
    const counts = await split(experiment, ids);
    expect(Math.abs(counts.get('b')! / ids.length - 0.1)).toBeLessThan(0.01);
    const srm = sampleRatioMismatch(experiment.variants.map((variant) => ({ visitors: counts.get(variant.id)!, weight: variant.weight })));
    expect(srm.mismatch).toBe(false);
  });
});

describe('choosing a variant', () => {
  it('shows the same visitor the same variant on 100 views', async () => {
    const experiment = test({ control: 1, b: 1, c: 1 });
    for (const id of visitorIds(20)) {
      const seen = new Set<string>();
      for (let view = 0; view < 100; view++) seen.add((await chooseVariant(experiment, id))!.id);
      expect(seen.size).toBe(1);
    }
  });

  it('keeps a visitor on the live variant their cookie names when the weights change', async () => {
    const before = test({ control: 50, b: 50 });
    const after = test({ control: 95, b: 5 });
    const ids = visitorIds(2000);
    const first = await Promise.all(ids.map((id) => chooseVariant(before, id)));
    const moved = await Promise.all(ids.map(async (id, i) => (await chooseVariant(after, id, first[i]!.id))!.id !== first[i]!.id));
    expect(moved.filter(Boolean)).toEqual([]);
    // Without the cookie, most of b's visitors would have gone back to the control.
    const uncookied = await Promise.all(ids.map(async (id, i) => (await chooseVariant(after, id))!.id !== first[i]!.id));
    expect(uncookied.filter(Boolean).length).toBeGreaterThan(800);
  });

  it('never moves anyone already in a variant when its share rises, even without a cookie', async () => {
    const before = test({ control: 90, b: 10 });
    const after = test({ control: 70, b: 30 });
    for (const id of visitorIds(5000)) {
      if ((await chooseVariant(before, id))!.id === 'b') expect((await chooseVariant(after, id))!.id).toBe('b');
    }
  });

  it('ignores a cookie naming a variant that is gone or weighted 0', async () => {
    const experiment = test({ control: 0, b: 1, c: 0 });
    expect((await chooseVariant(experiment, 'visitor-1', 'gone'))!.id).toBe('b');
    expect((await chooseVariant(experiment, 'visitor-1', 'c'))!.id).toBe('b');
  });

  it('shows the control unless the test runs, and the winner once chosen', async () => {
    expect((await chooseVariant(test({ control: 0, b: 1 }, { status: 'draft' }), 'visitor-1', 'b'))!.id).toBe('control');
    expect((await chooseVariant(test({ control: 0, b: 1 }, { status: 'stopped' }), 'visitor-1'))!.id).toBe('control');
    expect((await chooseVariant(test({ control: 1, b: 0 }, { status: 'winner', winnerVariantId: 'b' }), 'visitor-1', 'control'))!.id).toBe('b');
  });
});
