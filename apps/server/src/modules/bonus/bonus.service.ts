import { randomUUID } from 'node:crypto';
import type {
  BonusActiveResponse,
  BonusClearResponse,
  BonusItem,
  BonusMinimumResponse,
  BonusType,
  Promotion,
  UserBonus,
} from '@member-wallet/contract/bonus';
import type { Country, Locale } from '@member-wallet/contract/constants';
import { toMajor } from '@member-wallet/contract/money';
import type { FastifyBaseLogger } from 'fastify';
import type { Transaction } from 'kysely';
import type { Member } from '../../core/account/account.repository.ts';
import { type MemberFinder, sessionMember } from '../../core/account/session-member.ts';
import type { ProviderRegistry } from '../../core/games/provider-registry.ts';
import type { LedgerAccount } from '../../core/ledger/ledger.repository.ts';
import type { LedgerService } from '../../core/ledger/ledger.service.ts';
import type { PersonService } from '../../core/person/person.service.ts';
import type { Database, Db } from '../../db/database.ts';
import { transactionWithRetry } from '../../db/transaction.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { siteTimeZone } from '../../lib/local-calendar.ts';
import {
  type ActiveBonusGate,
  type BonusHistory,
  type RewardBonuses,
  type RewardDefinition,
  type RewardSource,
  type RewardStart,
  RUNNING_SPANS_MAX,
  type TimeSpan,
} from './active-bonus.ts';
import { type Ending, endBonus } from './bonus.cancel.ts';
import { claimIn } from './bonus.claims.ts';
import { countingSince } from './bonus.period.ts';
import { BonusMeter, type BonusProgress } from './bonus.progress.ts';
import type { BonusDefinition, BonusRepository, MemberBonus, NewBonusDefinition } from './bonus.repository.ts';
import { dueOnCancel, promotionOf, REWARD_NAMES, rewardDefinition, statementText, textIn } from './bonus.rules.ts';
import { runningSpans } from './bonus.spans.ts';

export type { BonusProgress } from './bonus.progress.ts';

export interface BonusServiceDeps {
  db: Db;
  ledger: LedgerService;
  repository: BonusRepository;
  members: MemberFinder;
  registry: ProviderRegistry;
  clock: Clock;
  country: Country;
  logger: FastifyBaseLogger;
  people: Pick<PersonService, 'accountsOf'>;
}

type Kind = 'bonus' | 'promotion';

/**
 * Bonuses and promotion codes (docs/promotions/bonuses.md): activation credits the bonus
 * from the bonus expense account once, the end condition is measured from the providers' bet records, and
 * cancelling early takes back percentFail of the bonus.
 */
export class BonusService implements ActiveBonusGate, BonusHistory, RewardBonuses {
  readonly #meter: BonusMeter;

  constructor(private readonly deps: BonusServiceDeps) {
    this.#meter = new BonusMeter(deps);
  }

  /** Adds a definition unless its code exists (demo seeding, tests, operators' scripts). */
  async define(definition: NewBonusDefinition): Promise<void> {
    await this.deps.repository.insertDefinitionIfAbsent(this.deps.db, definition);
  }

  async rewardDefinition(source: RewardSource, currency: string): Promise<RewardDefinition> {
    const { db, repository } = this.deps;
    const code = `${source.toUpperCase()}-${currency}`;
    await repository.insertDefinitionIfAbsent(db, rewardDefinition(code, currency, REWARD_NAMES[source]));
    const definition = await repository.findDefinitionOfAnyState(db, code);
    if (definition?.kind !== 'reward')
      throw new Error(`bonus code ${code} is taken by a definition of kind ${definition?.kind}`);
    return { id: definition.id, description: statementText(definition, this.deps.country) };
  }

  async startRewardIn(trx: Transaction<Database>, reward: RewardStart): Promise<void> {
    const inserted = await this.deps.repository.insertActive(trx, {
      public_id: randomUUID(),
      member_id: reward.memberId,
      bonus_id: reward.definitionId,
      status: 'active',
      amount_minor: reward.amountMinor,
      currency: reward.currency,
      deposit_entry_id: null,
      entry_id: reward.entryId,
      activated_at: this.deps.clock.now(),
      win_multiple: reward.terms.winMultiple,
      // Ends by itself only when nothing at all is left.
      end_below_minor: 1n,
      percent_fail: reward.terms.percentFail,
    });
    if (!inserted) throw new AppError('BONUS_REMAINING');
  }

  async hasActiveBonus(memberId: bigint): Promise<boolean> {
    return (await this.deps.repository.findActive(this.deps.db, memberId)) !== undefined;
  }

  async runningSpans(memberId: bigint, from: Date, to: Date): Promise<TimeSpan[]> {
    // One more than looked at: it tells whether more bonuses ran than the spans describe one by one.
    const runs = await this.deps.repository.listRunsBetween(this.deps.db, memberId, from, to, RUNNING_SPANS_MAX + 1);
    return runningSpans(runs, from, to);
  }

  async list(memberId: bigint, locale: Locale): Promise<BonusItem[]> {
    const { db, repository } = this.deps;
    const member = await this.member(memberId);
    const definitions = await repository.listDefinitions(db, 'bonus', member.currency);
    const rows = await repository.listReceived(
      db,
      memberId,
      definitions.map((definition) => definition.id),
    );
    return definitions.map((definition) => ({
      code: definition.code,
      type: definition.type,
      maxReceived: definition.max_received,
      percentFail: definition.percent_fail,
      banners: definition.banners.map((banner) => ({
        image: banner.image,
        html: typeof banner.html === 'string' ? banner.html : textIn(banner.html, locale, ''),
      })),
      name: textIn(definition.names, locale, definition.code),
      description: textIn(definition.descriptions, locale, ''),
      userBonus: this.userBonus(
        definition,
        rows.filter((row) => row.bonus_id === definition.id),
      ),
    }));
  }

  /** Activates a bonus of the grid (`bonus`) or a promotion code (`promotion`); answers the member's userBonus. */
  async activate(memberId: bigint, code: string, kind: Kind): Promise<UserBonus> {
    const { db, ledger, repository } = this.deps;
    const member = await this.member(memberId);
    const definition = await repository.findDefinition(db, code.toUpperCase());
    if (!definition || definition.kind !== kind || definition.currency !== member.currency) {
      throw kind === 'promotion' ? new AppError('NO_PROMOTION') : new AppError('NO_DATA');
    }
    // Named before the transaction: on PGlite's single connection nothing may run beside it.
    const wallet = await ledger.memberWallet(db, member.id, member.currency);
    const expense = await this.expenseAccount(member.currency);
    const created = await transactionWithRetry(db, (trx) =>
      claimIn(this.deps, trx, { member, definition, wallet, expense, kind }),
    );
    const rows = await repository.listReceived(db, memberId, [definition.id]);
    return this.userBonus(definition, rows) ?? this.userBonus(definition, [created]) ?? fail('no user bonus');
  }

  async checkActive(memberId: bigint): Promise<BonusActiveResponse> {
    const running = await this.running(memberId);
    return running ? { status: true, type: running.definition.type } : { status: false, type: null };
  }

  async checkMinimum(memberId: bigint): Promise<BonusMinimumResponse> {
    const member = await this.member(memberId);
    const running = await this.running(memberId);
    if (!running) {
      const total = await this.#meter.totalBalance(member);
      return { status: false, minimum: 0, balance: toMajor(total ?? 0n) };
    }
    const progress = await this.progress(member, running.row, running.definition);
    return {
      status: progress.belowFloor,
      minimum: toMajor(running.definition.end_below_minor),
      balance: toMajor(progress.totalBalanceMinor ?? 0n),
    };
  }

  /**
   * Ends the running bonus. Condition met, or the total balance under the bonus's floor: it is cleared and
   * nothing is taken back (`BONUS_CLEAR`). Otherwise it is cancelled and percentFail of it is taken back
   * from the wallet as a `finish_bonus` entry, at most what the wallet holds (`SUCCESS`).
   */
  /** Ends the running bonus; a cancel's answer names the bonus in `locale` and says why it took back what it did. */
  async clear(memberId: bigint, locale: Locale): Promise<BonusClearResponse> {
    const member = await this.member(memberId);
    const running = await this.running(memberId);
    if (!running) throw new AppError('NO_DATA');
    const progress = await this.progress(member, running.row, running.definition);
    if (progress.conditionMet || progress.belowFloor) {
      const ended = await this.end(member, running.row.id, running.definition, null);
      return ended ? { message: 'BONUS_CLEAR', takenBack: 0, fromGames: 0 } : this.alreadyEnded();
    }
    // What the cancel takes back is the bonus and percentFail of what was won with it, bounded by what the member
    // holds everywhere: without the providers' word on both it cannot be told, and nothing is cancelled (the
    // member tries again).
    const { totalBalanceMinor: holdingMinor, netWinMinor } = progress;
    if (holdingMinor === null || netWinMinor === null) throw new AppError('INTERNAL_SERVER_ERROR');
    const { amount_minor: bonusMinor, percent_fail: percentFail } = running.row;
    const dueMinor = dueOnCancel(bonusMinor, percentFail, netWinMinor);
    const ended = await this.end(member, running.row.id, running.definition, { holdingMinor, dueMinor });
    if (!ended) return this.alreadyEnded();
    const fromGames = ended.owed_minor;
    return {
      message: 'SUCCESS',
      takenBack: toMajor((ended.taken_back_minor ?? 0n) + fromGames),
      fromGames: toMajor(fromGames),
      name: textIn(running.definition.names, locale, running.definition.code),
      bonus: toMajor(bonusMinor),
      percentFail,
      won: toMajor(netWinMinor > 0n ? netWinMinor : 0n),
      due: toMajor(dueMinor),
    };
  }

  /**
   * Before a withdraw-all (docs/promotions/bonuses.md): a running bonus whose condition is met (or whose balance is
   * under its floor) is cleared, so the member leaves with everything; one whose condition is not met refuses
   * the withdrawal with `BONUS_CONDITION` (the member may cancel it first, percentFail applied).
   */
  async endForWithdrawAll(memberId: bigint): Promise<void> {
    const member = await this.member(memberId);
    const running = await this.running(memberId);
    if (!running) return;
    const progress = await this.progress(member, running.row, running.definition);
    if (!progress.conditionMet && !progress.belowFloor) throw new AppError('BONUS_CONDITION');
    await this.end(member, running.row.id, running.definition, null);
  }

  async findPromotion(code: string, locale: Locale): Promise<Promotion | null> {
    const definition = await this.deps.repository.findDefinition(this.deps.db, code.toUpperCase());
    if (definition?.kind !== 'promotion') return null;
    return promotionOf(definition, locale);
  }

  /** The promotion the member's running bonus came from, or null. */
  async currentPromotion(memberId: bigint, locale: Locale): Promise<Promotion | null> {
    const running = await this.running(memberId);
    if (running?.definition.kind !== 'promotion') return null;
    return promotionOf(running.definition, locale);
  }

  /** Winnings since activation and the total balance, from the providers; unknown parts never end a bonus. */
  progress(member: Member, row: MemberBonus, definition: BonusDefinition): Promise<BonusProgress> {
    return this.#meter.progress(member, row, definition);
  }

  /** Ends the running bonus once: `cancel` null clears it, else it is cancelled (bonus.cancel.ts). */
  private async end(
    member: Member,
    rowId: bigint,
    definition: BonusDefinition,
    cancel: Ending['cancel'],
  ): Promise<MemberBonus | undefined> {
    const wallet = await this.deps.ledger.memberWallet(this.deps.db, member.id, member.currency);
    const expense = await this.expenseAccount(member.currency);
    return endBonus(this.deps, { member, rowId, definition, wallet, expense, cancel });
  }

  private alreadyEnded(): never {
    throw new AppError('NO_DATA');
  }

  private async running(memberId: bigint): Promise<{ row: MemberBonus; definition: BonusDefinition } | undefined> {
    const row = await this.deps.repository.findActive(this.deps.db, memberId);
    if (!row) return undefined;
    const definition = await this.deps.repository.findDefinitionById(this.deps.db, row.bonus_id);
    if (!definition) throw new Error(`member bonus ${row.public_id} has no definition`);
    // Measured and ended by the terms it was received with (migration 0020), whatever the definition says now.
    const terms = {
      win_multiple: row.win_multiple,
      end_below_minor: row.end_below_minor,
      percent_fail: row.percent_fail,
    };
    return { row, definition: { ...definition, ...terms } };
  }

  /** The member's userBonus for a definition from their activations (newest first); null when there are none. */
  private userBonus(definition: BonusDefinition, rows: readonly MemberBonus[]): UserBonus | null {
    const [latest] = rows;
    if (!latest) return null;
    const since = countingSince(definition.type as BonusType, this.deps.clock.now(), siteTimeZone(this.deps.country));
    return {
      _id: latest.public_id,
      isActive: latest.status === 'active',
      received: rows
        .filter((row) => since === null || row.activated_at >= since)
        .map((row) => ({ updatedAt: row.activated_at.toISOString() })),
    };
  }

  private expenseAccount(currency: string): Promise<LedgerAccount> {
    return this.deps.ledger.ensureAccount(this.deps.db, {
      kind: 'bonus_expense',
      memberId: null,
      providerCode: null,
      currency,
    });
  }

  private member(memberId: bigint): Promise<Member> {
    return sessionMember(this.deps.members, memberId);
  }
}

function fail(message: string): never {
  throw new Error(message);
}
