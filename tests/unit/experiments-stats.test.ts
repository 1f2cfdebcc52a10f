import { describe, expect, it } from 'vitest';
import { compareArms, conversionRate, logGamma, posterior, probabilityBeats, sampleRatioMismatch, upperGammaQ, uplift } from '../../src/lib/experiments/stats';

/** ln Γ by Stirling's series with a shift, written apart from the module's Lanczos. */
function stirlingLogGamma(x: number): number {
  let shift = 0;
  let z = x;
  while (z < 30) {
    shift -= Math.log(z);
    z += 1;
  }
  return shift + (z - 0.5) * Math.log(z) - z + 0.5 * Math.log(2 * Math.PI) + 1 / (12 * z) - 1 / (360 * z ** 3) + 1 / (1260 * z ** 5);
}

/** P(Beta(b) > Beta(a)) by the trapezoid rule over a fine grid: ∫ f_b(x) F_a(x) dx. */
function integrated(a: { alpha: number; beta: number }, b: { alpha: number; beta: number }, steps = 200_000): number {
  const density = (p: { alpha: number; beta: number }, x: number) =>
    x <= 0 || x >= 1
      ? 0
      : Math.exp(
          (p.alpha - 1) * Math.log(x) +
            (p.beta - 1) * Math.log(1 - x) -
            (stirlingLogGamma(p.alpha) + stirlingLogGamma(p.beta) - stirlingLogGamma(p.alpha + p.beta)),
        );
  const h = 1 / steps;
  let cdfA = 0;
  let previousA = density(a, 0);
  let previousIntegrand = 0;
  let total = 0;
  for (let i = 1; i <= steps; i++) {
    const x = i * h;
    const fa = density(a, x);
    cdfA += ((previousA + fa) / 2) * h;
    previousA = fa;
    const integrand = density(b, x) * cdfA;
    total += ((previousIntegrand + integrand) / 2) * h;
    previousIntegrand = integrand;
  }
  return total;
}

/** erfc (x > 0): 1 − erf's Taylor series near 0, its continued fraction further out; for χ² with one degree of freedom p = erfc(√(χ²/2)). */
function erfc(x: number): number {
  if (x < 2) {
    let term = x;
    let sum = x;
    for (let n = 1; n < 100; n++) {
      term *= (-x * x) / n;
      sum += term / (2 * n + 1);
    }
    return 1 - (2 / Math.sqrt(Math.PI)) * sum;
  }
  let f = 0;
  for (let k = 200; k >= 1; k--) f = k / 2 / (x + f);
  return Math.exp(-x * x) / Math.sqrt(Math.PI) / (x + f);
}

describe('log gamma', () => {
  it('matches factorials and Stirling', () => {
    expect(logGamma(1)).toBeCloseTo(0, 12);
    expect(logGamma(6)).toBeCloseTo(Math.log(120), 12);
    expect(logGamma(0.5)).toBeCloseTo(Math.log(Math.sqrt(Math.PI)), 12);
    for (const x of [3.5, 42, 1234.5, 250_000]) expect(logGamma(x) / stirlingLogGamma(x)).toBeCloseTo(1, 12);
  });
});

describe('probability to beat the control', () => {
  it('has the closed forms of small posteriors', () => {
    expect(probabilityBeats({ alpha: 1, beta: 1 }, { alpha: 1, beta: 1 })).toBeCloseTo(0.5, 12);
    // B ~ Beta(2, 1) has density 2x against a uniform A: ∫ 2x · x dx = 2/3.
    expect(probabilityBeats({ alpha: 1, beta: 1 }, { alpha: 2, beta: 1 })).toBeCloseTo(2 / 3, 12);
    // A ~ Beta(2, 1) against a uniform B: ∫ (1 − x²) dx = 1/3.
    expect(probabilityBeats({ alpha: 2, beta: 1 }, { alpha: 1, beta: 1 })).toBeCloseTo(1 / 3, 12);
    // Beta(1, 2) has density 2(1 − x): P(B > A) with A ~ Beta(1, 2), B ~ Beta(2, 1) = 5/6.
    expect(probabilityBeats({ alpha: 1, beta: 2 }, { alpha: 2, beta: 1 })).toBeCloseTo(5 / 6, 12);
  });

  it('agrees with a numeric integration of the posteriors', () => {
    const cases: [number, number, number, number][] = [
      [3, 10, 5, 10],
      [40, 1000, 55, 1000],
      [120, 2400, 100, 2400],
      [30, 600, 30, 600],
    ];
    for (const [ca, na, cb, nb] of cases) {
      const a = posterior(ca, na);
      const b = posterior(cb, nb);
      expect(Math.abs(probabilityBeats(a, b) - integrated(a, b))).toBeLessThan(1e-6);
    }
  });

  it('refuses counts that are not counts', () => {
    expect(() => posterior(11, 10)).toThrow('11 conversions of 10 visitors are not counts');
    expect(() => posterior(-1, 10)).toThrow(RangeError);
    expect(() => posterior(1.5, 10)).toThrow(RangeError);
  });

  it('is symmetric, and sure of a large clear win without overflowing', () => {
    const a = posterior(400, 10_000);
    const b = posterior(470, 10_000);
    expect(probabilityBeats(a, b) + probabilityBeats(b, a)).toBeCloseTo(1, 10);
    expect(probabilityBeats(a, b)).toBeGreaterThan(0.99);
    expect(probabilityBeats(a, b)).toBeLessThan(1);
    expect(probabilityBeats(posterior(5000, 100_000), posterior(6000, 100_000))).toBe(1);
  });

  it("is exact on the counts of a busy test (its speed is bench:stats's to show)", () => {
    // References computed apart at 40 significant digits (mpmath), rounded to doubles, by the same closed form.
    const cases: [number, number, number, number, number][] = [
      [5000, 100_000, 5100, 100_000, 0.8463982611818947],
      [12_000, 50_000, 12_100, 50_500, 0.4415464614192969],
      [29_980, 259_000, 30_000, 262_000, 0.07892107211732677],
    ];
    for (const [ca, na, cb, nb, exact] of cases) expect(probabilityBeats(posterior(ca, na), posterior(cb, nb))).toBeCloseTo(exact, 12);
    // Past a million conversions the first term comes from ln B: still a probability, and symmetric.
    const many = posterior(1_500_000, 30_000_000);
    const more = posterior(1_502_000, 30_000_000);
    expect(probabilityBeats(many, more) + probabilityBeats(more, many)).toBeCloseTo(1, 6);
    expect(probabilityBeats(many, more)).toBeGreaterThan(0.85);
  });
});

describe('rates and uplift', () => {
  it('divides conversions by visitors and compares with the control', () => {
    expect(conversionRate(5, 100)).toBe(0.05);
    expect(conversionRate(0, 0)).toBeNull();
    expect(uplift(0.06, 0.05)).toBeCloseTo(0.2, 12);
    expect(uplift(0.06, 0)).toBeNull();
    expect(uplift(null, 0.05)).toBeNull();
    const report = compareArms(
      [
        { variantId: 'control', visitors: 1000, conversions: 40 },
        { variantId: 'b', visitors: 1000, conversions: 55 },
        { variantId: 'c', visitors: 0, conversions: 0 },
      ],
      'control',
    );
    expect(report[0]).toEqual({ variantId: 'control', visitors: 1000, conversions: 40, rate: 0.04, uplift: null, probabilityToBeatControl: null });
    expect(report[1]!.rate).toBe(0.055);
    expect(report[1]!.uplift).toBeCloseTo(0.375, 12);
    expect(report[1]!.probabilityToBeatControl).toBeCloseTo(integrated(posterior(40, 1000), posterior(55, 1000)), 6);
    expect(report[2]!.rate).toBeNull();
    expect(report[2]!.uplift).toBeNull();
    // With nobody seen, the posterior is the uniform prior: below the control's 4 % more often than not.
    expect(report[2]!.probabilityToBeatControl).toBeCloseTo(1 - 0.04, 2);
  });
});

describe('sample-ratio mismatch', () => {
  it('computes the upper gamma tail exactly where it has a closed form', () => {
    // Two degrees of freedom: p = e^(−χ²/2).
    for (const x of [0.5, 5.991, 13.8155, 40]) expect(upperGammaQ(1, x / 2)).toBeCloseTo(Math.exp(-x / 2), 14);
    // One degree of freedom: p = erfc(√(χ²/2)).
    for (const x of [0.1, 1, 3.841, 6.635, 10.828, 30]) expect(upperGammaQ(0.5, x / 2) / erfc(Math.sqrt(x / 2))).toBeCloseTo(1, 9);
  });

  it('answers the textbook p-values of known tables', () => {
    // 1000 visitors at 50/50 seen as 550/450: χ² = 10, df 1, p = 0.00157.
    const close = sampleRatioMismatch([
      { visitors: 550, weight: 50 },
      { visitors: 450, weight: 50 },
    ]);
    expect(close.chiSquare).toBeCloseTo(10, 12);
    expect(close.degreesOfFreedom).toBe(1);
    expect(close.pValue).toBeCloseTo(0.0015654, 6);
    expect(close.mismatch).toBe(false);
    // 560/440: χ² = 14.4, p = 0.000148, flagged.
    const far = sampleRatioMismatch([
      { visitors: 560, weight: 1 },
      { visitors: 440, weight: 1 },
    ]);
    expect(far.pValue).toBeCloseTo(0.000148, 5);
    expect(far.mismatch).toBe(true);
    // Three arms at 20/30/50 seen as 230/300/470: χ² = 4.5 + 0 + 1.8 = 6.3, df 2, p = e^(−3.15).
    const three = sampleRatioMismatch([
      { visitors: 230, weight: 20 },
      { visitors: 300, weight: 30 },
      { visitors: 470, weight: 50 },
    ]);
    expect(three.chiSquare).toBeCloseTo(6.3, 12);
    expect(three.pValue).toBeCloseTo(Math.exp(-3.15), 12);
  });

  it('flags a 10/90 test that got a fifth of the visitors, and stays quiet with nobody or one arm', () => {
    expect(
      sampleRatioMismatch([
        { visitors: 2000, weight: 10 },
        { visitors: 8000, weight: 90 },
      ]).mismatch,
    ).toBe(true);
    expect(
      sampleRatioMismatch([
        { visitors: 0, weight: 1 },
        { visitors: 0, weight: 1 },
      ]),
    ).toEqual({ chiSquare: 0, degreesOfFreedom: 1, pValue: 1, mismatch: false });
    expect(
      sampleRatioMismatch([
        { visitors: 10, weight: 1 },
        { visitors: 3, weight: 0 },
      ]).mismatch,
    ).toBe(false);
  });
});
