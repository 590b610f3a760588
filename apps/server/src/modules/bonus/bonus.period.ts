import type { BonusType } from '@member-wallet/contract/bonus';
import { localDayStart, localWeekStart } from '../../lib/local-calendar.ts';

/**
 * Where a bonus's receive count starts (docs/promotions/bonuses.md): `limit` counts all time (null), `day` from local
 * midnight today, `week` from local midnight of this week's Monday, in the site's time zone.
 */
export function countingSince(type: BonusType, now: Date, timeZone: string): Date | null {
  if (type === 'limit') return null;
  if (type === 'day') return localDayStart(now, timeZone);
  return localWeekStart(now, timeZone);
}
