import { randomUUID } from 'node:crypto';
import type { StatementItem } from '@member-wallet/contract/statement';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { activate, deposit, type Player, post, seedCatalogue, setFaults } from '../../../test/games.ts';
import { bearer, registerAndLogin, startTestApp, type TestApp } from '../../../test/helpers.ts';
import { signedHeaders } from '../../adapters/hmac-signature.ts';
import { PAYOUT_SIGNATURE_HEADERS } from '../../adapters/payout/http.ts';
import { SANDBOX_PAYOUT_SECRET } from '../../config.ts';
import { LedgerRepository } from '../../core/ledger/ledger.repository.ts';
import { type JsonValue, LedgerService } from '../../core/ledger/ledger.service.ts';
import type { JournalEntryType, LedgerAccountKind } from '../../db/tables/ledger.table.ts';
import { REWARD_NAMES, rewardDefinition } from '../bonus/bonus.rules.ts';

/** The member's statement over HTTP, built from the ledger the real flows write (docs/ledger.md, Statement). */

const ENV = {
  // No test here waits for a provider time-out: a long one keeps a loaded machine from failing calls.
  GAME_PROVIDER_TIMEOUT_MS: '5000',
  TRANSFER_RECONCILE_INTERVAL_MS: '0',
  PAYOUT_SETTLE_INTERVAL_MS: '0',
  WITHDRAW_RATE_PER_MINUTE: '1000',
  WITHDRAW_RATE_PER_HOUR: '10000',
};

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp(ENV);
  await seedCatalogue(t);
});
afterAll(() => t.close());
beforeEach(() => setFaults(t, {}));

async function member(bankCode = 'KBANK', depositMajor = 0): Promise<Player> {
  const registered = await registerAndLogin(t, { bankCode });
  const row = await t.app.db
    .selectFrom('members')
    .select('id')
    .where('phone', '=', registered.username)
    .executeTakeFirstOrThrow();
  if (depositMajor > 0) await deposit(t, row.id, 'BAHT', depositMajor);
  return { id: row.id, token: registered.token, phone: registered.username };
}

function statement(player: Player | null, body: unknown, locale?: string) {
  return t.api({
    method: 'POST',
    url: '/api/statement',
    headers: { ...(player ? bearer(player.token) : {}), ...(locale ? { 'accept-language': locale } : {}) },
    payload: body as Record<string, unknown>,
  });
}

async function rows(
  player: Player,
  page = 1,
  limit = 10,
  locale?: string,
): Promise<{ total: number; statements: StatementItem[] }> {
  const answer = await statement(player, { page, limit }, locale);
  expect(answer.statusCode).toBe(200);
  return answer.json();
}

/** The fields a member reads, without the id and time. */
function shown(items: StatementItem[]) {
  return items.map(({ id: _id, createdAt: _createdAt, ...rest }) => rest);
}

const ledger = () => new LedgerService({ repository: new LedgerRepository(), clock: t.clock });

/** An entry straight into the ledger: the member's wallet against a system account, for kinds without a route yet. */
async function postEntry(
  player: Player,
  type: JournalEntryType,
  system: LedgerAccountKind,
  walletMinor: bigint,
  reference: Record<string, JsonValue> = {},
) {
  const service = ledger();
  const db = t.app.db;
  const wallet = await service.memberWallet(db, player.id, 'BAHT');
  const other = await service.ensureAccount(db, { kind: system, memberId: null, providerCode: null, currency: 'BAHT' });
  await db.transaction().execute((trx) =>
    service.post(trx, {
      memberId: player.id,
      type,
      status: 'completed',
      idempotencyKey: `test:${randomUUID()}`,
      reference,
      postings: [
        { account: wallet.id, amount: walletMinor },
        { account: other.id, amount: -walletMinor },
      ],
    }),
  );
}

function payoutWebhook(event: Record<string, unknown>) {
  const body = JSON.stringify({ eventId: randomUUID(), payoutId: 'SBP-test', ...event });
  const headers = signedHeaders(PAYOUT_SIGNATURE_HEADERS, SANDBOX_PAYOUT_SECRET, t.clock.now().getTime(), body);
  return t.app.inject({
    method: 'POST',
    url: '/api/webhooks/payout',
    headers: { 'content-type': 'application/json', ...headers },
    payload: body,
  });
}

describe('statement rows', () => {
  it('shows a deposit and transfers both ways as one row each, a refused transfer as FAILED', async () => {
    const player = await member('KBANK', 100);
    await activate(t, player, 'PG');
    expect((await post(t, player, '/api/wallet/transfer', { from: 'wallet', to: 'PG', amount: 40 })).statusCode).toBe(
      200,
    );
    const back = await post(t, player, '/api/wallet/transfer', { from: 'PG', to: 'wallet', amount: 30 });
    expect(back.json()).toMatchObject({ status: 'SUCCESS' });
    await setFaults(t, { errorRate: 1 });
    expect((await post(t, player, '/api/wallet/transfer', { from: 'wallet', to: 'PG', amount: 10 })).statusCode).toBe(
      502,
    );

    const answer = await rows(player);
    expect(answer.total).toBe(4);
    expect(shown(answer.statements)).toEqual([
      { statementType: 'transfer', status: 'FAILED', from: 'wallet', to: 'PG', amount: -10 },
      { statementType: 'transfer', status: 'SUCCESS', from: 'PG', to: 'wallet', amount: 30 },
      { statementType: 'transfer', status: 'SUCCESS', from: 'wallet', to: 'PG', amount: -40 },
      { statementType: 'deposit', status: 'SUCCESS', from: 'bank', to: 'wallet', amount: 100 },
    ]);
    // The ledger holds six entries: the game-to-wallet credit and the refusal's compensation are not rows.
    const entries = await t.app.db
      .selectFrom('journal_entries')
      .select('id')
      .where('member_id', '=', player.id)
      .execute();
    expect(entries).toHaveLength(6);
    for (const item of answer.statements) {
      expect(entries.map((entry) => String(entry.id))).toContain(item.id);
      expect(item.createdAt).toBe(t.clock.now().toISOString());
    }
  });

  it('shows a withdrawal in progress to the member bank, then paid', async () => {
    await t.app.inject({
      method: 'PUT',
      url: '/sandbox/payout/settings',
      payload: { delayMs: 3_600_000, webhooks: false },
    });
    const player = await member('SCB', 500);
    const answer = await post(t, player, '/api/wallet/withdraw', { amount: 120.5 });
    expect(answer.json()).toMatchObject({ status: 'IN_PROGRESS' });
    const pending = (await rows(player)).statements[0];
    expect(pending).toMatchObject({ statementType: 'withdraw', status: 'IN_PROGRESS', from: 'wallet', to: 'SCB' });
    expect(pending?.amount).toBe(-120.5);

    expect((await payoutWebhook({ reference: answer.json().reference, status: 'paid' })).statusCode).toBe(200);
    const after = await rows(player);
    expect(after.total).toBe(2);
    expect(shown(after.statements)).toEqual([
      { statementType: 'withdraw', status: 'SUCCESS', from: 'wallet', to: 'SCB', amount: -120.5 },
      { statementType: 'deposit', status: 'SUCCESS', from: 'bank', to: 'wallet', amount: 500 },
    ]);
  });

  it('names deposit sources and bonus parties, passes a description source through, and leaves adjustments out', async () => {
    const player = await member();
    await postEntry(player, 'deposit', 'deposit_clearing', 25_000n, { source: 'truemoney' });
    await postEntry(player, 'bonus', 'bonus_expense', 1_050n, { promotion: { description: 'Welcome 10%' } });
    await postEntry(player, 'finish_bonus', 'bonus_expense', -1_000n, { bonus: { description: 'Turnover met' } });
    await postEntry(player, 'adjustment', 'deposit_clearing', 500n);
    const answer = await rows(player);
    expect(answer.total).toBe(3);
    expect(shown(answer.statements)).toEqual([
      {
        statementType: 'finish_bonus',
        status: 'SUCCESS',
        from: 'wallet',
        to: 'bonus',
        amount: -10,
        bonus: { description: 'Turnover met' },
      },
      {
        statementType: 'bonus',
        status: 'SUCCESS',
        from: 'bonus',
        to: 'wallet',
        amount: 10.5,
        promotion: { description: 'Welcome 10%' },
      },
      { statementType: 'deposit', status: 'SUCCESS', from: 'truemoney', to: 'wallet', amount: 250 },
    ]);
  });
});

/** A prize of the wheel won and not yet claimed, with its label in each language (as spin.repository writes it). */
async function prizeCoupon(player: Player, labels: Record<string, string>): Promise<string> {
  const db = t.app.db;
  const draw = await db
    .insertInto('spin_draws')
    .values({
      member_id: player.id,
      slice_code: 'S1',
      labels: JSON.stringify(labels),
      prize_type: 'cash',
      amount_minor: 2_000n,
      currency: 'BAHT',
      coins_after: 0,
      created_at: t.clock.now(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const publicId = randomUUID();
  await db
    .insertInto('spin_coupons')
    .values({
      public_id: publicId,
      member_id: player.id,
      draw_id: draw.id,
      slice_code: 'S1',
      labels: JSON.stringify(labels),
      prize_type: 'cash',
      amount_minor: 2_000n,
      currency: 'BAHT',
      expires_at: new Date(t.clock.now().getTime() + 3_600_000),
      created_at: t.clock.now(),
    })
    .execute();
  return publicId;
}

describe("statement texts in the reader's language (issue 21, rough edge 2)", () => {
  it('describes bonus, promotion, prize, adjustment, refund and invite rows in th, lo and en', async () => {
    const player = await member();
    const bonusNames = { th: 'โบนัสรายสัปดาห์ 50 บาท', lo: 'ໂບນັດລາຍອາທິດ 50', en: 'Weekly 50' };
    const promotionNames = { th: 'โปรโมชั่น TEXTS100', lo: 'ໂປຣໂມຊັນ TEXTS100', en: 'Promotion TEXTS100' };
    const prizeLabels = { th: 'เครดิต 20 บาท', lo: 'ເຄຣດິດ 20', en: 'Credit 20' };
    await t.app.bonuses.define({ ...rewardDefinition('TEXTS-WEEKLY', 'BAHT', bonusNames), kind: 'bonus' });
    await t.app.bonuses.define({ ...rewardDefinition('TEXTS100', 'BAHT', promotionNames), kind: 'promotion' });
    const coupon = await prizeCoupon(player, prizeLabels);
    // The references as their writers write them: the bonus's and prize's text in one language, fixed English.
    const written: Record<string, JsonValue>[] = [
      { bonus: { description: bonusNames.th }, bonusCode: 'TEXTS-WEEKLY' },
      { promotion: { description: promotionNames.th }, bonusCode: 'TEXTS100' },
      { luckydraw: { description: prizeLabels.th, coupon, slice: 'S1' } },
      { bonus: { description: REWARD_NAMES.adjustment.th }, adjustment: randomUUID() },
      { refund: { description: 'Loss refund' }, period: { from: '2026-01-01', to: '2026-01-02' } },
      { invite: { description: 'Invite a friend' }, collection: '1' },
    ];
    for (const reference of written) await postEntry(player, 'bonus', 'bonus_expense', 100n, reference);
    const descriptions = async (locale: string) =>
      (await rows(player, 1, 10, locale)).statements.map(
        (item) => (item.bonus ?? item.promotion ?? item.luckydraw ?? item.refund ?? item.invite)?.description,
      );
    // Newest first: the invite row was written last.
    expect(await descriptions('en')).toEqual([
      'Invite a friend',
      'Loss refund',
      REWARD_NAMES.adjustment.en,
      'Credit 20',
      'Promotion TEXTS100',
      'Weekly 50',
    ]);
    expect(await descriptions('lo')).toEqual([
      'ແນະນຳໝູ່',
      'ຄືນຍອດເສຍ',
      REWARD_NAMES.adjustment.lo,
      'ເຄຣດິດ 20',
      'ໂປຣໂມຊັນ TEXTS100',
      'ໂບນັດລາຍອາທິດ 50',
    ]);
    expect(await descriptions('th')).toEqual([
      'แนะนำเพื่อน',
      'คืนยอดเสีย',
      REWARD_NAMES.adjustment.th,
      'เครดิต 20 บาท',
      'โปรโมชั่น TEXTS100',
      'โบนัสรายสัปดาห์ 50 บาท',
    ]);
    const thai = /[\u0E00-\u0E7F]/;
    for (const text of [...(await descriptions('en')), ...(await descriptions('lo'))]) expect(text).not.toMatch(thai);
  });

  it('falls back to Thai, then to the text the entry was written with', async () => {
    const player = await member();
    await t.app.bonuses.define({
      ...rewardDefinition('TEXTS-THAI', 'BAHT', { th: 'โบนัสไทย', lo: '', en: '' }),
      kind: 'bonus',
    });
    await postEntry(player, 'bonus', 'bonus_expense', 100n, { bonus: { description: 'x' }, bonusCode: 'TEXTS-THAI' });
    await postEntry(player, 'bonus', 'bonus_expense', 100n, { bonus: { description: 'Old row' }, bonusCode: 'GONE' });
    expect((await rows(player, 1, 10, 'en')).statements.map((item) => item.bonus?.description)).toEqual([
      'Old row',
      'โบนัสไทย',
    ]);
  });
});

describe('statement paging', () => {
  it('pages 23 rows of one instant by id, newest first, with the total on every page', async () => {
    const player = await member();
    for (let index = 1; index <= 23; index++) await deposit(t, player.id, 'BAHT', index);
    const pages = [await rows(player, 1), await rows(player, 2), await rows(player, 3)];
    expect(pages.map((page) => page.total)).toEqual([23, 23, 23]);
    expect(pages.map((page) => page.statements.length)).toEqual([10, 10, 3]);
    const amounts = pages.flatMap((page) => page.statements.map((item) => item.amount));
    expect(amounts).toEqual(Array.from({ length: 23 }, (_, index) => 23 - index));
    expect(await rows(player, 4)).toEqual({ total: 23, statements: [] });
    expect(await rows(player, 100_000, 50)).toEqual({ total: 23, statements: [] });
    // Another page size cuts the same order.
    expect((await rows(player, 2, 7)).statements.map((item) => item.amount)).toEqual([16, 15, 14, 13, 12, 11, 10]);
  });

  it('orders by time before id', async () => {
    const player = await member();
    t.clock.advance(3_600_000);
    await deposit(t, player.id, 'BAHT', 1);
    t.clock.advance(-7_200_000);
    // Written later, dated earlier: it comes second.
    await deposit(t, player.id, 'BAHT', 2);
    t.clock.advance(3_600_000);
    expect((await rows(player)).statements.map((item) => item.amount)).toEqual([1, 2]);
  });

  it("never shows another member's rows", async () => {
    const owner = await member('KBANK', 70);
    const other = await member();
    expect(await rows(other)).toEqual({ total: 0, statements: [] });
    expect((await rows(owner)).total).toBe(1);
  });
});

describe('statement access and validation', () => {
  it('answers members only', async () => {
    const answer = await statement(null, { page: 1, limit: 10 });
    expect(answer.statusCode).toBe(401);
    expect(answer.json()).toEqual({ message: 'invalid-token' });
    const forged = await t.api({
      method: 'POST',
      url: '/api/statement',
      headers: bearer('not-a-token'),
      payload: { page: 1, limit: 10 },
    });
    expect(forged.statusCode).toBe(401);
  });

  it.each([
    [{ page: 0, limit: 10 }, { page: 'KEY_INVALID' }],
    [{ page: 1.5, limit: 10 }, { page: 'KEY_INVALID' }],
    [{ page: 100_001, limit: 10 }, { page: 'KEY_INVALID' }],
    [{ page: 1, limit: 0 }, { limit: 'KEY_INVALID' }],
    [{ page: 1, limit: 51 }, { limit: 'KEY_INVALID' }],
    [{ page: '1', limit: 10 }, { page: 'KEY_INVALID' }],
    [{ limit: 10 }, { page: 'KEY_MISSING' }],
    [{ page: 1 }, { limit: 'KEY_MISSING' }],
  ])('refuses %j', async (body, fields) => {
    const player = await member();
    const answer = await statement(player, body);
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toEqual({ message: Object.values(fields)[0], fields });
  });
});
