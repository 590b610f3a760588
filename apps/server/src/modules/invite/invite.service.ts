import type { InviteReviewStatus } from '@member-wallet/contract/backoffice/invite-reviews';
import type {
  InviteBonusResponse,
  InviteItemStatus,
  InviteListRequest,
  InviteListResponse,
} from '@member-wallet/contract/invite';
import { toMajor, toMinor } from '@member-wallet/contract/money';
import type { Transaction } from 'kysely';
import type { Member } from '../../core/account/account.repository.ts';
import { type MemberFinder, sessionMember } from '../../core/account/session-member.ts';
import type { LedgerService } from '../../core/ledger/ledger.service.ts';
import type { AuditLog } from '../../core/operator/audit-log.ts';
import type { PersonRepository } from '../../core/person/person.repository.ts';
import type { SettingsService } from '../../core/settings/settings.service.ts';
import type { Database, Db } from '../../db/database.ts';
import type { InviteAccrualState } from '../../db/tables/promotions.table.ts';
import { transactionWithRetry } from '../../db/transaction.ts';
import { type Clock, MINUTE_MS } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { DAY_MS, localDayStart, zoneOffsetMs } from '../../lib/local-calendar.ts';
import type { InviteeDay, InviteRepository } from './invite.repository.ts';
import { matchesOf, nextReview } from './invite.screening.ts';
import { basisPoints, type InviteSettings, readInviteSettings } from './invite.settings.ts';

/** A day is accrued this long after it ends, so entries committed around midnight are in. */
export const ACCRUAL_GRACE_MS = 10 * MINUTE_MS;
/** Inviters brought up to date per background pass. */
const ACCRUAL_BATCH_MAX = 100;
const BASIS = 10_000n;
/** The statement's description of a collection (spec section 3: the `invite` source). */
export const INVITE_DESCRIPTION = 'Invite a friend';

/** The server itself, as the audit log names it when a screening holds a link. */
const SYSTEM = { operatorId: null, username: 'system' } as const;

export interface InviteServiceDeps {
  db: Db;
  audit: AuditLog;
  repository: InviteRepository;
  ledger: LedgerService;
  settings: SettingsService;
  members: MemberFinder;
  clock: Clock;
  timeZone: string;
  /** The accounts linked to a member as one person (docs/accounts.md): no commission passes between them. */
  people: Pick<PersonRepository, 'linkedIds'>;
}

/** One day's accrual: `basisMinor` is how far the day lifted the invitee's cumulative net above the mark. */
export interface AccrualAboveMark {
  inviteeId: bigint;
  dayNumber: bigint;
  basisMinor: bigint;
  amountMinor: bigint;
}

/**
 * The high-water mark rule (docs/promotions/invite.md): a day accrues `rate` (basis points) of how far
 * the invitee's cumulative net deposits at its end stand above the cumulative already accrued on, and then the
 * mark is that cumulative. Money withdrawn and deposited again only climbs back to the mark, so it earns nothing
 * twice. A day whose commission rounds down to nothing leaves the mark where it was, so its basis still counts.
 * `before` is each invitee's cumulative before the first day of `days`, `paidOn` each invitee's mark.
 */
export function accrualsAboveMark(
  days: readonly InviteeDay[],
  before: ReadonlyMap<bigint, bigint>,
  paidOn: ReadonlyMap<bigint, bigint>,
  rate: bigint,
): AccrualAboveMark[] {
  const ordered = [...days].sort((a, b) =>
    a.inviteeId === b.inviteeId ? Number(a.dayNumber - b.dayNumber) : a.inviteeId < b.inviteeId ? -1 : 1,
  );
  const cumulative = new Map(before);
  const mark = new Map(paidOn);
  const accruals: AccrualAboveMark[] = [];
  for (const day of ordered) {
    const total = (cumulative.get(day.inviteeId) ?? 0n) + day.netMinor;
    cumulative.set(day.inviteeId, total);
    const basis = total - (mark.get(day.inviteeId) ?? 0n);
    const amount = basis > 0n ? (basis * rate) / BASIS : 0n;
    if (amount <= 0n) continue;
    accruals.push({ inviteeId: day.inviteeId, dayNumber: day.dayNumber, basisMinor: basis, amountMinor: amount });
    mark.set(day.inviteeId, total);
  }
  return accruals;
}

/** The member's view of an accrual (contract `INVITE_ITEM_STATUSES`). */
function itemStatus(row: { collection_id: bigint | null; state: InviteAccrualState }): InviteItemStatus {
  if (row.collection_id !== null) return 'collected';
  if (row.state === 'held') return 'held';
  if (row.state === 'forfeited') return 'forfeited';
  return 'collectable';
}

/** What `GET /api/wallet` shows of the programme: the collectable amount and the collection's split. */
export interface WalletInvite {
  amount: number;
  success: number;
  fail: number;
}

/**
 * Invite a friend (docs/promotions/invite.md): accrues to each inviter a share of how far each invitee's cumulative net
 * deposits rise above what was already accrued on (per closed local day, once per invitee and day), holds the
 * links that look like self-referral for an operator's review, lists the accruals, and collects the collectable
 * ones into the wallet once, whatever the number of concurrent requests.
 */
export class InviteService {
  constructor(private readonly deps: InviteServiceDeps) {}

  settings(): Promise<InviteSettings> {
    return readInviteSettings(this.deps.settings);
  }

  async walletInvite(memberId: bigint): Promise<WalletInvite> {
    const settings = await this.settings();
    const member = await this.member(memberId);
    if (settings.enabled) await this.accrue(member, settings);
    const amount = await this.deps.repository.uncollectedMinor(this.deps.db, memberId, member.currency);
    return { amount: toMajor(amount), success: settings.successPercent, fail: 100 - settings.successPercent };
  }

  async list(memberId: bigint, request: InviteListRequest): Promise<InviteListResponse> {
    const settings = await this.settings();
    if (settings.enabled) await this.accrue(await this.member(memberId), settings);
    const { total, rows } = await this.deps.repository.page(
      memberId,
      (request.page - 1) * request.limit,
      request.limit,
    );
    return {
      total,
      invites: rows.map((row) => ({
        from: { name: row.name },
        amount: toMajor(row.amount_minor),
        createdAt: row.day_start.toISOString(),
        collected: row.collection_id !== null,
        status: itemStatus(row),
      })),
    };
  }

  /** The last local day that has closed (plus the grace) starts before this instant. */
  accrualTarget(): Date {
    return localDayStart(new Date(this.deps.clock.now().getTime() - ACCRUAL_GRACE_MS), this.deps.timeZone);
  }

  /**
   * Accrues every closed day of the inviter's invitees not accrued yet. The cursor row is locked, so two passes
   * for one inviter run one after the other, and (invitee, day) is unique, so no day accrues twice. Each pass
   * first screens the inviter's links for self-referral (`screen`); `screen: true` screens even when no day is
   * due, as a collection does. Held links' accruals are recorded held; rejected links accrue nothing.
   */
  async accrue(inviter: Member, settings: InviteSettings, options: { screen?: boolean } = {}): Promise<void> {
    const { db, repository, clock, timeZone } = this.deps;
    const target = this.accrualTarget();
    if (!options.screen) {
      const known = await repository.accruedUntil(db, inviter.id);
      if (known && known >= target) return;
    }
    const rate = basisPoints(settings.percent);
    const offsetMs = zoneOffsetMs(target, timeZone);
    await transactionWithRetry(db, async (trx) => {
      const from = await this.lockCursor(trx, inviter);
      const links = await this.screen(trx, inviter);
      if (from >= target) return;
      const query = { inviterId: inviter.id, currency: inviter.currency };
      const days = await repository.inviteeDays(trx, { ...query, from, to: target, offsetSeconds: offsetMs / 1000 });
      const before = await repository.inviteeNetBefore(trx, { ...query, before: from });
      const now = clock.now();
      const accruals = accrualsAboveMark(days, before, await repository.paidOn(trx, inviter.id), rate);
      const rows = accruals.flatMap((accrual) => {
        const link = links.get(accrual.inviteeId);
        if (link === 'rejected') return [];
        return [
          {
            inviter_id: inviter.id,
            invitee_id: accrual.inviteeId,
            day_start: new Date(Number(accrual.dayNumber) * DAY_MS - offsetMs),
            currency: inviter.currency,
            net_deposit_minor: accrual.basisMinor,
            amount_minor: accrual.amountMinor,
            state: link === 'held' ? ('held' as const) : ('open' as const),
            created_at: now,
          },
        ];
      });
      await repository.insertAccruals(trx, rows);
      await repository.moveCursor(trx, inviter.id, target);
    });
  }

  /**
   * The inviter's programme row, locked until the transaction ends: every change to the inviter's accruals and
   * links (a pass, a collection, an operator's decision) takes it first, so they happen one after the other.
   */
  lockCursor(trx: Transaction<Database>, inviter: Pick<Member, 'id' | 'created_at'>): Promise<Date> {
    return this.deps.repository.lockCursor(trx, inviter.id, localDayStart(inviter.created_at, this.deps.timeZone));
  }

  /** An operator's decision on a held link (invite.backoffice.service.ts): its held accruals become open or forfeited. */
  moveHeldAccruals(trx: Transaction<Database>, inviteeId: bigint, to: 'open' | 'forfeited'): Promise<void> {
    return this.deps.repository.moveAccruals(trx, inviteeId, 'held', to);
  }

  /**
   * Self-referral screening (docs/promotions/invite.md, Links held for review), under the inviter's cursor lock: each
   * invitee that matches the inviter (bank account name or number, a shared device, the registration address)
   * is held, with its uncollected accruals; every hold is in the audit log (actor `system`). An invitee linked to
   * the inviter as one person counts as rejected. Answers each reviewed link's status after it.
   */
  private async screen(trx: Transaction<Database>, inviter: Member): Promise<Map<bigint, InviteReviewStatus>> {
    const { repository, audit, clock } = this.deps;
    const reviews = await repository.reviews(trx, inviter.id);
    const now = clock.now();
    const invitees = await repository.screenedInvitees(trx, inviter.id, inviter.currency);
    for (const invitee of invitees) {
      const before = reviews.get(invitee.id);
      const after = nextReview(before, matchesOf(inviter, invitee));
      if (!after) continue;
      await repository.hold(trx, {
        invitee_id: invitee.id,
        inviter_id: inviter.id,
        reasons: after.reasons,
        held_at: now,
      });
      await repository.moveAccruals(trx, invitee.id, 'open', 'held');
      await audit.record(
        trx,
        { actor: SYSTEM, action: 'invite_link.hold', target: `invite_link:${invitee.public_id}`, before, after },
        now,
      );
      reviews.set(invitee.id, after);
    }
    const statuses = new Map([...reviews].map(([id, review]) => [id, review.status]));
    // An invitee linked to the inviter as one person earns nothing, and what it earned before is forfeited.
    const person = new Set(await this.deps.people.linkedIds(trx, inviter.id));
    for (const invitee of invitees.filter((candidate) => person.has(candidate.id))) {
      await repository.moveAccruals(trx, invitee.id, 'open', 'forfeited');
      await repository.moveAccruals(trx, invitee.id, 'held', 'forfeited');
      statuses.set(invitee.id, 'rejected');
    }
    return statuses;
  }

  /** The background pass: brings up to a batch of inviters up to date. Answers how many it looked at. */
  async accrueDue(): Promise<number> {
    const settings = await this.settings();
    if (!settings.enabled) return 0;
    const inviters = await this.deps.repository.invitersBehind(this.accrualTarget(), ACCRUAL_BATCH_MAX);
    for (const id of inviters) {
      const inviter = await this.deps.members.findById(id);
      if (inviter) await this.accrue(inviter, settings);
    }
    return inviters.length;
  }

  /**
   * `GET /api/invite/bonus`: every uncollected accrual at once. The success share goes to the wallet
   * (invite_expense -> wallet, a `bonus` entry with an `invite` description), the fail share is forfeited.
   */
  async collect(memberId: bigint): Promise<InviteBonusResponse> {
    const { db, repository, ledger, clock } = this.deps;
    const settings = await this.settings();
    if (!settings.enabled) throw new AppError('INVITE_INACTIVE');
    const member = await this.member(memberId);
    // Screened even when no day is due: a match found since the last pass holds its accruals before any is paid.
    await this.accrue(member, settings, { screen: true });
    // Named before the transaction: on PGlite's single connection nothing may run beside it.
    const wallet = await ledger.memberWallet(db, member.id, member.currency);
    const expense = await ledger.ensureAccount(db, {
      kind: 'invite_expense',
      memberId: null,
      providerCode: null,
      currency: member.currency,
    });
    const minimum = toMinor(settings.collectMinimum);
    const paid = await transactionWithRetry(db, async (trx) => {
      await this.lockCursor(trx, member);
      const accruals = await repository.lockUncollected(trx, member.id, member.currency);
      const accrued = accruals.reduce((sum, row) => sum + row.amount_minor, 0n);
      if (accrued === 0n) throw await this.nothingToCollect(trx, member.id);
      if (accrued <= minimum) throw new AppError('INVITE_COLLECT');
      const share = (accrued * BigInt(Math.round(settings.successPercent * 100))) / BASIS;
      if (share <= 0n) throw new AppError('INVITE_BONUS_FAIL');
      const collectionId = await repository.insertCollection(trx, {
        member_id: member.id,
        currency: member.currency,
        accrued_minor: accrued,
        paid_minor: share,
        forfeited_minor: accrued - share,
        created_at: clock.now(),
      });
      const posted = await ledger.creditReward(trx, {
        memberId: member.id,
        idempotencyKey: `invite-collection:${collectionId}`,
        reference: { invite: { description: INVITE_DESCRIPTION }, collection: String(collectionId) },
        // The programme's clock, which the sandbox may stand at another time.
        at: clock.now(),
        from: expense.id,
        to: wallet.id,
        amountMinor: share,
      });
      await repository.finishCollection(
        trx,
        collectionId,
        accruals.map((row) => row.id),
        posted.entry.id,
      );
      return { share, forfeited: accrued - share };
    });
    return {
      message: 'INVITE_BONUS_SUCCESS',
      amount: toMajor(paid.share),
      forfeited: toMajor(paid.forfeited),
      wallet: { amount: toMajor(await ledger.balanceOf(db, wallet.id)) },
    };
  }

  /** Why nothing is collectable: accruals held for review, all collected, or none ever. */
  private async nothingToCollect(trx: Transaction<Database>, memberId: bigint): Promise<AppError> {
    if (await this.deps.repository.hasAccruals(trx, memberId, 'held')) return new AppError('INVITE_UNDER_REVIEW');
    if (await this.deps.repository.hasAccruals(trx, memberId)) return new AppError('NO_INVITE_BONUS');
    return new AppError('NO_INVITEE_PLAY_INFO');
  }

  private member(memberId: bigint): Promise<Member> {
    return sessionMember(this.deps.members, memberId);
  }
}
