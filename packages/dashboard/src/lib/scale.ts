/** Scaling for the hand-written SVG charts. */

/**
 * The smallest "nice" number (1, 2 or 5 times a power of ten) at or above `max`, so that axis
 * ticks fall on round values. A chart of zeros still gets an axis up to 1.
 */
export function niceMax(max: number): number {
  if (!Number.isFinite(max) || max <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(max));
  for (const step of [1, 2, 5, 10]) {
    if (step * power >= max) return step * power;
  }
  return 10 * power;
}

/** Whether `step` is 1, 2 or 5 times a power of ten (to a float's rounding). */
function isRoundStep(step: number): boolean {
  const mantissa = step / 10 ** Math.floor(Math.log10(step) + 1e-9);
  return [1, 2, 5].some((m) => Math.abs(mantissa - m) < 1e-9);
}

/**
 * Evenly spaced tick values from 0 to `top` (a `niceMax`): about `count` steps, each a round
 * number (1, 2 or 5 times a power of ten), and whole when `top` is, so that an axis of users never
 * shows 1.25 of one. Tries `count` steps, then one more, then fewer.
 */
export function ticks(top: number, count = 4): number[] {
  const whole = Number.isInteger(top);
  const tries = [count, count + 1];
  for (let n = count - 1; n >= 1; n--) tries.push(n);
  const steps =
    tries.find((n) => {
      const step = top / n;
      return step > 0 && isRoundStep(step) && (!whole || Number.isInteger(step));
    }) ?? count;
  // Each value rounded to the step's precision, so that 0.1 * 3 shows as 0.3.
  const digits = Math.max(0, -Math.floor(Math.log10(top / steps) + 1e-9));
  return Array.from({ length: steps + 1 }, (_, i) => Number(((top * i) / steps).toFixed(digits)));
}

/** The height in pixels of a bar of `value` on an axis from 0 to `top` drawn `height` pixels tall. */
export function barHeight(value: number, top: number, height: number): number {
  if (top <= 0 || value <= 0) return 0;
  return Math.min(height, (value / top) * height);
}

/** Where each of `count` bands starts and how wide it is across `width`, leaving `gap` between them. */
export function bands(
  count: number,
  width: number,
  gap = 0.2,
): { step: number; band: number; offset: (i: number) => number } {
  const step = count > 0 ? width / count : width;
  const band = step * (1 - gap);
  return { step, band, offset: (i: number) => i * step + (step - band) / 2 };
}

/** The label of a histogram bucket: "3", "3–6", or "30+" when it has no upper bound. */
export function bucketLabel(bucket: { from: number; to: number | null }): string {
  if (bucket.to === null) return `${bucket.from}+`;
  if (bucket.to === bucket.from) return String(bucket.from);
  return `${bucket.from}–${bucket.to}`;
}

/** Every how many bands to write a label so that labels `labelWidth` pixels wide do not touch, across `width`. */
export function labelStep(count: number, width: number, labelWidth: number): number {
  const fit = Math.max(1, Math.floor(width / labelWidth));
  return Math.max(1, Math.ceil(count / fit));
}
