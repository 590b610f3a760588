import { describe, expect, it } from 'vitest';
import {
  easeOutFriction,
  normalizeAngle,
  planSpin,
  rotationAt,
  SPIN_DURATION_MS,
  SPIN_TURNS,
  sliceAngle,
  sliceAtPointer,
  wheelSize,
} from './wheel-math.ts';

const FULL_TURN = 2 * Math.PI;

/** A seeded generator (mulberry32), so a failure can be replayed. */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = Math.imul(state ^ (state >>> 15), 1 | state);
    value ^= value + Math.imul(value ^ (value >>> 7), 61 | value);
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
}

describe('wheelSize', () => {
  it('is 85% of a narrow window and at most 350 px', () => {
    expect(wheelSize(360)).toBe(306);
    expect(wheelSize(320)).toBe(272);
    expect(wheelSize(411)).toBe(349);
    expect(wheelSize(412)).toBe(350);
    expect(wheelSize(1920)).toBe(350);
  });
});

describe('sliceAngle', () => {
  it('splits the full turn evenly and refuses no slices', () => {
    expect(sliceAngle(4)).toBeCloseTo(Math.PI / 2);
    expect(() => sliceAngle(0)).toThrow(RangeError);
  });
});

describe('planSpin', () => {
  const random = seeded(6);
  const starts = [
    0,
    0.1,
    -0.1,
    Math.PI,
    -7.3,
    12.5,
    1000.25,
    ...Array.from({ length: 40 }, () => random() * 200 - 100),
  ];

  it('lands the pointer on the centre of the chosen slice for 2 to 12 slices and any start', () => {
    for (let count = 2; count <= 12; count++) {
      const angle = sliceAngle(count);
      for (const start of starts) {
        for (let index = 0; index < count; index++) {
          const plan = planSpin(start, index, count, random);
          expect(sliceAtPointer(plan.to, count), `${count} slices, start ${start}, slice ${index}`).toBe(index);
          const underPointer = normalizeAngle(-plan.to);
          expect(Math.abs(underPointer - (index + 0.5) * angle)).toBeLessThan(1e-9);
        }
      }
    }
  });

  it('makes 2 or 3 extra full turns and spins forward only', () => {
    const seen = new Set<number>();
    for (const start of starts) {
      const plan = planSpin(start, 3, 8, random);
      seen.add(plan.extraTurns);
      const turns = (plan.to - plan.from) / FULL_TURN;
      expect(plan.extraTurns).toBeGreaterThanOrEqual(SPIN_TURNS.min);
      expect(plan.extraTurns).toBeLessThanOrEqual(SPIN_TURNS.max);
      expect(turns).toBeGreaterThanOrEqual(plan.extraTurns);
      expect(turns).toBeLessThan(plan.extraTurns + 1);
    }
    expect([...seen].sort()).toEqual([2, 3]);
  });

  it('takes the extreme random values to the ends of the turn range', () => {
    expect(planSpin(0, 0, 6, () => 0).extraTurns).toBe(2);
    expect(planSpin(0, 0, 6, () => 0.999_999).extraTurns).toBe(3);
  });

  it('lasts 4 to 5 s, longer for a longer travel', () => {
    for (const start of starts) {
      for (let count = 2; count <= 12; count++) {
        const plan = planSpin(start, count - 1, count, random);
        expect(plan.durationMs).toBeGreaterThanOrEqual(SPIN_DURATION_MS.min);
        expect(plan.durationMs).toBeLessThanOrEqual(SPIN_DURATION_MS.max);
      }
    }
    const short = planSpin(0, 0, 12, () => 0);
    const long = planSpin(0, 0, 12, () => 0.99);
    expect(long.durationMs).toBeGreaterThan(short.durationMs);
  });

  it('refuses a slice index outside the wheel', () => {
    expect(() => planSpin(0, 4, 4)).toThrow(RangeError);
    expect(() => planSpin(0, -1, 4)).toThrow(RangeError);
  });
});

describe('easeOutFriction', () => {
  it('goes from 0 to 1 without ever going back, slowing down', () => {
    expect(easeOutFriction(0)).toBe(0);
    expect(easeOutFriction(1)).toBe(1);
    let previous = 0;
    let previousStep = Number.POSITIVE_INFINITY;
    for (let step = 1; step <= 1000; step++) {
      const value = easeOutFriction(step / 1000);
      expect(value).toBeGreaterThanOrEqual(previous);
      expect(value - previous).toBeLessThanOrEqual(previousStep + 1e-12);
      previousStep = value - previous;
      previous = value;
    }
  });

  it('clamps times outside [0, 1]', () => {
    expect(easeOutFriction(-1)).toBe(0);
    expect(easeOutFriction(2)).toBe(1);
  });
});

describe('rotationAt', () => {
  it('starts at the plan start and ends exactly on its end', () => {
    const plan = planSpin(1, 2, 5, () => 0.5);
    expect(rotationAt(plan, 0)).toBe(plan.from);
    expect(rotationAt(plan, plan.durationMs / 2)).toBeGreaterThan(plan.from);
    expect(rotationAt(plan, plan.durationMs)).toBe(plan.to);
    expect(rotationAt(plan, plan.durationMs + 100)).toBe(plan.to);
  });
});
