import { randomUUID } from 'node:crypto';
import type { BonusCreateRequest } from '@member-wallet/contract/backoffice/promotions';
import { toMinor } from '@member-wallet/contract/money';
import { LedgerRepository } from '../src/core/ledger/ledger.repository.ts';
import { LedgerService } from '../src/core/ledger/ledger.service.ts';
import { ANY_LOCALE, SettingsRepository } from '../src/core/settings/settings.repository.ts';
import { localWeekStart } from '../src/lib/local-calendar.ts';
import type { Player } from './games.ts';
import { registerAndLogin, type TestApp } from './helpers.ts';

/** Test helpers of the promotions (invite, refund): settings, members with an inviter, the clock. */
export const BANGKOK = 'Asia/Bangkok';
export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;

export async function setSetting(t: TestApp, key: string, value: unknown, locale = ANY_LOCALE): Promise<void> {
  await new SettingsRepository(t.app.db).put(key, locale, value, t.clock.now());
}

/**
 * A registered, logged-in member, invited by `inviter` when given, with their public id. Each has a bank account
 * name of their own (and an address of their own), so an invitee matches its inviter only when a test says so
 * (docs/promotions/invite.md, Links held for review).
 */
export async function member(
  t: TestApp,
  overrides: Record<string, unknown> = {},
): Promise<Player & { publicId: string; name: string }> {
  const registered = await registerAndLogin(t, overrides);
  const row = await t.app.db
    .selectFrom('members')
    .select(['id'])
    .where('phone', '=', registered.username)
    .executeTakeFirstOrThrow();
  return {
    id: row.id,
    token: registered.token,
    phone: registered.username,
    publicId: registered.publicId,
    name: registered.name,
  };
}

/** Moves the test clock forward to `at` (a test clock never goes back). */
export function advanceTo(t: TestApp, at: Date): void {
  const delta = at.getTime() - t.clock.now().getTime();
  if (delta < 0) throw new Error(`the clock is already past ${at.toISOString()}`);
  t.clock.advance(delta);
}

/** The start of next week (Monday 00:00 in Bangkok) after the test clock's now. */
export function nextMonday(t: TestApp): Date {
  return new Date(localWeekStart(t.clock.now(), BANGKOK).getTime() + 7 * DAY);
}

/** A withdrawal's ledger movement (wallet -> withdrawal payable), as the withdraw module posts it. */
export async function withdrawal(t: TestApp, memberId: bigint, amount: number): Promise<void> {
  const ledger = new LedgerService({ repository: new LedgerRepository(), clock: t.clock });
  const db = t.app.db;
  const wallet = await ledger.memberWallet(db, memberId, 'BAHT');
  const payable = await ledger.ensureAccount(db, {
    kind: 'withdrawal_payable',
    memberId: null,
    providerCode: null,
    currency: 'BAHT',
  });
  await db.transaction().execute((trx) =>
    ledger.post(trx, {
      memberId,
      type: 'withdraw',
      status: 'completed',
      idempotencyKey: `test-withdrawal:${randomUUID()}`,
      postings: [
        { account: wallet.id, amount: -toMinor(amount) },
        { account: payable.id, amount: toMinor(amount) },
      ],
    }),
  );
}

/** A bonus definition as an admin creates it (`POST …/bonuses`): a fixed 100 baht, with `overrides`. */
export function bonusRequest(code: string, overrides: Partial<BonusCreateRequest> = {}): BonusCreateRequest {
  const name = code.trim().toUpperCase();
  return {
    code,
    kind: 'bonus',
    type: 'limit',
    currency: 'BAHT',
    maxReceived: 1,
    totalMax: null,
    percentFail: 50,
    amountRule: 'fixed',
    amountMinor: '10000',
    depositPercent: null,
    amountCapMinor: null,
    depositWindowHours: null,
    winMultiple: 2,
    endBelowMinor: '500',
    names: { th: `${name} ไทย`, lo: '', en: `${name} en` },
    descriptions: { th: 'รายละเอียด', lo: '', en: 'About it' },
    banners: [{ image: '/media/uploads/abc.png', html: '<p>hi</p>' }],
    sortOrder: 0,
    active: true,
    ...overrides,
  };
}

/** The terms of a definition as `PUT …/bonuses/:code` takes them: the request without its code and kind. */
export function termsOf(request: BonusCreateRequest) {
  const { code: _code, kind: _kind, ...terms } = request;
  return terms;
}
