import { describe, expect, it } from 'vitest';
import { type BonusRun, runningSpans } from './bonus.spans.ts';

/** When bonuses ran in a stretch of time (the BonusHistory port a loss refund reads). */

const at = (hour: number) => new Date(Date.UTC(2026, 2, 2, hour));
const run = (from: number, to: number | null): BonusRun => ({
  activated_at: at(from),
  until: to === null ? null : at(to),
});
const hours = (spans: { from: Date; to: Date }[]) =>
  spans.map((span) => [span.from.getUTCHours(), span.to.getUTCHours()]);

describe('the spans in which bonuses ran', () => {
  it('are clipped to the stretch, joined where they touch, and reach its end while one still runs', () => {
    expect(hours(runningSpans([run(0, 3), run(3, 5), run(8, 9), run(10, null)], at(1), at(12)))).toEqual([
      [1, 5],
      [8, 9],
      [10, 12],
    ]);
  });

  it('hold the instant a bonus ended: a bet in the same millisecond as the cancel is bonus play', () => {
    const justAfter = (hour: number) => new Date(at(hour).getTime() + 1);
    expect(runningSpans([run(2, 5)], at(1), at(12))).toEqual([{ from: at(2), to: justAfter(5) }]);
    expect(runningSpans([run(4, 4)], at(1), at(12))).toEqual([{ from: at(4), to: justAfter(4) }]);
    expect(runningSpans([run(2, 12)], at(1), at(12))).toEqual([{ from: at(2), to: at(12) }]);
  });

  it('count everything after the last bonus looked at as bonus time when more ran than are looked at', () => {
    const runs = [run(1, 2), run(3, 4), run(5, 6), run(7, 8)];
    expect(hours(runningSpans(runs, at(0), at(12), 3))).toEqual([
      [1, 2],
      [3, 4],
      [5, 12],
    ]);
    expect(hours(runningSpans(runs.slice(0, 3), at(0), at(12), 3))).toEqual([
      [1, 2],
      [3, 4],
      [5, 6],
    ]);
  });
});
