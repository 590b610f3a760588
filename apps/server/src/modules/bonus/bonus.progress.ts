import type { FastifyBaseLogger } from 'fastify';
import type { Member } from '../../core/account/account.repository.ts';
import type { ProviderRegistry } from '../../core/games/provider-registry.ts';
import type { LedgerService } from '../../core/ledger/ledger.service.ts';
import type { Db } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import type { BonusDefinition, BonusRepository, MemberBonus } from './bonus.repository.ts';

/** What the provider records say about a running bonus; null where a provider could not be asked. */
export interface BonusProgress {
  /** The winnings paid since activation (the end condition's measure). */
  winMinor: bigint | null;
  /** The winnings less the stakes since activation: what was won with the bonus (a cancel's percentFail). */
  netWinMinor: bigint | null;
  totalBalanceMinor: bigint | null;
  conditionMet: boolean;
  belowFloor: boolean;
}

export interface BonusMeterDeps {
  db: Db;
  ledger: LedgerService;
  repository: BonusRepository;
  registry: ProviderRegistry;
  clock: Clock;
  logger: FastifyBaseLogger;
}

/**
 * Measures a running bonus against its end terms (docs/promotions/bonuses.md): the winnings since it was activated, from
 * the providers' bet records, and everything the member holds, wallet and game accounts.
 */
export class BonusMeter {
  constructor(private readonly deps: BonusMeterDeps) {}

  /** Winnings since activation and the total balance, from the providers; unknown parts never end a bonus. */
  async progress(member: Member, row: MemberBonus, definition: BonusDefinition): Promise<BonusProgress> {
    const accounts = await this.deps.repository.listGameAccounts(this.deps.db, member.id);
    const now = this.deps.clock.now();
    let winMinor: bigint | null = 0n;
    let netWinMinor: bigint | null = 0n;
    let played = false;
    for (const account of accounts) {
      const provider = this.deps.registry.for(account);
      try {
        if (!provider) throw new Error(`provider ${account.code} is not reachable as configured`);
        const summary = await provider.betSummary(account.username, row.activated_at, now);
        if (winMinor !== null) winMinor += summary.winMinor;
        if (netWinMinor !== null) netWinMinor += summary.winMinor - summary.stakeMinor;
        if (summary.stakeMinor > 0n) played = true;
      } catch (error) {
        this.deps.logger.warn({ err: error, provider: account.code }, 'bet records unavailable for a bonus');
        winMinor = null;
        netWinMinor = null;
      }
    }
    const totalBalanceMinor = await this.totalBalance(member);
    const target = row.amount_minor * BigInt(definition.win_multiple);
    return {
      winMinor,
      netWinMinor,
      totalBalanceMinor,
      conditionMet: winMinor !== null && winMinor > target,
      // The floor ends a bonus free only once it was played: unplayed, a floor above what the member holds would
      // pay the bonus out (issue 39), and a cancel takes it back instead.
      belowFloor: played && totalBalanceMinor !== null && totalBalanceMinor < definition.end_below_minor,
    };
  }

  /**
   * The wallet, each game account's balance at its provider, and the money of transfers still under way between
   * them; null when a provider cannot be asked. Our side is read again after the providers: a transfer that
   * started or ended meanwhile may be on neither side of one reading, so the reading is taken again, up to
   * MEASURES times; null when it never holds still (the member tries again).
   */
  async totalBalance(member: Member): Promise<bigint | null> {
    let before = await this.ourSide(member);
    for (let measure = 0; measure < MEASURES; measure++) {
      const atProviders = await this.providersBalance(member);
      if (atProviders === null) return null;
      const after = await this.ourSide(member);
      if (sameSide(before, after)) return after.walletMinor + after.openMinor + atProviders;
      before = after;
    }
    return null;
  }

  private async ourSide(member: Member): Promise<OurSide> {
    const { db, ledger, repository } = this.deps;
    const wallet = await ledger.memberWallet(db, member.id, member.currency);
    const walletMinor = await ledger.balanceOf(db, wallet.id);
    return { walletMinor, ...(await repository.transfersUnderWay(db, member.id)) };
  }

  private async providersBalance(member: Member): Promise<bigint | null> {
    const { db, repository, registry, logger } = this.deps;
    let total = 0n;
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
}

/** How many times a member's holding is measured before a cancel gives up on it moving under every reading. */
const MEASURES = 5;

/** The wallet's balance and the transfers under way, as one reading of our side saw them. */
interface OurSide {
  walletMinor: bigint;
  openMinor: bigint;
  count: number;
}

function sameSide(a: OurSide, b: OurSide): boolean {
  return a.walletMinor === b.walletMinor && a.openMinor === b.openMinor && a.count === b.count;
}
