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
import { type Country, defaultLocaleFor, type Locale } from '@member-wallet/contract/constants';
import { toMajor } from '@member-wallet/contract/money';
import type { FastifyBaseLogger } from 'fastify';
import type { Transaction } from 'kysely';
import type { Database, Db } from '../../db/database.ts';
import { transactionWithRetry } from '../../db/transaction.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { siteTimeZone } from '../../lib/local-calendar.ts';
import type { Member } from '../account/account.repository.ts';
import { type MemberFinder, sessionMember } from '../account/session-member.ts';
import type { ProviderRegistry } from '../games/provider-registry.ts';
import type { LedgerAccount, LedgerRepository } from '../ledger/ledger.repository.ts';
import type { JsonValue, LedgerService } from '../ledger/ledger.service.ts';
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
import { countingSince } from './bonus.period.ts';
import type { BonusDefinition, BonusRepository, MemberBonus, NewBonusDefinition } from './bonus.repository.ts';
import { runningSpans } from './bonus.spans.ts';

const HOUR_MS = 60 * 60 * 1000;

export interface BonusServiceDeps {
  db: Db;
  ledger: LedgerService;
  ledgerRepository: LedgerRepository;
  repository: BonusRepository;
  members: MemberFinder;
  registry: ProviderRegistry;
  clock: Clock;
  country: Country;
  logger: FastifyBaseLogger;
}

/** What the provider records say about a running bonus; null where a provider could not be asked. */
export interface BonusProgress {
  winMinor: bigint | null;
  totalBalanceMinor: bigint | null;
  conditionMet: boolean;
  belowFloor: boolean;
}

type Kind = 'bonus' | 'promotion';

/** Bonus amount from its rule: a fixed amount, or a percentage of the qualifying deposit, floored, capped. */
export function bonusAmount(definition: BonusDefinition, depositMinor: bigint | null): bigint {
  if (definition.amount_rule === 'fixed') return definition.amount_minor ?? 0n;
  const percent = BigInt(definition.deposit_percent ?? 0);
  const raw = ((depositMinor ?? 0n) * percent) / 100n;
  const cap = definition.amount_cap_minor ?? raw;
  return raw < cap ? raw : cap;
}

/**
 * What cancelling takes back (docs/promotions/bonuses.md, "Where the bonus money goes"): percentFail % of the bonus,
 * floored to the minor unit, at most what the member holds in the wallet and the game accounts together. The
 * wallet pays first; the rest is owed and paid by the money that comes back from the game accounts.
 */
export function takeBack(
  bonusMinor: bigint,
  percentFail: number,
  walletMinor: bigint,
  totalMinor: bigint,
): { fromWallet: bigint; owed: bigint } {
  const wanted = (bonusMinor * BigInt(percentFail)) / 100n;
  const total = min(wanted, totalMinor > 0n ? totalMinor : 0n);
  const fromWallet = min(total, walletMinor > 0n ? walletMinor : 0n);
  return { fromWallet, owed: total - fromWallet };
}

function min(a: bigint, b: bigint): bigint {
  return a < b ? a : b;
}

/**
 * Bonuses and promotion codes (docs/promotions/bonuses.md): activation credits the bonus
 * from the bonus expense account once, the end condition is measured from the providers' bet records, and
 * cancelling early takes back percentFail of the bonus.
 */
export class BonusService implements ActiveBonusGate, BonusHistory, RewardBonuses {
  constructor(private readonly deps: BonusServiceDeps) {}

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
    return { id: definition.id, description: this.statementText(definition) };
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
    if (!inserted) throw new AppError('BONUS_REMAINING', 409);
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
      throw kind === 'promotion' ? new AppError('NO_PROMOTION', 404) : new AppError('NO_DATA', 404);
    }
    // Named before the transaction: on PGlite's single connection nothing may run beside it.
    const wallet = await ledger.memberWallet(db, member.id, member.currency);
    const expense = await this.expenseAccount(member.currency);
    const created = await transactionWithRetry(db, (trx) =>
      this.activateIn(trx, { member, definition, wallet, expense, kind }),
    );
    const rows = await repository.listReceived(db, memberId, [definition.id]);
    return this.userBonus(definition, rows) ?? this.userBonus(definition, [created]) ?? fail('no user bonus');
  }

  private async activateIn(
    trx: Transaction<Database>,
    input: { member: Member; definition: BonusDefinition; wallet: LedgerAccount; expense: LedgerAccount; kind: Kind },
  ): Promise<MemberBonus> {
    const { repository, ledger, clock } = this.deps;
    const { member, definition, wallet, expense, kind } = input;
    // The definition's row is the lock every activation of this bonus takes: counts cannot race past limits.
    await trx.selectFrom('bonuses').select('id').where('id', '=', definition.id).forUpdate().execute();
    if (await repository.lockActive(trx, member.id)) throw new AppError('BONUS_ALREADY_ACTIVE', 409);
    const now = clock.now();
    const since = countingSince(definition.type, now, siteTimeZone(this.deps.country));
    if ((await repository.countReceived(trx, member.id, definition.id, since)) >= definition.max_received) {
      throw new AppError(kind === 'promotion' ? 'PROMOTION_RECEIVED' : 'BONUS_MAX_CLAIMED', 409);
    }
    if (definition.total_max !== null && (await repository.countAll(trx, definition.id)) >= definition.total_max) {
      throw new AppError('BONUS_FULL', 409);
    }
    let deposit: { entryId: bigint; amountMinor: bigint } | undefined;
    if (definition.amount_rule === 'deposit_percent') {
      const windowStart = new Date(now.getTime() - (definition.deposit_window_hours ?? 0) * HOUR_MS);
      deposit = await repository.findQualifyingDeposit(trx, member.id, wallet.id, windowStart);
      if (!deposit) throw new AppError('BONUS_CONDITION', 409);
    }
    const amount = bonusAmount(definition, deposit?.amountMinor ?? null);
    if (amount <= 0n) throw new AppError('BONUS_CONDITION', 409);
    const publicId = randomUUID();
    const posted = await ledger.post(trx, {
      memberId: member.id,
      type: 'bonus',
      status: 'completed',
      idempotencyKey: `bonus:${publicId}`,
      reference: { [kind]: { description: this.statementText(definition) }, bonusCode: definition.code },
      postings: [
        { account: expense.id, amount: -amount },
        { account: wallet.id, amount },
      ],
    });
    const inserted = await repository.insertActive(trx, {
      public_id: publicId,
      member_id: member.id,
      bonus_id: definition.id,
      status: 'active',
      amount_minor: amount,
      currency: member.currency,
      deposit_entry_id: deposit?.entryId ?? null,
      entry_id: posted.entry.id,
      activated_at: now,
      // The end terms travel with the received bonus: an operator's later change of the definition leaves them.
      win_multiple: definition.win_multiple,
      end_below_minor: definition.end_below_minor,
      percent_fail: definition.percent_fail,
    });
    // Another activation of this member won the unique index: this transaction (and its credit) is undone.
    if (!inserted) throw new AppError('BONUS_ALREADY_ACTIVE', 409);
    return inserted;
  }

  async checkActive(memberId: bigint): Promise<BonusActiveResponse> {
    const running = await this.running(memberId);
    return running ? { status: true, type: running.definition.type } : { status: false, type: null };
  }

  async checkMinimum(memberId: bigint): Promise<BonusMinimumResponse> {
    const member = await this.member(memberId);
    const running = await this.running(memberId);
    if (!running) {
      const total = await this.totalBalance(member);
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
  async clear(memberId: bigint): Promise<BonusClearResponse> {
    const member = await this.member(memberId);
    const running = await this.running(memberId);
    if (!running) throw new AppError('NO_DATA', 404);
    const progress = await this.progress(member, running.row, running.definition);
    if (progress.conditionMet || progress.belowFloor) {
      const ended = await this.end(member, running.row.id, running.definition, null);
      return ended ? { message: 'BONUS_CLEAR', takenBack: 0, fromGames: 0 } : this.alreadyEnded();
    }
    // What the cancel takes back is bounded by what the member holds everywhere: without the providers' word on
    // the game accounts it cannot be told, and nothing is cancelled (the member tries again).
    if (progress.totalBalanceMinor === null) throw new AppError('INTERNAL_SERVER_ERROR', 503);
    const ended = await this.end(member, running.row.id, running.definition, progress.totalBalanceMinor);
    if (!ended) return this.alreadyEnded();
    const fromGames = ended.owed_minor;
    return {
      message: 'SUCCESS',
      takenBack: toMajor((ended.taken_back_minor ?? 0n) + fromGames),
      fromGames: toMajor(fromGames),
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
    if (!progress.conditionMet && !progress.belowFloor) throw new AppError('BONUS_CONDITION', 409);
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
  async progress(member: Member, row: MemberBonus, definition: BonusDefinition): Promise<BonusProgress> {
    const accounts = await this.deps.repository.listGameAccounts(this.deps.db, member.id);
    const now = this.deps.clock.now();
    let winMinor: bigint | null = 0n;
    for (const account of accounts) {
      const provider = this.deps.registry.for(account);
      try {
        if (!provider) throw new Error(`provider ${account.code} is not reachable as configured`);
        const summary = await provider.betSummary(account.username, row.activated_at, now);
        if (winMinor !== null) winMinor += summary.winMinor;
      } catch (error) {
        this.deps.logger.warn({ err: error, provider: account.code }, 'bet records unavailable for a bonus');
        winMinor = null;
      }
    }
    const totalBalanceMinor = await this.totalBalance(member);
    const target = row.amount_minor * BigInt(definition.win_multiple);
    return {
      winMinor,
      totalBalanceMinor,
      conditionMet: winMinor !== null && winMinor > target,
      belowFloor: totalBalanceMinor !== null && totalBalanceMinor < definition.end_below_minor,
    };
  }

  /**
   * The wallet, each game account's balance at its provider, and the money of transfers still under way between
   * them; null when a provider cannot be asked.
   */
  private async totalBalance(member: Member): Promise<bigint | null> {
    const { db, ledger, repository, registry, logger } = this.deps;
    const wallet = await ledger.memberWallet(db, member.id, member.currency);
    let total = (await ledger.balanceOf(db, wallet.id)) + (await repository.openTransfersMinor(db, member.id));
    for (const account of await repository.listGameAccounts(db, member.id)) {
      const provider = registry.for(account);
      try {
        if (!provider) throw new Error(`provider ${account.code} is not reachable as configured`);
        total += await provider.balance(account.username);
      } catch (error) {
        logger.warn({ err: error, provider: account.code }, 'game balance unavailable for a bonus');
        return null;
      }
    }
    return total;
  }

  /**
   * Ends the running bonus once (the row is locked; a second request finds it ended and answers undefined).
   * `cancelHolding` null clears it; a number cancels it, taking back percentFail of it out of what the member
   * holds (`cancelHolding`, wallet and game accounts): the wallet's share now, the rest owed (`takeBack`).
   */
  private async end(
    member: Member,
    rowId: bigint,
    definition: BonusDefinition,
    cancelHolding: bigint | null,
  ): Promise<MemberBonus | undefined> {
    const { db, ledger, ledgerRepository, repository, clock } = this.deps;
    const wallet = await ledger.memberWallet(db, member.id, member.currency);
    const expense = await this.expenseAccount(member.currency);
    return transactionWithRetry(db, async (trx) => {
      const row = await repository.lockActive(trx, member.id);
      if (!row || row.id !== rowId) return undefined;
      const now = clock.now();
      if (cancelHolding === null) {
        return repository.markEnded(trx, row.id, {
          status: 'cleared',
          endEntryId: null,
          takenBackMinor: 0n,
          owedMinor: 0n,
          now,
        });
      }
      const [locked] = await ledgerRepository.lockAccounts(trx, [wallet.id]);
      const walletMinor = locked?.balance ?? 0n;
      // The holding was measured before this transaction; money moved since from a game into the wallet is in
      // both, so the wallet as locked now counts when it is larger.
      const holding = cancelHolding > walletMinor ? cancelHolding : walletMinor;
      const { fromWallet, owed } = takeBack(row.amount_minor, definition.percent_fail, walletMinor, holding);
      let endEntryId: bigint | null = null;
      if (fromWallet > 0n) {
        const posted = await ledger.post(trx, {
          memberId: member.id,
          type: 'finish_bonus',
          status: 'completed',
          idempotencyKey: `finish_bonus:${row.public_id}`,
          reference: await this.endReference(trx, row, definition),
          postings: [
            { account: wallet.id, amount: -fromWallet },
            { account: expense.id, amount: fromWallet },
          ],
        });
        endEntryId = posted.entry.id;
      }
      return repository.markEnded(trx, row.id, {
        status: 'cancelled',
        endEntryId,
        takenBackMinor: fromWallet,
        owedMinor: owed,
        now,
      });
    });
  }

  private alreadyEnded(): never {
    throw new AppError('NO_DATA', 404);
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

  /** A cancel's entry is described as the bonus's own: a reward's as the reward was (its entry's reference). */
  private async endReference(
    trx: Transaction<Database>,
    row: MemberBonus,
    definition: BonusDefinition,
  ): Promise<Record<string, JsonValue>> {
    if (definition.kind === 'reward') return this.deps.repository.entryReference(trx, row.entry_id);
    return { [definition.kind]: { description: this.statementText(definition) }, bonusCode: definition.code };
  }

  /** The statement's description: the bonus's name in the site's default language. */
  private statementText(definition: BonusDefinition): string {
    return textIn(definition.names, defaultLocaleFor(this.deps.country), definition.code);
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

/** The names of the definitions rewards run under: what the member's bonus page and statement call them. */
const REWARD_NAMES: Record<RewardSource, Record<Locale, string>> = {
  luckydraw: { th: 'รางวัลวงล้อนำโชค', lo: 'ລາງວັນວົງລໍ້ນຳໂຊກ', en: 'Lucky wheel prize' },
  adjustment: { th: 'โบนัสจากทีมงาน', lo: 'ໂບນັດຈາກທີມງານ', en: 'Bonus from our team' },
};

/**
 * The definition a reward runs under: never listed, never activated by a code (`active` false), its amount and
 * terms those of each reward's own `member_bonuses` row.
 */
function rewardDefinition(code: string, currency: string, names: Record<Locale, string>): NewBonusDefinition {
  return {
    code,
    kind: 'reward',
    type: 'limit',
    currency,
    max_received: 10_000,
    total_max: null,
    percent_fail: 100,
    amount_rule: 'fixed',
    amount_minor: 1n,
    deposit_percent: null,
    amount_cap_minor: null,
    deposit_window_hours: null,
    win_multiple: 1,
    end_below_minor: 1n,
    names: JSON.stringify(names),
    descriptions: JSON.stringify({ th: '', lo: '', en: '' }),
    banners: JSON.stringify([]),
    sort_order: 0,
    active: false,
  };
}

function textIn(texts: Record<string, string>, locale: Locale, fallback: string): string {
  return texts[locale] || texts.th || fallback;
}

function promotionOf(definition: BonusDefinition, locale: Locale): Promotion {
  return {
    code: definition.code,
    percentFail: definition.percent_fail,
    description: textIn(definition.descriptions, locale, textIn(definition.names, locale, definition.code)),
  };
}

function fail(message: string): never {
  throw new Error(message);
}
