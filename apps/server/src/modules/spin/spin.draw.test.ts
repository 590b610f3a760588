import { describe, expect, it } from 'vitest';
import { cryptoRng, drawSlice, type Rng } from './spin.draw.ts';

/** A fixed-seed generator (mulberry32) for the statistical test: the same draws on every run. */
function seededRng(seed: number): Rng {
  let state = seed >>> 0;
  return (maxExclusive) => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    const unit = ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
    return Math.floor(unit * maxExclusive);
  };
}

/** The 0.999 quantile of the chi-square distribution with 7 degrees of freedom (8 slices). */
const CHI_SQUARE_7_DF_P999 = 24.322;

describe('drawSlice', () => {
  it('draws each slice as often as its weight says (chi-square over 100 000 draws, fixed seed)', () => {
    const weights = [30, 20, 25, 10, 5, 4, 1, 5];
    const total = weights.reduce((sum, weight) => sum + weight, 0);
    const draws = 100_000;
    const counts = new Array<number>(weights.length).fill(0);
    const rng = seededRng(20_261_123);
    for (let draw = 0; draw < draws; draw++) {
      const index = drawSlice(weights, rng);
      counts[index] = (counts[index] ?? 0) + 1;
    }
    const chiSquare = weights.reduce((sum, weight, index) => {
      const expected = (draws * weight) / total;
      return sum + ((counts[index] ?? 0) - expected) ** 2 / expected;
    }, 0);
    expect(chiSquare).toBeLessThan(CHI_SQUARE_7_DF_P999);
  });

  it('maps the ticket onto the cumulative weights, never drawing a weight of 0', () => {
    const weights = [2, 0, 3];
    const fixed =
      (ticket: number): Rng =>
      () =>
        ticket;
    expect([0, 1, 2, 3, 4].map((ticket) => drawSlice(weights, fixed(ticket)))).toEqual([0, 0, 2, 2, 2]);
  });

  it('refuses weights that cannot be drawn from, and a generator that answers out of range', () => {
    expect(() => drawSlice([0, 0], cryptoRng)).toThrow(RangeError);
    expect(() => drawSlice([1, -1, 2], cryptoRng)).toThrow(RangeError);
    expect(() => drawSlice([1.5, 2], cryptoRng)).toThrow(RangeError);
    expect(() => drawSlice([1, 2], () => 3)).toThrow(RangeError);
  });

  it('draws with the cryptographic generator by default', () => {
    for (let draw = 0; draw < 100; draw++) expect(drawSlice([1, 0, 1], cryptoRng)).not.toBe(1);
  });
});
