import type { Country } from '@member-wallet/contract/constants';

/**
 * Days and weeks of the site's time zone (Asia/Bangkok, or Asia/Vientiane for the Laos build), for promotions
 * whose periods are local calendar days and weeks. Both zones keep UTC+7 all year, but the offset is read from
 * the zone at each instant, so a zone with daylight saving would still get its midnights right.
 */
export const DAY_MS = 24 * 60 * 60 * 1000;

/** The site's time zone: Asia/Vientiane for the Laos build (`COUNTRY=LA`), else Asia/Bangkok. */
export function siteTimeZone(country: Country): string {
  return country === 'LA' ? 'Asia/Vientiane' : 'Asia/Bangkok';
}

/** The zone's offset from UTC at `instant`, in milliseconds (positive east of Greenwich). */
export function zoneOffsetMs(instant: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  })
    .formatToParts(instant)
    .reduce<Record<string, number>>((all, part) => Object.assign(all, { [part.type]: Number(part.value) }), {});
  const local = Date.UTC(parts.year ?? 0, (parts.month ?? 1) - 1, parts.day, parts.hour, parts.minute, parts.second);
  return local - Math.floor(instant.getTime() / 1000) * 1000;
}

/** The instant the local day holding `instant` began. */
export function localDayStart(instant: Date, timeZone: string): Date {
  const midnight = Math.floor((instant.getTime() + zoneOffsetMs(instant, timeZone)) / DAY_MS) * DAY_MS;
  // The offset at midnight may differ from the one at `instant` (a daylight-saving change that day).
  const guess = new Date(midnight - zoneOffsetMs(instant, timeZone));
  return new Date(midnight - zoneOffsetMs(guess, timeZone));
}

/** The instant the local week (Monday 00:00) holding `instant` began. */
export function localWeekStart(instant: Date, timeZone: string): Date {
  const day = localDayStart(instant, timeZone);
  const offset = zoneOffsetMs(day, timeZone);
  const weekday = new Date(day.getTime() + offset).getUTCDay();
  const sinceMonday = (weekday + 6) % 7;
  return localDayStart(new Date(day.getTime() - sinceMonday * DAY_MS + DAY_MS / 2), timeZone);
}

/** The local day that began `days` days after the one holding `instant` (negative: before). */
export function addLocalDays(dayStart: Date, days: number, timeZone: string): Date {
  return localDayStart(new Date(dayStart.getTime() + days * DAY_MS + DAY_MS / 2), timeZone);
}

/** The instant the local month (the 1st, 00:00) holding `instant` began. */
export function localMonthStart(instant: Date, timeZone: string): Date {
  const day = localDayStart(instant, timeZone);
  const dayOfMonth = new Date(day.getTime() + zoneOffsetMs(day, timeZone)).getUTCDate();
  return addLocalDays(day, 1 - dayOfMonth, timeZone);
}

/** The local month (`YYYY-MM`) holding `instant`. */
export function localMonth(instant: Date, timeZone: string): string {
  return new Date(instant.getTime() + zoneOffsetMs(instant, timeZone)).toISOString().slice(0, 7);
}
