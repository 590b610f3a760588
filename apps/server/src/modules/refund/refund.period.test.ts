import { describe, expect, it } from 'vitest';
import { bonusFreeSpans, lastClosedPeriod, PERIOD_GRACE_MS } from './refund.period.ts';

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

describe('the stretches of a period in which no bonus ran', () => {
  const hour = (h: number) => new Date(MONDAY.getTime() + h * 3_600_000);
  const period = { from: hour(0), to: hour(168) };
  const spans = (...pairs: [number, number][]) => pairs.map(([from, to]) => ({ from: hour(from), to: hour(to) }));

  it('are the whole period when none ran', () => {
    expect(bonusFreeSpans(period, [])).toEqual(spans([0, 168]));
  });

  it('are what the bonuses leave, before, between and after them', () => {
    expect(bonusFreeSpans(period, spans([10, 12], [30, 40]))).toEqual(spans([0, 10], [12, 30], [40, 168]));
  });

  it('are nothing when a bonus ran all along, and start or stop where a bonus covers a border', () => {
    expect(bonusFreeSpans(period, spans([0, 168]))).toEqual([]);
    expect(bonusFreeSpans(period, spans([0, 5], [160, 168]))).toEqual(spans([5, 160]));
  });
});
