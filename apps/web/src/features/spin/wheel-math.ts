/**
 * Geometry and motion of the prize wheel (spec sections 2 and 9, "Wheel"). Pure functions, so the landing
 * rule can be tested for every slice count without a canvas.
 *
 * Angles are radians measured clockwise from the top, where the fixed pointer is. Slice `i` of `n` covers
 * `[i, i + 1) * 2π / n` on the wheel; a wheel turned clockwise by `rotation` shows, under the pointer, the
 * wheel angle `-rotation`.
 */
import { WHEEL } from '@member-wallet/contract/constants';

const FULL_TURN = 2 * Math.PI;

/** Extra full turns a spin makes before it settles on the server's slice (spec section 9). */
export const SPIN_TURNS = { min: 2, max: 3 } as const;

/** How long a spin lasts: the least travel takes the least time, the most travel the most. */
export const SPIN_DURATION_MS = { min: 4_000, max: 5_000 } as const;

/** The wheel's side in CSS pixels: the smaller of 350 and 85% of the window's width. */
export function wheelSize(windowWidth: number): number {
  return Math.max(0, Math.floor(Math.min(WHEEL.maxSizePx, windowWidth * WHEEL.maxWindowFraction)));
}

/** The angle one of `count` equal slices covers. */
export function sliceAngle(count: number): number {
  if (!Number.isInteger(count) || count < 1) throw new RangeError(`slice count must be a positive integer: ${count}`);
  return FULL_TURN / count;
}

/** `angle` brought into [0, 2π). */
export function normalizeAngle(angle: number): number {
  const turned = angle % FULL_TURN;
  return turned < 0 ? turned + FULL_TURN : turned;
}

/** The index of the slice under the pointer when the wheel is turned by `rotation`. */
export function sliceAtPointer(rotation: number, count: number): number {
  const angle = sliceAngle(count);
  return Math.floor(normalizeAngle(-rotation) / angle) % count;
}

export interface SpinPlan {
  from: number;
  to: number;
  /** The whole turns made on top of the part that brings the chosen slice to the pointer. */
  extraTurns: number;
  durationMs: number;
}

/**
 * The spin from `current` that stops with the centre of slice `index` under the pointer, after 2 or 3 extra
 * full turns drawn with `random` (a function like `Math.random`, injectable for tests). The duration grows
 * with the distance travelled, from 4 s for the shortest spin to 5 s for the longest, so every spin seems
 * to slow down under the same friction.
 */
export function planSpin(current: number, index: number, count: number, random: () => number = Math.random): SpinPlan {
  if (!Number.isInteger(index) || index < 0 || index >= count) {
    throw new RangeError(`slice index ${index} is outside 0..${count - 1}`);
  }
  const angle = sliceAngle(count);
  const target = normalizeAngle(-(index + 0.5) * angle);
  const toTarget = normalizeAngle(target - normalizeAngle(current));
  const span = SPIN_TURNS.max - SPIN_TURNS.min + 1;
  const extraTurns = Math.min(SPIN_TURNS.max, SPIN_TURNS.min + Math.floor(random() * span));
  const travel = toTarget + extraTurns * FULL_TURN;
  // Travel goes from 2 turns (extra 2, already on target) to just under 4 (extra 3, a turn away).
  const shortest = SPIN_TURNS.min * FULL_TURN;
  const longest = (SPIN_TURNS.max + 1) * FULL_TURN;
  const share = (travel - shortest) / (longest - shortest);
  const durationMs = SPIN_DURATION_MS.min + share * (SPIN_DURATION_MS.max - SPIN_DURATION_MS.min);
  return { from: current, to: current + travel, extraTurns, durationMs };
}

/** Ease-out cubic: full speed at the start, slowing as friction would, at rest at t = 1. */
export function easeOutFriction(t: number): number {
  const clamped = Math.min(1, Math.max(0, t));
  return 1 - (1 - clamped) ** 3;
}

/** The wheel's rotation `elapsedMs` into `plan`; the plan's end once the time is up. */
export function rotationAt(plan: SpinPlan, elapsedMs: number): number {
  if (elapsedMs >= plan.durationMs) return plan.to;
  return plan.from + (plan.to - plan.from) * easeOutFriction(elapsedMs / plan.durationMs);
}
