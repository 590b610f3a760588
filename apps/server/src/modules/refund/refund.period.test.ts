import { describe, expect, it } from 'vitest';
import { lastClosedPeriod, PERIOD_GRACE_MS } from './refund.period.ts';

const BANGKOK = 'Asia/Bangkok';
/** Monday 2 March 2026 00:00 in Bangkok. */
const MONDAY = new Date('2026-03-01T17:00:00.000Z');
const iso = (period: { from: Date; to: Date }) => ({ from: period.from.toISOString(), to: period.to.toISOString() });

describe('the last closed refund period', () => {
  it('is last week from Monday 00:00 to Monday 00:00, local time, once the grace has passed', () => {
    const lastWeek = { from: '2026-02-22T17:00:00.000Z', to: MONDAY.toISOString() };
    const weekBefore = { from: '2026-02-15T17:00:00.000Z', to: '2026-02-22T17:00:00.000Z' };
    expect(iso(lastClosedPeriod(new Date(MONDAY.getTime() + PERIOD_GRACE_MS), 'week', BANGKOK))).toEqual(lastWeek);
    // Within the grace after Monday midnight, the week that just ended is not refundable yet.
    expect(iso(lastClosedPeriod(new Date(MONDAY.getTime() + PERIOD_GRACE_MS - 1), 'week', BANGKOK))).toEqual(
      weekBefore,
    );
    // All week long (Sunday 23:59 local included), it stays the same period.
    expect(iso(lastClosedPeriod(new Date('2026-03-08T16:59:00Z'), 'week', BANGKOK))).toEqual(lastWeek);
  });

  it('is yesterday, local time, for a daily period', () => {
    const noon = new Date('2026-03-02T05:00:00Z');
    expect(iso(lastClosedPeriod(noon, 'day', BANGKOK))).toEqual({
      from: '2026-02-28T17:00:00.000Z',
      to: MONDAY.toISOString(),
    });
    // 00:05 local on Monday: Saturday is still the last refundable day.
    expect(iso(lastClosedPeriod(new Date(MONDAY.getTime() + 5 * 60_000), 'day', BANGKOK))).toEqual({
      from: '2026-02-27T17:00:00.000Z',
      to: '2026-02-28T17:00:00.000Z',
    });
  });
});
