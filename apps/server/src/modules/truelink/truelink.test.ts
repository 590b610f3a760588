import { randomUUID } from 'node:crypto';
import { encryptGiftLink, type GiftLinkKey } from '@member-wallet/contract/truelink';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balances, fundedMember, noDrift, type Player, post } from '../../../test/games.ts';
import { accountBalanceMinor, bearer, startTestApp, type TestApp } from '../../../test/helpers.ts';
import { MINUTE_MS } from '../../lib/clock.ts';
import { voucherHash } from './truelink.service.ts';

/** TrueMoney gift links through the HTTP API, redeemed at the sandbox voucher party over real HTTP. */

const KEY: GiftLinkKey = { id: 'k2', key: Buffer.alloc(32, 7).toString('base64') };
const OLD_KEY: GiftLinkKey = { id: 'k1', key: Buffer.alloc(32, 1).toString('base64') };

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({
    TRUELINK_KEY: `${KEY.id}:${KEY.key},${OLD_KEY.id}:${OLD_KEY.key}`,
    TRUELINK_SETTLE_INTERVAL_MS: '0',
    MONEY_RATE_PER_MINUTE: '1000',
  });
});
afterAll(() => t.close());

async function voucher(amount: number): Promise<{ link: string; code: string }> {
  const answer = await t.app.inject({ method: 'POST', url: '/sandbox/truemoney/vouchers', payload: { amount } });
  expect(answer.statusCode).toBe(200);
  return answer.json();
}

async function send(player: Player, link: string, key: string | null = randomUUID(), sealWith = KEY) {
  return post(t, player, '/api/wallet/truelink', { link: await encryptGiftLink(link, sealWith) }, key);
}

async function fault(name: 'none' | 'unavailable' | 'lostAnswer') {
  const answer = await t.app.inject({ method: 'PUT', url: '/sandbox/truemoney/settings', payload: { fault: name } });
  expect(answer.statusCode).toBe(200);
}

async function redemptions(code: string) {
  return t.app.db
    .selectFrom('truelink_redemptions')
    .selectAll()
    .where('voucher_hash', '=', voucherHash(code))
    .execute();
}

async function depositEntries(player: Player) {
  return t.app.db
    .selectFrom('journal_entries')
    .select(['idempotency_key', 'reference', 'status'])
    .where('member_id', '=', player.id)
    .where('type', '=', 'deposit')
    .execute();
}

describe('truelink key lookup', () => {
  it('hands members the current key, and nobody else', async () => {
    expect((await t.api({ method: 'GET', url: '/api/lookup/truelink' })).statusCode).toBe(401);
    const player = await fundedMember(t);
    const answer = await t.api({ method: 'GET', url: '/api/lookup/truelink', headers: bearer(player.token) });
    expect(answer.json()).toEqual({ keyId: KEY.id, key: KEY.key });
  });
});

describe('POST /api/wallet/truelink', () => {
  it('holds in the suspense queue a voucher redeemed after the member set a limit it passes, never credited', async () => {
    const player = await fundedMember(t);
    const { link, code } = await voucher(60);
    await fault('lostAnswer');
    try {
      expect((await send(player, link)).json()).toMatchObject({ status: 'IN_PROGRESS' });
    } finally {
      await fault('none');
    }
    // Redeemed at the party, the answer lost; meanwhile the member sets a limit the voucher passes.
    const none = { day: null, week: null, month: null };
    const limits = await t.api({
      method: 'PUT',
      url: '/api/rg/limits',
      headers: bearer(player.token),
      payload: { deposit: { ...none, day: 50 }, loss: none },
    });
    expect(limits.statusCode).toBe(200);
    t.clock.advance(MINUTE_MS);
    await t.app.truelinks.settleUnknown();
    expect((await redemptions(code))[0]?.status).toBe('credited');
    expect((await balances(t, player)).wallet).toBe(0);
    const held = await t.app.db
      .selectFrom('bank_transfers')
      .select(['status', 'unmatched_reason', 'recorded_by', 'amount_minor'])
      .where('member_id', '=', player.id)
      .execute();
    expect(held).toEqual([
      { status: 'unmatched', unmatched_reason: 'deposit_limit', recorded_by: 'voucher', amount_minor: 6000n },
    ]);
    expect(await noDrift(t)).toBe(true);
  });

  it('refuses a link past the member own deposit limit before the voucher is redeemed', async () => {
    const player = await fundedMember(t);
    const none = { day: null, week: null, month: null };
    const limits = await t.api({
      method: 'PUT',
      url: '/api/rg/limits',
      headers: bearer(player.token),
      payload: { deposit: { ...none, month: 50 }, loss: none },
    });
    expect(limits.statusCode).toBe(200);
    const { link, code } = await voucher(60);
    const answer = await send(player, link);
    expect(answer.statusCode).toBe(403);
    expect(answer.json()).toEqual({ message: 'DEPOSIT_LIMIT_REACHED', detail: '50.00' });
    expect(await redemptions(code)).toEqual([]);
    // Not redeemed: another member without a limit can still send it.
    const other = await fundedMember(t);
    expect((await send(other, link)).json()).toMatchObject({ message: 'SUCCESS', wallet: { amount: 60 } });
  });

  it('credits a valid link once, shown in the statement as a deposit from truemoney', async () => {
    const player = await fundedMember(t, 10);
    const { link, code } = await voucher(50.25);
    const answer = await send(player, link);
    expect(answer.statusCode).toBe(200);
    const [row] = await redemptions(code);
    expect(answer.json()).toEqual({
      message: 'SUCCESS',
      wallet: { amount: 60.25 },
      status: 'SUCCESS',
      reference: row?.reference,
      sandbox: true,
    });
    expect((await balances(t, player)).wallet).toBe(60.25);
    const entries = await depositEntries(player);
    const hash = voucherHash(code);
    expect(entries.filter((entry) => entry.idempotency_key === `voucher:${hash}`)).toEqual([
      {
        idempotency_key: `voucher:${hash}`,
        status: 'completed',
        reference: expect.objectContaining({ source: 'truemoney', voucher: hash }),
      },
    ]);
    // The raw code is stored nowhere of ours.
    expect(JSON.stringify(entries)).not.toContain(code);
    expect(
      Object.values(row ?? {})
        .map(String)
        .join(' '),
    ).not.toContain(code);
    const statement = await t.api({
      method: 'POST',
      url: '/api/statement',
      headers: bearer(player.token),
      payload: { page: 1, limit: 10 },
    });
    expect(statement.json().statements[0]).toMatchObject({
      statementType: 'deposit',
      status: 'SUCCESS',
      amount: 50.25,
      from: 'truemoney',
      to: 'wallet',
    });
    expect(await noDrift(t)).toBe(true);
  });

  it('accepts a link sealed with an older key still held, and replays the first answer for the same key', async () => {
    const player = await fundedMember(t);
    const { link } = await voucher(5);
    const key = randomUUID();
    const envelope = await encryptGiftLink(link, OLD_KEY);
    const first = await post(t, player, '/api/wallet/truelink', { link: envelope }, key);
    expect(first.json()).toMatchObject({ status: 'SUCCESS', wallet: { amount: 5 } });
    const again = await post(t, player, '/api/wallet/truelink', { link: envelope }, key);
    expect(again.json()).toEqual(first.json());
    expect((await balances(t, player)).wallet).toBe(5);
  });

  it('refuses the same voucher again, from the same member or another, and moves nothing', async () => {
    const owner = await fundedMember(t);
    const other = await fundedMember(t);
    const { link } = await voucher(20);
    expect((await send(owner, link)).statusCode).toBe(200);
    for (const player of [owner, other]) {
      const answer = await send(player, link);
      expect(answer.statusCode).toBe(409);
      expect(answer.json()).toEqual({ message: 'TRUELINK_DUPLICATE' });
    }
    expect((await balances(t, owner)).wallet).toBe(20);
    expect((await balances(t, other)).wallet).toBe(0);
    expect(await noDrift(t)).toBe(true);
  });

  it('credits once when the same link races under different keys, from one member and from two', async () => {
    const player = await fundedMember(t);
    const rival = await fundedMember(t);
    const { link } = await voucher(30);
    const answers = await Promise.all([
      ...Array.from({ length: 4 }, () => send(player, link)),
      ...Array.from({ length: 4 }, () => send(rival, link)),
    ]);
    const codes = answers.map((answer) => answer.json().message ?? answer.statusCode);
    expect(codes.filter((code) => code === 'SUCCESS')).toHaveLength(1);
    expect(codes.filter((code) => code === 'TRUELINK_DUPLICATE')).toHaveLength(7);
    const total = (await balances(t, player)).wallet + (await balances(t, rival)).wallet;
    expect(total).toBe(30);
    expect(await noDrift(t)).toBe(true);
  });

  it('refuses garbage, a wrong key, a link that is not a TrueMoney gift and an unknown voucher', async () => {
    const player = await fundedMember(t);
    const stranger: GiftLinkKey = { id: KEY.id, key: Buffer.alloc(32, 9).toString('base64') };
    const { link } = await voucher(10);
    const attempts = [
      () => post(t, player, '/api/wallet/truelink', { link: 'not-an-envelope' }),
      () => post(t, player, '/api/wallet/truelink', { link: 'v1.k2.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' }),
      () => send(player, link, randomUUID(), stranger),
      () => send(player, link, randomUUID(), { id: 'k9', key: KEY.key }),
      () => send(player, 'https://evil.example/campaign/?v=0123456789abcdef'),
      () => send(player, link.replace('https://', 'http://')),
      () => send(player, 'https://gift.truemoney.com/campaign/?v=00000000000000000000000000000000'),
    ];
    for (const attempt of attempts) {
      const answer = await attempt();
      expect(answer.statusCode).toBe(400);
      expect(answer.json().message).toBe('TRUELINK_INVALID');
      // Nothing of the link comes back.
      expect(answer.body).not.toContain('truemoney');
    }
    // The refusals left the voucher untouched: it still credits.
    expect((await send(player, link)).json()).toMatchObject({ status: 'SUCCESS', wallet: { amount: 10 } });
    expect(await noDrift(t)).toBe(true);
  });

  it('credits the link inside the text TrueMoney shares, and refuses a text with no link or two vouchers', async () => {
    const player = await fundedMember(t);
    const { link, code } = await voucher(20);
    const other = await voucher(30);
    // Made-up words around the link (the app's exact wording is not published; the rule does not read it).
    const refused = [
      'ส่งซองของขวัญให้คุณ กดรับในแอปได้เลย',
      `ซองแรก ${link} ซองที่สอง ${other.link}`,
      `กดรับ ${link.replace(code, 'short')}`,
    ];
    for (const text of refused) {
      const answer = await send(player, text);
      expect(answer.statusCode, text).toBe(400);
      expect(answer.json()).toEqual({ message: 'TRUELINK_INVALID' });
    }
    const shared = `คุณได้รับซองของขวัญ 🧧\nกดรับได้ที่ ${link} ภายใน 24 ชั่วโมง`;
    expect((await send(player, shared)).json()).toMatchObject({ status: 'SUCCESS', wallet: { amount: 20 } });
    // The same voucher in another sentence is the same voucher.
    expect((await send(player, `Open my gift: ${link}.`)).json()).toEqual({ message: 'TRUELINK_DUPLICATE' });
    expect(await noDrift(t)).toBe(true);
  });

  it('refuses a voucher below 2 baht before redeeming it', async () => {
    const player = await fundedMember(t);
    const small = await voucher(1.99);
    const answer = await send(player, small.link);
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toEqual({ message: 'TRUELINK_INVALID' });
    const party = await t.app.sandboxDb
      .selectFrom('sandbox_vouchers')
      .select('status')
      .where('code', '=', small.code)
      .executeTakeFirstOrThrow();
    expect(party.status).toBe('available');
    expect(await redemptions(small.code)).toEqual([]);
    expect((await send(player, (await voucher(2)).link)).json()).toMatchObject({
      status: 'SUCCESS',
      wallet: { amount: 2 },
    });
  });

  it('asks for an Idempotency-Key, and refuses a kip wallet', async () => {
    const player = await fundedMember(t);
    const { link } = await voucher(10);
    const missing = await send(player, link, null);
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ message: 'KEY_MISSING' });
    const anonymous = await t.api({ method: 'POST', url: '/api/wallet/truelink', payload: { link: 'x' } });
    expect(anonymous.statusCode).toBe(401);
    const kip = await fundedMember(t);
    await t.app.db.updateTable('members').set({ currency: 'LAK' }).where('id', '=', kip.id).execute();
    expect((await send(kip, link)).json()).toEqual({ message: 'TRUELINK_INVALID' });
    expect((await send(player, link)).json()).toMatchObject({ status: 'SUCCESS' });
  });

  it('never logs the link or the code', async () => {
    const player = await fundedMember(t);
    const { link, code } = await voucher(12);
    const envelope = await encryptGiftLink(link, KEY);
    await post(t, player, '/api/wallet/truelink', { link: envelope });
    await post(t, player, '/api/wallet/truelink', { link: envelope });
    const logs = t.logs.join('');
    expect(logs).not.toContain(code);
    expect(logs).not.toContain(envelope);
  });
});

describe('when the voucher party is down', () => {
  it('answers a refusal with nothing redeemed when the check cannot reach it; the link works later', async () => {
    const player = await fundedMember(t);
    const { link, code } = await voucher(40);
    await fault('unavailable');
    try {
      const answer = await send(player, link);
      expect(answer.statusCode).toBe(503);
      expect(answer.json()).toEqual({ message: 'INTERNAL_SERVER_ERROR' });
    } finally {
      await fault('none');
    }
    expect(await redemptions(code)).toEqual([]);
    expect((await send(player, link)).json()).toMatchObject({ status: 'SUCCESS', wallet: { amount: 40 } });
  });

  it('records a lost redemption answer as IN_PROGRESS without credit; the same link again or the settler credits once', async () => {
    for (const settle of ['resend', 'settler'] as const) {
      const player = await fundedMember(t);
      const other = await fundedMember(t);
      const { link, code } = await voucher(70);
      await fault('lostAnswer');
      let first: Awaited<ReturnType<typeof send>>;
      try {
        first = await send(player, link);
      } finally {
        await fault('none');
      }
      expect(first.json()).toMatchObject({ message: 'SUCCESS', status: 'IN_PROGRESS', wallet: { amount: 0 } });
      expect((await redemptions(code))[0]?.status).toBe('unknown');
      expect((await balances(t, player)).wallet).toBe(0);
      // Another member cannot take a voucher whose outcome is unknown.
      expect((await send(other, link)).json()).toEqual({ message: 'TRUELINK_DUPLICATE' });
      if (settle === 'resend') {
        expect((await send(player, link)).json()).toMatchObject({ status: 'SUCCESS', wallet: { amount: 70 } });
      } else {
        t.clock.advance(MINUTE_MS);
        expect(await t.app.truelinks.settleUnknown()).toMatchObject({ credited: 1 });
        expect((await send(player, link)).json()).toEqual({ message: 'TRUELINK_DUPLICATE' });
      }
      expect((await balances(t, player)).wallet).toBe(70);
      expect((await redemptions(code))[0]?.status).toBe('credited');
    }
    expect(await noDrift(t)).toBe(true);
  });

  it('drops an unknown redemption the party never made, so the link can be sent again', async () => {
    const player = await fundedMember(t);
    const { link, code } = await voucher(15);
    // A request that died after its claim, before its redeem reached the party, and was recorded unknown.
    const before = await accountBalanceMinor(t, 'deposit_clearing');
    const [claimed] = await t.app.db
      .insertInto('truelink_redemptions')
      .values({
        reference: randomUUID(),
        voucher_hash: voucherHash(code),
        member_id: player.id,
        status: 'unknown',
        request_key: 'lost',
        currency: 'BAHT',
        next_check_at: t.clock.now(),
        created_at: t.clock.now(),
        updated_at: t.clock.now(),
      })
      .returningAll()
      .execute();
    expect(claimed).toBeDefined();
    expect(await t.app.truelinks.settleUnknown()).toMatchObject({ credited: 0 });
    expect(await redemptions(code)).toEqual([]);
    expect(await accountBalanceMinor(t, 'deposit_clearing')).toBe(before);
    expect((await send(player, link)).json()).toMatchObject({ status: 'SUCCESS', wallet: { amount: 15 } });
    expect(await noDrift(t)).toBe(true);
  });
});
