import type { BonusType } from '@member-wallet/contract/bonus';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The wall-clock fields of an instant in a time zone. */
function localParts(instant: Date, timeZone: string) {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    weekday: 'short',
    hourCycle: 'h23',
  })
    .formatToParts(instant)
    .reduce<Record<string, string>>((all, part) => Object.assign(all, { [part.type]: part.value }), {});
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
    weekday: parts.weekday ?? 'Mon',
  };
}

const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

/**
 * The instant local midnight began on the day of `instant` in `timeZone`, `daysBack` days earlier. The zone's
 * offset is read at `instant`: exact for the site's zones (Asia/Bangkok and Asia/Vientiane have no daylight
 * saving time).
 */
function localMidnight(instant: Date, timeZone: string, daysBack: number): Date {
  const local = localParts(instant, timeZone);
  const wallClockAsUtc = Date.UTC(local.year, local.month - 1, local.day, local.hour, local.minute, local.second);
  const offsetMs = wallClockAsUtc - Math.floor(instant.getTime() / 1000) * 1000;
  const midnightAsUtc = Date.UTC(local.year, local.month - 1, local.day) - daysBack * DAY_MS;
  return new Date(midnightAsUtc - offsetMs);
}

/**
 * Where a bonus's receive count starts (docs/promotions.md): `limit` counts all time (null), `day` from local
 * midnight today, `week` from local midnight of this week's Monday, in the site's time zone.
 */
export function countingSince(type: BonusType, now: Date, timeZone: string): Date | null {
  if (type === 'limit') return null;
  if (type === 'day') return localMidnight(now, timeZone, 0);
  const daysSinceMonday = Math.max(0, WEEKDAYS.indexOf(localParts(now, timeZone).weekday));
  return localMidnight(now, timeZone, daysSinceMonday);
}
