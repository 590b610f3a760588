import { describe, expect, it } from 'vitest';
import {
  addLocalDays,
  localDayStart,
  localMonth,
  localMonthStart,
  localWeekStart,
  zoneOffsetMs,
} from './local-calendar.ts';

const BANGKOK = 'Asia/Bangkok';

describe('the local calendar of the site', () => {
  it('reads the zone offset (UTC+7 for Bangkok and Vientiane)', () => {
    expect(zoneOffsetMs(new Date('2026-03-01T12:34:56.789Z'), BANGKOK)).toBe(7 * 3_600_000);
    expect(zoneOffsetMs(new Date('2026-03-01T12:34:56.789Z'), 'Asia/Vientiane')).toBe(7 * 3_600_000);
    expect(zoneOffsetMs(new Date('2026-03-01T12:00:00Z'), 'UTC')).toBe(0);
  });

  it('starts a Bangkok day at 17:00 UTC the evening before', () => {
    // 23:59:59.999 in Bangkok on 1 March is still 1 March; a millisecond later it is 2 March.
    expect(localDayStart(new Date('2026-03-01T16:59:59.999Z'), BANGKOK).toISOString()).toBe('2026-02-28T17:00:00.000Z');
    expect(localDayStart(new Date('2026-03-01T17:00:00.000Z'), BANGKOK).toISOString()).toBe('2026-03-01T17:00:00.000Z');
  });

  it('starts a week on Monday 00:00 local time', () => {
    // Monday 2 March 2026 00:00 in Bangkok is Sunday 1 March 17:00 UTC.
    const monday = '2026-03-01T17:00:00.000Z';
    expect(localWeekStart(new Date('2026-03-01T16:59:59.999Z'), BANGKOK).toISOString()).toBe(
      '2026-02-22T17:00:00.000Z',
    );
    expect(localWeekStart(new Date(monday), BANGKOK).toISOString()).toBe(monday);
    expect(localWeekStart(new Date('2026-03-08T16:59:59.999Z'), BANGKOK).toISOString()).toBe(monday);
  });

  it('moves by whole local days', () => {
    const day = localDayStart(new Date('2026-03-01T12:00:00Z'), BANGKOK);
    expect(addLocalDays(day, 1, BANGKOK).toISOString()).toBe('2026-03-01T17:00:00.000Z');
    expect(addLocalDays(day, -7, BANGKOK).toISOString()).toBe('2026-02-21T17:00:00.000Z');
  });

  it('starts a month on the 1st at 00:00 local time, and names it by the local date', () => {
    // 1 March 2026 00:00 in Bangkok is 28 February 17:00 UTC; a millisecond before it is still February.
    expect(localMonthStart(new Date('2026-03-31T16:59:59.999Z'), BANGKOK).toISOString()).toBe(
      '2026-02-28T17:00:00.000Z',
    );
    expect(localMonthStart(new Date('2026-02-28T16:59:59.999Z'), BANGKOK).toISOString()).toBe(
      '2026-01-31T17:00:00.000Z',
    );
    expect(localMonthStart(new Date('2026-02-28T17:00:00.000Z'), BANGKOK).toISOString()).toBe(
      '2026-02-28T17:00:00.000Z',
    );
    expect(localMonth(new Date('2026-02-28T16:59:59.999Z'), BANGKOK)).toBe('2026-02');
    expect(localMonth(new Date('2026-02-28T17:00:00.000Z'), BANGKOK)).toBe('2026-03');
  });

  it('keeps midnights right in a zone with daylight saving', () => {
    // Europe/Berlin moves to summer time on 29 March 2026: that day starts at 23:00 UTC the day before.
    expect(localDayStart(new Date('2026-03-29T12:00:00Z'), 'Europe/Berlin').toISOString()).toBe(
      '2026-03-28T23:00:00.000Z',
    );
    expect(localDayStart(new Date('2026-03-30T12:00:00Z'), 'Europe/Berlin').toISOString()).toBe(
      '2026-03-29T22:00:00.000Z',
    );
  });
});
