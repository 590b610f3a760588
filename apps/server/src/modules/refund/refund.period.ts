import { MINUTE_MS } from '../../lib/clock.ts';
import { addLocalDays, localDayStart, localWeekStart } from '../../lib/local-calendar.ts';
import type { TimeSpan } from '../bonus/bonus.module.ts';

/** A period is refundable this long after it ends, so bets the providers record late are counted. */
export const PERIOD_GRACE_MS = 10 * MINUTE_MS;

export type Period = TimeSpan;

/**
 * The last refund period that has closed (plus the grace) at `now`: yesterday, or last week (Monday 00:00 to
 * Monday 00:00), in the site's time zone. Only that period can be received; an older one not received is gone.
 */
export function lastClosedPeriod(now: Date, period: 'day' | 'week', timeZone: string): Period {
  const settled = new Date(now.getTime() - PERIOD_GRACE_MS);
  if (period === 'day') {
    const to = localDayStart(settled, timeZone);
    return { from: addLocalDays(to, -1, timeZone), to };
  }
  const to = localWeekStart(settled, timeZone);
  return { from: addLocalDays(to, -7, timeZone), to };
}

/**
 * The stretches of `period` in which no bonus ran: the period less the bonus spans (oldest first, not
 * overlapping, as `BonusHistory.runningSpans` answers them). Only bets placed in these count for a refund.
 */
export function bonusFreeSpans(period: Period, running: readonly TimeSpan[]): TimeSpan[] {
  const free: TimeSpan[] = [];
  let cursor = period.from;
  for (const span of running) {
    const start = span.from < period.to ? span.from : period.to;
    if (start > cursor) free.push({ from: cursor, to: start });
    if (span.to > cursor) cursor = span.to;
  }
  if (cursor < period.to) free.push({ from: cursor, to: period.to });
  return free;
}
