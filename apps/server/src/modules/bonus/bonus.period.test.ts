import { describe, expect, it } from 'vitest';
import { countingSince } from './bonus.period.ts';

const BANGKOK = 'Asia/Bangkok';

describe('countingSince in the site time zone', () => {
  it('counts limit bonuses over all time', () => {
    expect(countingSince('limit', new Date('2026-11-23T10:00:00Z'), BANGKOK)).toBeNull();
  });

  it('starts a day at local midnight, not at UTC midnight', () => {
    // 23:59:59 in Bangkok on Sunday 22 November, and one second later: Monday 23 November.
    expect(countingSince('day', new Date('2026-11-22T16:59:59Z'), BANGKOK)?.toISOString()).toBe(
      '2026-11-21T17:00:00.000Z',
    );
    expect(countingSince('day', new Date('2026-11-22T17:00:00Z'), BANGKOK)?.toISOString()).toBe(
      '2026-11-22T17:00:00.000Z',
    );
    // 06:00 UTC on 23 November is 13:00 in Bangkok, the same local day.
    expect(countingSince('day', new Date('2026-11-23T06:00:00Z'), BANGKOK)?.toISOString()).toBe(
      '2026-11-22T17:00:00.000Z',
    );
  });

  it('starts a week at local midnight of Monday', () => {
    // Sunday 22 November 23:59:59 local belongs to the week of Monday 16 November.
    expect(countingSince('week', new Date('2026-11-22T16:59:59Z'), BANGKOK)?.toISOString()).toBe(
      '2026-11-15T17:00:00.000Z',
    );
    // Monday 23 November 00:00 local starts a new week.
    expect(countingSince('week', new Date('2026-11-22T17:00:00Z'), BANGKOK)?.toISOString()).toBe(
      '2026-11-22T17:00:00.000Z',
    );
    // Wednesday 25 November 12:00 local.
    expect(countingSince('week', new Date('2026-11-25T05:00:00Z'), 'Asia/Vientiane')?.toISOString()).toBe(
      '2026-11-22T17:00:00.000Z',
    );
  });
});
