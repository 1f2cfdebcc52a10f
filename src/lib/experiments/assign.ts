/**
 * Which variant of a split test a visitor sees (issue 28). Pure: the caller hands in the
 * experiment, the visitor id and the visitor's sticky cookie.
 *
 * - The bucket is SHA-256(salt, experiment id, visitor id) read as a 32-bit number, mod
 *   10,000: stable for a visitor, independent between experiments, and uniform (the
 *   modulo's bias is below 1 in 400,000).
 * - Each variant other than the control owns a lane of the bucket space (lane k of m starts
 *   at k·10,000/m) and its range grows from the lane's start by its share of the weights;
 *   the control takes every bucket left over. So raising a variant's weight takes buckets
 *   from the control only, never from another variant, as long as each variant's share fits
 *   its lane; a share wider than its lane pushes the next variant's range along.
 * - The sticky cookie names the variant a visitor was shown; while that variant is still
 *   live (listed, with a weight above 0) the visitor keeps it, whatever the weights now say.
 */

/** Buckets of the hash space; weights are resolved to whole buckets. */
export const BUCKETS = 10_000;

export interface Variant {
  id: string;
  pageId: string;
  weight: number;
}

/** What assignment needs of an experiment; `controlPageId` is the step's own page. */
export interface SplitTest {
  id: string;
  salt: string;
  status: 'draft' | 'running' | 'stopped' | 'winner';
  variants: readonly Variant[];
  controlPageId: string;
  winnerVariantId?: string | null | undefined;
}

/** A variant's buckets, [start, end). */
export interface BucketRange {
  variantId: string;
  start: number;
  end: number;
}

/** The visitor's bucket in 0…9,999 for this experiment. */
export async function bucketOf(salt: string, experimentId: string, visitorId: string): Promise<number> {
  // Salt and experiment id are ids (no ':'), so the joined text names one triple only.
  const data = new TextEncoder().encode(`${salt}:${experimentId}:${visitorId}`);
  const digest = new DataView(await crypto.subtle.digest('SHA-256', data));
  return digest.getUint32(0) % BUCKETS;
}

/** The control: the variant showing the step's own page. */
export function controlOf(test: Pick<SplitTest, 'variants' | 'controlPageId'>): Variant | undefined {
  return test.variants.find((variant) => variant.pageId === test.controlPageId);
}

/**
 * The bucket ranges of the variants other than the control, in their listed order. The
 * control owns every bucket outside them.
 */
export function variantRanges(test: Pick<SplitTest, 'variants' | 'controlPageId'>): BucketRange[] {
  const total = test.variants.reduce((sum, variant) => sum + Math.max(0, variant.weight), 0);
  if (total <= 0) return [];
  const control = controlOf(test);
  const others = test.variants.filter((variant) => variant !== control);
  const sizes = others.map((variant) => Math.floor((Math.max(0, variant.weight) * BUCKETS) / total));
  const lane = BUCKETS / Math.max(1, others.length);
  // Forward: each range starts at its lane, or after the previous range when that overran.
  const starts: number[] = [];
  for (let k = 0; k < sizes.length; k++) {
    const previousEnd = k === 0 ? 0 : (starts[k - 1] ?? 0) + (sizes[k - 1] ?? 0);
    starts.push(Math.max(Math.floor(k * lane), previousEnd));
  }
  // Backward: a range pushed past the end moves back, pushing earlier ones back in turn.
  for (let k = sizes.length - 1; k >= 0; k--) {
    const limit = k === sizes.length - 1 ? BUCKETS : (starts[k + 1] ?? BUCKETS);
    starts[k] = Math.min(starts[k] ?? 0, limit - (sizes[k] ?? 0));
  }
  return others.map((variant, k) => ({ variantId: variant.id, start: starts[k] ?? 0, end: (starts[k] ?? 0) + (sizes[k] ?? 0) }));
}

/** The variant owning `bucket`: the one whose range holds it, else the control. */
export function variantAt(test: Pick<SplitTest, 'variants' | 'controlPageId'>, bucket: number): Variant | undefined {
  const range = variantRanges(test).find((r) => bucket >= r.start && bucket < r.end);
  return range ? test.variants.find((variant) => variant.id === range.variantId) : controlOf(test);
}

/** A variant a sticky cookie may keep a visitor on: still listed, with a weight above 0. */
export function liveVariant(test: Pick<SplitTest, 'variants'>, cookieVariantId: string | null | undefined): Variant | undefined {
  if (!cookieVariantId) return undefined;
  return test.variants.find((variant) => variant.id === cookieVariantId && variant.weight > 0);
}

/**
 * The variant this visitor sees: the winner once chosen, the control unless the test is
 * running, else the live variant their cookie names, else the one their bucket falls in.
 */
export async function chooseVariant(test: SplitTest, visitorId: string, cookieVariantId?: string | null): Promise<Variant | undefined> {
  if (test.status === 'winner') return test.variants.find((variant) => variant.id === test.winnerVariantId) ?? controlOf(test);
  if (test.status !== 'running') return controlOf(test);
  return liveVariant(test, cookieVariantId) ?? variantAt(test, await bucketOf(test.salt, test.id, visitorId));
}
