import { describe, expect, it } from 'vitest';
import { nextCheckDelay } from './reality-check.ts';

const MINUTE = 60_000;

describe('the delay to the next reality check', () => {
  it('counts intervals from the start of the session, not from when the page opened', () => {
    expect(nextCheckDelay(0, 30, 0)).toBe(30 * MINUTE);
    expect(nextCheckDelay(0, 30, 25 * MINUTE)).toBe(5 * MINUTE);
    expect(nextCheckDelay(0, 30, 30 * MINUTE)).toBe(30 * MINUTE);
    expect(nextCheckDelay(0, 60, 61 * MINUTE)).toBe(59 * MINUTE);
  });

  it('waits a whole interval when the clock is behind the session start', () => {
    expect(nextCheckDelay(10 * MINUTE, 30, 0)).toBe(30 * MINUTE);
  });
});
