/**
 * Lighthouse's scoring curves (v10+, mobile), so our CDP figures read as Lighthouse scores would: each
 * metric maps through a log-normal curve fixed by its p10 and median control points, and the score is
 * the weighted mean. Speed Index is not measured here, so its weight is left out and the rest renormalised.
 */

/** Complementary error function (Numerical Recipes' erfc, relative error < 1.2e-7). */
function erfc(x: number): number {
  const z = Math.abs(x);
  const t = 1 / (1 + z / 2);
  const r =
    t *
    Math.exp(
      -z * z -
        1.26551223 +
        t *
          (1.00002368 +
            t *
              (0.37409196 +
                t *
                  (0.09678418 +
                    t *
                      (-0.18628806 +
                        t *
                          (0.27886807 +
                            t * (-1.13520398 + t * (1.48851587 + t * (-0.82215223 + t * 0.17087277)))))))),
    );
  return x >= 0 ? r : 2 - r;
}

/** Lighthouse's getLogNormalScore. */
export function logNormalScore({ median, p10 }: { median: number; p10: number }, value: number): number {
  if (value <= 0) return 1;
  const INVERSE_ERFC_ONE_FIFTH = 0.9061938024368232;
  const standardized = (Math.log(value / median) * INVERSE_ERFC_ONE_FIFTH) / -Math.log(p10 / median);
  const p = erfc(standardized) / 2;
  if (value <= p10) return Math.max(0.9, Math.min(1, p));
  if (value <= median) return Math.max(0.5, Math.min(0.8999999999999999, p));
  return Math.max(0, Math.min(0.49999999999999994, p));
}

const CURVES = {
  fcp: { p10: 1800, median: 3000, weight: 10 },
  lcp: { p10: 2500, median: 4000, weight: 25 },
  tbt: { p10: 200, median: 600, weight: 30 },
  cls: { p10: 0.1, median: 0.25, weight: 25 },
} as const;

export interface PageMetrics {
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
}

/** 0–100, as Lighthouse prints it. */
export function performanceScore(metrics: PageMetrics): number {
  let sum = 0;
  let weights = 0;
  for (const [name, curve] of Object.entries(CURVES) as [
    keyof PageMetrics,
    (typeof CURVES)[keyof PageMetrics],
  ][]) {
    sum += curve.weight * logNormalScore(curve, metrics[name]);
    weights += curve.weight;
  }
  return Math.round((100 * sum) / weights);
}
