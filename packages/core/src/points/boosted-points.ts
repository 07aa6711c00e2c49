/**
 * S35: a positive award under boosts, multiplied exactly and rounded once. Each multiplier is read
 * as the decimal its shortest text names (`String(0.29)` is "0.29"), so 100 × 0.29 is 29, not the
 * 28 that 28.999999999999996 floors to; the product of every multiplier is taken in BigInt and
 * rounded once, by the boosts' common mode, or down when they differ. Deductions are never multiplied.
 */
import type { Rounding } from './points-types.js';

/** What `boostedPoints` multiplies by: a boost's multiplier and rounding. */
export interface Multiplier {
  readonly multiplier: number;
  readonly rounding: Rounding;
}

const DECIMAL = /^(\d+)(?:\.(\d+))?(?:e([+-]?\d+))?$/;

/** A positive finite number as `digits / 10^scale`, from its shortest decimal text. */
function exactDecimal(value: number): { digits: bigint; scale: number } {
  const match = DECIMAL.exec(String(value));
  if (match === null) throw new RangeError(`a multiplier must be a positive finite number, got ${String(value)}`);
  const fraction = match[2] ?? '';
  const exponent = Number(match[3] ?? '0');
  const scale = fraction.length - exponent;
  const digits = BigInt(`${match[1]}${fraction}`);
  return scale >= 0 ? { digits, scale } : { digits: digits * 10n ** BigInt(-scale), scale: 0 };
}

/** The one mode of a list of boosts: theirs when they all agree, else down (S35). */
export function commonRounding(boosts: readonly Multiplier[]): Rounding {
  const first = boosts[0]?.rounding ?? 'down';
  return boosts.every((boost) => boost.rounding === first) ? first : 'down';
}

/**
 * `points` under `boosts`, as an exact BigInt: `points × Π multiplier`, rounded once by
 * `commonRounding` (nearest: half up). A deduction (points < 0) and an award without boosts are
 * `points` unchanged.
 */
export function boostedPoints(points: number, boosts: readonly Multiplier[]): bigint {
  const base = BigInt(points);
  if (points <= 0 || boosts.length === 0) return base;
  let numerator = base;
  let scale = 0;
  for (const boost of boosts) {
    const { digits, scale: s } = exactDecimal(boost.multiplier);
    numerator *= digits;
    scale += s;
  }
  const denominator = 10n ** BigInt(scale);
  const whole = numerator / denominator;
  const rest = numerator % denominator;
  if (rest === 0n) return whole;
  switch (commonRounding(boosts)) {
    case 'up':
      return whole + 1n;
    case 'nearest':
      return rest * 2n >= denominator ? whole + 1n : whole;
    default:
      return whole;
  }
}
