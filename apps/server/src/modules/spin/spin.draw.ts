import { randomInt } from 'node:crypto';
import { SPIN_TOTAL_WEIGHT_MAX } from '@member-wallet/contract/backoffice/promotions';

/**
 * A source of uniform integers in [0, maxExclusive). The app uses the operating system's cryptographic
 * generator; tests inject a seeded one so a statistical test gives the same answer on every run.
 */
export type Rng = (maxExclusive: number) => number;

export const cryptoRng: Rng = (maxExclusive) => randomInt(maxExclusive);

/** `randomInt` draws below 2^48; a wheel's total weight stays far inside it. */
export const TOTAL_WEIGHT_MAX = SPIN_TOTAL_WEIGHT_MAX;

/**
 * The index of the slice a spin lands on: slice i is drawn with probability weights[i] / sum(weights). One
 * uniform integer below the total weight, mapped onto the slices' cumulative weights. A weight of 0 is never
 * drawn. Weights must be non-negative integers with a positive total (the wheel setting's schema checks it).
 */
export function drawSlice(weights: readonly number[], rng: Rng): number {
  let total = 0;
  for (const weight of weights) {
    if (!Number.isSafeInteger(weight) || weight < 0) throw new RangeError(`slice weight ${weight} is not valid`);
    total += weight;
  }
  if (total <= 0 || total > TOTAL_WEIGHT_MAX) throw new RangeError(`total weight ${total} is out of range`);
  const ticket = rng(total);
  if (!Number.isInteger(ticket) || ticket < 0 || ticket >= total) throw new RangeError(`rng answered ${ticket}`);
  let cumulative = 0;
  for (const [index, weight] of weights.entries()) {
    cumulative += weight;
    if (ticket < cumulative) return index;
  }
  throw new Error('unreachable: the ticket is below the total weight');
}
