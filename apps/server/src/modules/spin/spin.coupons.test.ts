import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fundedMember, get, type Player } from '../../../test/games.ts';
import { startTestApp, type TestApp } from '../../../test/helpers.ts';
import { HOUR_MS, MINUTE_MS } from '../../lib/clock.ts';
import { SpinRepository } from './spin.repository.ts';

/**
 * The coupon listing (docs/promotions/wheel.md, Coupons): paged on the server, claimable coupons first, then the
 * others, each group newest first (ties: the later coupon first); a total, and nothing hidden by a cap.
 */

interface Listed {
  id: string;
  createdAt: string;
  claimable: boolean;
  claimedAt: string | null;
  type: string;
}

interface Made {
  publicId: string;
  id: bigint;
  createdAt: Date;
  kind: 'claimable' | 'item' | 'claimed' | 'expired';
}

const KINDS = ['claimable', 'item', 'claimed', 'expired'] as const;

/**
 * Gives the member `count` coupons straight through the repository, two a minute of the app's clock (so pairs
 * share a creation time and the tie-break shows): in turn a claimable cash coupon, an item, a cash coupon that
 * is claimed afterwards, and a cash coupon that expires a minute after it was won. The clock then moves an
 * hour on, past every short expiry; claimable ones last a week.
 */
async function giveCoupons(t: TestApp, player: Player, count: number): Promise<Made[]> {
  const repository = new SpinRepository();
  const made: Made[] = [];
  const labels = JSON.stringify({ th: '10 บาท', lo: '10 ບາດ', en: '10 baht' });
  await t.app.db.transaction().execute(async (trx) => {
    for (let index = 0; index < count; index += 1) {
      if (index % 2 === 0) t.clock.advance(MINUTE_MS);
      const now = t.clock.now();
      const kind = KINDS[index % KINDS.length] ?? 'claimable';
      const prizeType = kind === 'item' ? 'item' : 'cash';
      const amountMinor = prizeType === 'cash' ? 1_000n : 0n;
      const draw = await repository.insertDraw(trx, {
        member_id: player.id,
        request_key: null,
        slice_code: prizeType === 'cash' ? 'CASH_10' : 'TSHIRT',
        labels,
        prize_type: prizeType,
        amount_minor: amountMinor,
        currency: 'BAHT',
        coins_after: 0,
        created_at: now,
      });
      if (!draw) throw new Error('draw not recorded');
      const coupon = await repository.insertCoupon(trx, {
        public_id: randomUUID(),
        member_id: player.id,
        draw_id: draw.id,
        slice_code: draw.slice_code,
        labels,
        prize_type: prizeType,
        amount_minor: amountMinor,
        currency: 'BAHT',
        expires_at: new Date(now.getTime() + (kind === 'expired' ? MINUTE_MS : 168 * HOUR_MS)),
        created_at: now,
      });
      made.push({ publicId: coupon.public_id, id: coupon.id, createdAt: now, kind });
    }
  });
  for (const coupon of made.filter((each) => each.kind === 'claimed')) {
    await t.app.spin.claim(player.id, coupon.publicId, 'en');
    // A claimed prize runs as the member's bonus, one at a time: given up before the next claim.
    await t.app.bonuses.clear(player.id, 'th');
  }
  t.clock.advance(HOUR_MS);
  return made;
}

/** Newest first; of two made at the same instant, the later (higher id) first. */
function newestFirst(a: Made, b: Made): number {
  return b.createdAt.getTime() - a.createdAt.getTime() || (b.id > a.id ? 1 : b.id < a.id ? -1 : 0);
}

async function page(t: TestApp, player: Player, query: string) {
  const answer = await get(t, player, `/api/spinwheel/coupon${query}`);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json() as { coupons: Listed[]; total: number; claimableTotal: number };
}

// One app for the file: each test has members of its own and judges only their coupons, and the clock only
// moves forward, so no test depends on another's.
describe('coupon listing', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ MONEY_RATE_PER_MINUTE: '1000' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('pages 120 coupons by 3: every claimable one is reachable and listed first, then the rest newest first', async () => {
    const player = await fundedMember(t);
    const made = await giveCoupons(t, player, 120);
    const expected = [
      ...made.filter((coupon) => coupon.kind === 'claimable').sort(newestFirst),
      ...made.filter((coupon) => coupon.kind !== 'claimable').sort(newestFirst),
    ].map((coupon) => coupon.publicId);

    const listed: Listed[] = [];
    for (let number = 1; number <= 40; number += 1) {
      const answer = await page(t, player, `?page=${number}&limit=3`);
      expect(answer.coupons).toHaveLength(3);
      expect([answer.total, answer.claimableTotal]).toEqual([120, 30]);
      listed.push(...answer.coupons);
    }
    expect(listed.map((coupon) => coupon.id)).toEqual(expected);
    expect(listed.slice(0, 30).every((coupon) => coupon.claimable)).toBe(true);
    expect(listed.slice(30).some((coupon) => coupon.claimable)).toBe(false);
    // The 20 oldest coupons (5 of them claimable) were the ones the old cap of 100 hid.
    const oldestClaimable = made.filter((coupon) => coupon.kind === 'claimable').slice(0, 5);
    for (const coupon of oldestClaimable) expect(expected.indexOf(coupon.publicId)).toBeLessThan(30);
    expect(listed.find((coupon) => coupon.id === made[2]?.publicId)?.claimedAt).not.toBeNull();

    // Past the end: no coupons, the same totals.
    expect(await page(t, player, '?page=41&limit=3')).toEqual({ coupons: [], total: 120, claimableTotal: 30 });
    // The widest page (50) gives the same order.
    const wide = [
      ...(await page(t, player, '?page=1&limit=50')).coupons,
      ...(await page(t, player, '?page=2&limit=50')).coupons,
      ...(await page(t, player, '?page=3&limit=50')).coupons,
    ];
    expect(wide.map((coupon) => coupon.id)).toEqual(expected);
  });

  it('without paging parameters answers the first 50; refuses a limit above 50 or a page below 1', async () => {
    const player = await fundedMember(t);
    await giveCoupons(t, player, 52);
    const first = await page(t, player, '');
    expect(first.coupons).toHaveLength(50);
    expect([first.total, first.claimableTotal]).toEqual([52, 13]);
    for (const query of ['?limit=51', '?limit=0', '?page=0', '?page=x', '?limit=2.5']) {
      const refused = await get(t, player, `/api/spinwheel/coupon${query}`);
      expect([query, refused.statusCode, refused.json().message]).toEqual([query, 400, 'KEY_INVALID']);
    }
  });

  it('moves a coupon out of the claimable group when it is claimed or expires; a member sees only their own', async () => {
    const player = await fundedMember(t);
    const other = await fundedMember(t);
    const made = await giveCoupons(t, player, 8);
    await giveCoupons(t, other, 4);
    const claimable = made.filter((coupon) => coupon.kind === 'claimable').sort(newestFirst);
    const [newest, oldest] = claimable;
    if (!newest || !oldest) throw new Error('two claimable coupons expected');
    let answer = await page(t, player, '?page=1&limit=3');
    expect([answer.total, answer.claimableTotal]).toEqual([8, 2]);
    expect(answer.coupons.slice(0, 2).map((coupon) => coupon.id)).toEqual([newest.publicId, oldest.publicId]);

    await t.app.spin.claim(player.id, newest.publicId, 'en');
    answer = await page(t, player, '?page=1&limit=50');
    expect(answer.claimableTotal).toBe(1);
    // Among the others it takes its place by age.
    const others = made.filter((coupon) => coupon !== oldest).sort(newestFirst);
    expect(answer.coupons.map((coupon) => coupon.id)).toEqual([oldest, ...others].map((c) => c.publicId));
    expect(answer.coupons.findIndex((coupon) => coupon.id === newest.publicId)).toBeGreaterThan(1);

    // A week after it was won, the last claimable one has expired too (asked of the service: the session would
    // have expired by then).
    t.clock.advance(168 * HOUR_MS);
    const later = await t.app.spin.coupons(player.id, 'en', { page: 1, limit: 50 });
    expect([later.total, later.claimableTotal]).toEqual([8, 0]);
    expect(later.coupons.map((coupon) => coupon.id)).toEqual([...made].sort(newestFirst).map((c) => c.publicId));
  });
});
