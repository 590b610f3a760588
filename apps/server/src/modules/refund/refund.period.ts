import { MINUTE_MS } from '../../lib/clock.ts';
import { addLocalDays, localDayStart, localWeekStart } from '../../lib/local-calendar.ts';

/** A period is refundable this long after it ends, so bets the providers record late are counted. */
export const PERIOD_GRACE_MS = 10 * MINUTE_MS;

export interface Period {
  from: Date;
  to: Date;
}

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
