/**
 * The numbers of a split test (issue 28, docs/analytics.md): per variant its conversion
 * rate, its uplift over the control and the probability that it beats the control, and a
 * sample-ratio-mismatch check of the split against the weights. Pure and deterministic: no
 * sampling, so the same counts always give the same answer.
 *
 * The probability is Bayesian Beta–Binomial with a uniform Beta(1, 1) prior: a variant with
 * c conversions of n visitors has the posterior Beta(1 + c, 1 + n − c), and P(B > A) is
 * summed exactly (Evan Miller's closed form), in logs so that large counts do not overflow.
 */

/** ln Γ(x) for x > 0 (Lanczos, g = 7, nine terms; relative error about 1e-15). */
export function logGamma(x: number): number {
  if (x < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * x)) - logGamma(1 - x);
  const c = [
    0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059, 12.507343278686905, -0.13857109526572012,
    9.9843695780195716e-6, 1.5056327351493116e-7,
  ];
  const z = x - 1;
  let sum = c[0] as number;
  for (let i = 1; i < 9; i++) sum += (c[i] as number) / (z + i);
  const t = z + 7.5;
  return 0.5 * Math.log(2 * Math.PI) + (z + 0.5) * Math.log(t) - t + Math.log(sum);
}

/** ln B(a, b). */
export function logBeta(a: number, b: number): number {
  return logGamma(a) + logGamma(b) - logGamma(a + b);
}

/** A Beta posterior's parameters. */
export interface BetaParams {
  alpha: number;
  beta: number;
}

/** The posterior of c conversions of n visitors under the uniform prior; counts must be whole, 0 ≤ c ≤ n. */
export function posterior(conversions: number, visitors: number): BetaParams {
  if (!Number.isSafeInteger(conversions) || !Number.isSafeInteger(visitors) || conversions < 0 || conversions > visitors) {
    throw new RangeError(`${conversions} conversions of ${visitors} visitors are not counts`);
  }
  return { alpha: 1 + conversions, beta: 1 + visitors - conversions };
}

/**
 * P(X_b > X_a) for X_a ~ Beta(a), X_b ~ Beta(b), summing over b.alpha (a whole number):
 * term i is B(a.α + i, a.β + b.β) / ((b.β + i) · B(1 + i, b.β) · B(a.α, a.β)). Every term is a
 * product of ratios of whole numbers: the first is Π_{j < a.α} (a.β + j) / (a.β + b.β + j), each
 * next one the previous times (a.α + i)(b.β + i) / ((a.α + a.β + b.β + i)(1 + i)). A product
 * rounds once a factor, so the sum is exact to about 1e-12, where summing each term from ln Γ
 * (differences of numbers in the millions) was off by up to 1e-9, and it costs a
 * multiplication a term instead of nine ln Γ: a test with 30,000 conversions in a variant sums
 * 30,000 terms on every statistics answer. The term is carried as mantissa · 2^scale, so that
 * terms far below a double's range (thousands of conversions) are neither lost nor wrong.
 */
function beatsBySum(a: BetaParams, b: BetaParams): number {
  let mantissa = 1;
  let scale = 0;
  if (a.alpha <= FIRST_TERM_BY_PRODUCT) {
    for (let j = 0; j < a.alpha; j++) {
      mantissa *= (a.beta + j) / (a.beta + b.beta + j);
      if (mantissa < RESCALE_BELOW) {
        mantissa *= RESCALE;
        scale -= RESCALE_BITS;
      }
    }
  } else {
    // Millions of conversions: the first term from ln B, as exact as a double of its logarithm allows.
    const logFirst = logBeta(a.alpha, a.beta + b.beta) - logBeta(a.alpha, a.beta);
    scale = Math.min(0, Math.ceil(logFirst / Math.LN2));
    mantissa = Math.exp(logFirst - scale * Math.LN2);
  }
  const all = a.alpha + a.beta + b.beta;
  let factor = 2 ** scale;
  let total = 0;
  for (let i = 0; i < b.alpha; i++) {
    total += mantissa * factor;
    mantissa *= ((a.alpha + i) * (b.beta + i)) / ((all + i) * (1 + i));
    if (mantissa < RESCALE_BELOW) {
      mantissa *= RESCALE;
      scale -= RESCALE_BITS;
      factor = 2 ** scale;
    } else if (mantissa > RESCALE && scale < 0) {
      const bits = Math.min(RESCALE_BITS, -scale);
      mantissa /= 2 ** bits;
      scale += bits;
      factor = 2 ** scale;
    }
  }
  return total;
}

/** Up to this alpha the first term is multiplied out (a million factors take a few ms). */
const FIRST_TERM_BY_PRODUCT = 1_000_000;
const RESCALE_BITS = 500;
const RESCALE = 2 ** RESCALE_BITS;
const RESCALE_BELOW = 2 ** -RESCALE_BITS;

/**
 * P(X_b > X_a) for Beta posteriors with whole-number alphas, exactly: the sum runs over the
 * smaller alpha (P(B > A) = 1 − P(A > B), ties have probability 0), clamped to [0, 1].
 */
export function probabilityBeats(a: BetaParams, b: BetaParams): number {
  const p = b.alpha <= a.alpha ? beatsBySum(a, b) : 1 - beatsBySum(b, a);
  return Math.min(1, Math.max(0, p));
}

/** Conversions over visitors; null without visitors. */
export function conversionRate(conversions: number, visitors: number): number | null {
  return visitors > 0 ? conversions / visitors : null;
}

/** The relative change of `rate` over the control's; null when either is unknown or the control's is 0. */
export function uplift(rate: number | null, controlRate: number | null): number | null {
  if (rate === null || controlRate === null || controlRate === 0) return null;
  return (rate - controlRate) / controlRate;
}

/** Regularized upper incomplete gamma Q(s, x) = Γ(s, x) / Γ(s) (series below s + 1, continued fraction above). */
export function upperGammaQ(s: number, x: number): number {
  if (x <= 0) return 1;
  const logPrefix = -x + s * Math.log(x) - logGamma(s);
  if (x < s + 1) {
    let term = 1 / s;
    let sum = term;
    for (let n = 1; n < 10_000 && Math.abs(term) > Math.abs(sum) * 1e-16; n++) {
      term *= x / (s + n);
      sum += term;
    }
    return Math.max(0, 1 - sum * Math.exp(logPrefix));
  }
  // Lentz's method for the continued fraction of Γ(s, x).
  const tiny = 1e-300;
  let b = x + 1 - s;
  let c = 1 / tiny;
  let d = 1 / b;
  let h = d;
  for (let i = 1; i < 10_000; i++) {
    const an = -i * (i - s);
    b += 2;
    d = an * d + b;
    if (Math.abs(d) < tiny) d = tiny;
    c = b + an / c;
    if (Math.abs(c) < tiny) c = tiny;
    d = 1 / d;
    const delta = d * c;
    h *= delta;
    if (Math.abs(delta - 1) < 1e-16) break;
  }
  return Math.min(1, Math.exp(logPrefix) * h);
}

/** The p-value below which a split is flagged as a sample-ratio mismatch. */
export const SRM_THRESHOLD = 0.001;

export interface SrmResult {
  chiSquare: number;
  degreesOfFreedom: number;
  pValue: number;
  /** True when the split is far from its weights (p below SRM_THRESHOLD). */
  mismatch: boolean;
}

/**
 * Pearson's chi-square goodness of fit of the visitors per variant against the weights.
 * Only variants with a weight above 0 take part; a weightless variant cannot be expected
 * to get anyone (a sticky cookie may still bring it visitors).
 */
export function sampleRatioMismatch(arms: readonly { visitors: number; weight: number }[]): SrmResult {
  const weighted = arms.filter((arm) => arm.weight > 0);
  const visitors = weighted.reduce((sum, arm) => sum + arm.visitors, 0);
  const weights = weighted.reduce((sum, arm) => sum + arm.weight, 0);
  const degreesOfFreedom = weighted.length - 1;
  if (visitors === 0 || degreesOfFreedom < 1) return { chiSquare: 0, degreesOfFreedom: Math.max(0, degreesOfFreedom), pValue: 1, mismatch: false };
  const chiSquare = weighted.reduce((sum, arm) => {
    const expected = (visitors * arm.weight) / weights;
    return sum + (arm.visitors - expected) ** 2 / expected;
  }, 0);
  const pValue = upperGammaQ(degreesOfFreedom / 2, chiSquare / 2);
  return { chiSquare, degreesOfFreedom, pValue, mismatch: pValue < SRM_THRESHOLD };
}

export interface ArmCounts {
  variantId: string;
  visitors: number;
  conversions: number;
}

export interface ArmReport extends ArmCounts {
  rate: number | null;
  /** Relative to the control's rate; null for the control itself. */
  uplift: number | null;
  /** P(this variant's rate > the control's); null for the control itself. */
  probabilityToBeatControl: number | null;
}

/** Each variant's numbers against the control (`controlId`). */
export function compareArms(arms: readonly ArmCounts[], controlId: string): ArmReport[] {
  const control = arms.find((arm) => arm.variantId === controlId);
  const controlRate = control ? conversionRate(control.conversions, control.visitors) : null;
  return arms.map((arm) => {
    const rate = conversionRate(arm.conversions, arm.visitors);
    if (arm.variantId === controlId || !control) return { ...arm, rate, uplift: null, probabilityToBeatControl: null };
    const p = probabilityBeats(posterior(control.conversions, control.visitors), posterior(arm.conversions, arm.visitors));
    return { ...arm, rate, uplift: uplift(rate, controlRate), probabilityToBeatControl: p };
  });
}
